import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning

/// App receipts made from the ledger: Apple's ASN.1 fields and types, what a device's receipt
/// holds, and the PKCS#7 signature checked against the store's root.
@Suite struct AppReceiptTests {
    let fixture: SigningFixture

    init() throws {
        fixture = try SigningFixture()
    }

    func receipt(_ buyer: Buyer = phone) throws -> AppReceipt {
        try fixture.store.appReceipt(for: buyer, signer: fixture.signer).receipt
    }

    @Test func aDeviceReceiptHoldsItsPurchasesButNotFinishedConsumablesNorFailedAttempts() throws {
        let comic = try fixture.buy(Rage.drummer)
        let trial = try fixture.buy(Rage.monthly)
        _ = try fixture.buy(Rage.face)
        _ = try fixture.store.purchase(Rage.nightly, buyer: phone, storefront: "USA", simulate: .fail)
        let made = try receipt()
        #expect(made.bundleID == "com.example.rage" && made.kind == .sandbox)
        #expect(made.inApp.map(\.transactionID) == [comic.id, trial.id])
        let subscription = try #require(made.inApp.last)
        #expect(subscription.isTrialPeriod && !subscription.isInIntroductoryOfferPeriod)
        #expect(subscription.subscriptionExpirationDate == trial.expiresDate)
        #expect(subscription.webOrderLineItemID == Int64(trial.id))
        #expect(made.inApp.first?.webOrderLineItemID == nil && made.inApp.first?.subscriptionExpirationDate == nil)
        #expect(try receipt(tablet).inApp.isEmpty, "nothing was delivered to the tablet")
    }

    @Test func aRefundedPurchaseCarriesItsCancellationDate() throws {
        let comic = try fixture.buy(Rage.drummer)
        fixture.stores.clock.advance(by: 3600)
        _ = try fixture.store.refund(comic.id)
        let entry = try #require(try receipt().inApp.first)
        #expect(entry.cancellationDate == fixture.stores.clock.now())
    }

    @Test("a period an upgrade replaced, paid ahead or running, is cancelled at the upgrade's purchase, as Apple's receipts date it (before: no date)")
    func aReplacedPeriodIsCancelledAtTheUpgrade() throws {
        let monthly = try fixture.buy(Rage.monthly)
        fixture.stores.clock.advance(by: 3600)
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        let ahead = try #require(fixture.store.snapshot.transactions(of: phone.account).last)
        fixture.stores.clock.advance(by: 3600)
        let yearly = try fixture.buy(Rage.yearly)
        #expect(ahead.id != monthly.id && ahead.originalID == monthly.id)
        let entries = Dictionary(try receipt().inApp.map { ($0.transactionID, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(entries[monthly.id]?.cancellationDate == yearly.purchaseDate)
        #expect(entries[ahead.id]?.cancellationDate == yearly.purchaseDate)
        #expect(entries[yearly.id]?.cancellationDate == nil, "the upgrade itself is in force")
    }

    @Test("the periods running and paid ahead when the refund of a later one revoked the subscription are cancelled with it (before: they read as in force)")
    func periodsARefundRevokedAreCancelledAtTheRefund() throws {
        let monthly = try fixture.buy(Rage.monthly)
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        let periods = fixture.store.snapshot.transactions(of: phone.account)
        #expect(periods.count == 3 && periods.allSatisfy { $0.originalID == monthly.id }, "\(periods)")
        fixture.stores.clock.advance(by: 3600)
        _ = try fixture.store.refund(periods[2].id)
        let refundedAt = fixture.stores.clock.now()
        #expect(fixture.store.snapshot.subscriptions[monthly.id]?.status == .revoked)
        let entries = try receipt().inApp
        #expect(entries.map(\.transactionID) == periods.map(\.id))
        #expect(entries.map(\.cancellationDate) == [refundedAt, refundedAt, refundedAt], "running, paid ahead, refunded")
    }

    @Test("a refund that leaves the subscription in force cancels only its own period")
    func aRefundThatDoesNotRevokeCancelsOnlyItsPeriod() throws {
        let monthly = try fixture.buy(Rage.monthly)
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        _ = try fixture.store.refund(monthly.id)
        #expect(fixture.store.snapshot.subscriptions[monthly.id]?.status == .subscribed)
        let entries = try receipt().inApp
        #expect(entries.map { $0.cancellationDate != nil } == [true, false], "\(entries)")
    }

    @Test func theProductionEnvironmentIssuesProductionReceipts() throws {
        try fixture.store.set(.environment, to: "Production", for: phone)
        #expect(try receipt().kind == .production)
    }

    @Test func theFieldsHaveApplesNumbersAndASN1Types() throws {
        _ = try fixture.buy(Rage.monthly)
        let made = try receipt()
        let fields = Dictionary(try AppReceipt.attributes(of: made.der[...], context: "test"), uniquingKeysWith: { first, _ in first })
        #expect(Set(fields.keys) == [0, 2, 3, 4, 5, 12, 17, 19])
        #expect(fields[0]?.first == DERTag.utf8String && fields[2]?.first == DERTag.utf8String)
        #expect(fields[12]?.first == DERTag.ia5String && fields[19]?.first == DERTag.utf8String)
        #expect(fields[5]?.count == SHA1.digestByteCount)
        let entry = Dictionary(try AppReceipt.attributes(of: try #require(fields[17]), context: "test"),
                               uniquingKeysWith: { first, _ in first })
        #expect(entry[1701]?.first == DERTag.integer && entry[1711]?.first == DERTag.integer && entry[1719]?.first == DERTag.integer)
        for text in [1702, 1703, 1705] as [Int64] { #expect(entry[text]?.first == DERTag.utf8String, "\(text)") }
        for date in [1704, 1706, 1708] as [Int64] { #expect(entry[date]?.first == DERTag.ia5String, "\(date)") }
        #expect(try AppReceipt(der: made.der) == made)
    }

    @Test func oneLedgerStateGivesOnePayloadWhateverTheProcess() throws {
        _ = try fixture.buy(Rage.monthly)
        let other = try fixture.stores.store()
        let date = fixture.stores.clock.now()
        let first = try AppReceipt(state: fixture.store.snapshot, catalog: fixture.store.catalog, buyer: phone,
                                   environment: .sandbox, creationDate: date)
        let second = try AppReceipt(state: other.snapshot, catalog: other.catalog, buyer: phone,
                                    environment: .sandbox, creationDate: date)
        #expect(first.der == second.der)
    }

    @Test func theStoreFindsTheAccountAndDeviceAReceiptWasMadeFor() throws {
        _ = try fixture.buy(Rage.drummer)
        _ = try fixture.store.restore(tablet)
        #expect(try receipt(tablet).buyer(in: fixture.store.snapshot) == tablet)
        #expect(try receipt(phone).buyer(in: fixture.store.snapshot) == phone)
    }

    @Test func aSignedReceiptChecksUnderItsOwnRootOnly() throws {
        _ = try fixture.buy(Rage.drummer)
        let made = try fixture.store.appReceipt(for: phone, signer: fixture.signer)
        let now = fixture.stores.clock.now()
        #expect(SignedAppReceipt.check(base64: made.base64, root: fixture.signer.authority.root, at: now) == .authentic(made.receipt))
        let stranger = try CertificateAuthority.make()
        #expect(SignedAppReceipt.check(base64: made.base64, root: stranger.root, at: now) == .notAuthentic)
        let foreign = Data(try SignedAppReceipt.sign(made.receipt, with: stranger)).base64EncodedString()
        #expect(SignedAppReceipt.check(base64: foreign, root: fixture.signer.authority.root, at: now) == .notAuthentic)
    }

    @Test func everyChangedByteOfASignedReceiptIsRefused() throws {
        _ = try fixture.buy(Rage.monthly)
        let made = try fixture.store.appReceipt(for: phone, signer: fixture.signer)
        let der = try #require(Data(base64Encoded: made.base64).map(Array.init))
        let root = fixture.signer.authority.root
        let now = fixture.stores.clock.now()
        // Every byte, flipped in its lowest bit: payload, certificates and signature alike.
        for offset in der.indices {
            var changed = der
            changed[offset] ^= 0x01
            if case .authentic = SignedAppReceipt.check(der: changed, root: root, at: now) {
                Issue.record("a change at byte \(offset) of \(der.count) was accepted")
            }
        }
    }
}
