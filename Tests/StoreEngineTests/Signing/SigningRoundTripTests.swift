import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StoreSigning

@Suite struct SigningRoundTripTests {
    @Test func aSignedTransactionVerifiesWithTheRootCertificateAlone() throws {
        let fixture = try SigningFixture()
        let record = try fixture.buy(Rage.face)
        let token = try fixture.sign(record)

        let result = fixture.verifier.verify(jws: token, now: fixture.stores.clock.now())
        #expect(result.status == .valid, "\(result.detail)")
        #expect(result.checkedAgainstLedger == false)
        #expect(result.payload?.transactionId == record.id)
        let appTransactionID = try AppStoreIdentifiers.appTransactionID(bundleID: fixture.stores.catalog.bundleID,
                                                                         account: record.account)
        #expect(result.payload == SignedTransactionPayload(record: record, context: TransactionSigningContext(
            bundleID: fixture.stores.catalog.bundleID, originalPurchaseDate: record.purchaseDate,
            signedDate: fixture.stores.clock.now(), appTransactionID: appTransactionID)))
    }

    @Test func theHeaderNamesES256AndTheChainAndNoPartIsPadded() throws {
        let fixture = try SigningFixture()
        let token = try fixture.sign(try fixture.buy(Rage.drummer))
        let segments = TokenParts.segments(token)
        #expect(segments.count == 3)
        #expect(!token.contains("=") && !token.contains("+") && !token.contains("/"))
        let header = String(decoding: try #require(Base64URL.decode(segments[0])), as: UTF8.self)
        let chain = fixture.signer.authority.x5c.map { "\"\($0)\"" }.joined(separator: ",")
        #expect(header == #"{"alg":"ES256","x5c":[\#(chain)]}"#)
        #expect(fixture.signer.authority.x5c[2] == Data(fixture.signer.authority.root.der).base64EncodedString())
        #expect(try #require(Base64URL.decode(segments[2])).count == 64)
    }

    @Test func aTokenIsValidOnlyForItsOwnApp() throws {
        let fixture = try SigningFixture()
        let token = try fixture.sign(try fixture.buy(Rage.drummer))
        let now = fixture.stores.clock.now()
        #expect(fixture.verifier.verify(jws: token, now: now, bundleID: fixture.stores.catalog.bundleID).status == .valid)
        let elsewhere = fixture.verifier.verify(jws: token, now: now, bundleID: "com.example.other")
        #expect(elsewhere.status == .otherApp)
        #expect(elsewhere.detail.contains("issued for \(fixture.stores.catalog.bundleID), not for com.example.other"))
    }

    @Test func theLedgerDecidesWhenTheStoreIsGiven() throws {
        let fixture = try SigningFixture()
        let record = try fixture.buy(Rage.drummer)
        let token = try fixture.sign(record)
        let inForce = fixture.store.verifySignedTransaction(token, with: fixture.verifier)
        #expect(inForce.status == .valid)
        #expect(inForce.checkedAgainstLedger)

        fixture.stores.clock.advance(by: 3600)
        _ = try fixture.store.refund(record.id)
        let refunded = fixture.store.verifySignedTransaction(token, with: fixture.verifier)
        #expect(refunded.status == .revoked, "\(refunded.detail)")
        #expect(refunded.payload?.revocationDate == nil, "the token itself was signed before the refund")
        #expect(fixture.verifier.verify(jws: token, now: fixture.stores.clock.now()).status == .valid)
    }

    @Test("the period running when the refund of a period paid ahead revoked the subscription is revoked with it, in its token and by the ledger (before: valid, in force, no revocationDate)")
    func aPeriodRevokedWithItsSubscriptionIsRevoked() throws {
        let fixture = try SigningFixture()
        let running = try fixture.buy(Rage.monthly)
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        let ahead = try #require(fixture.store.snapshot.transactions(of: phone.account).last)
        let before = try fixture.sign(running)
        fixture.stores.clock.advance(by: 3600)
        _ = try fixture.store.refund(ahead.id)
        let refundedAt = fixture.stores.clock.now()
        let judged = fixture.store.verifySignedTransaction(before, with: fixture.verifier)
        #expect(judged.status == .revoked && judged.detail.contains("with its subscription, by the refund of a later period"), "\(judged.detail)")
        let after = try fixture.sign(try fixture.record(running.id))
        let payload = try #require(fixture.verifier.verify(jws: after, now: fixture.stores.clock.now()).payload)
        #expect(payload.revocationDate == SignedTransactionPayload.milliseconds(refundedAt) && payload.revocationReason == 0)
        #expect(fixture.verifier.verify(jws: after, now: fixture.stores.clock.now()).status == .revoked)
    }

    @Test("a catalog that lacks a subscription's plan still signs its renewal info, without a price, and names its group in its transactions (before: no renewal info, so serve listed no subscription)")
    func aPlanTheCatalogLacksIsStillSigned() throws {
        let fixture = try SigningFixture()
        let yearly = try fixture.buy(Rage.yearly)
        var catalog = fixture.stores.catalog
        catalog.products.removeAll { $0.id == Rage.yearly }
        let trimmed = try Store(catalog: catalog, log: fixture.stores.connection(), clock: fixture.stores.clock)
        let subscription = try #require(trimmed.entitlements(for: phone).subscriptions.first)
        let info = try #require(try trimmed.signedRenewalInfo(subscription, signer: fixture.signer))
        let renewal = try TokenParts.object(info, segment: 1)
        #expect(renewal["autoRenewProductId"] as? String == Rage.yearly && renewal["renewalPrice"] == nil, "\(renewal)")
        let transaction = try TokenParts.object(try trimmed.signedTransaction(yearly, signer: fixture.signer), segment: 1)
        #expect(transaction["subscriptionGroupIdentifier"] as? String == "rage-pro", "\(transaction)")
    }

    @Test func aTransactionReplacedByAnUpgradeIsUpgradedNotValid() throws {
        let fixture = try SigningFixture()
        let monthly = try fixture.buy(Rage.monthly)
        let before = try fixture.sign(monthly)
        fixture.stores.clock.advance(by: 3600)
        let yearly = try fixture.buy(Rage.yearly)

        let judged = fixture.store.verifySignedTransaction(before, with: fixture.verifier)
        #expect(judged.status == .upgraded, "\(judged.detail)")
        #expect(judged.replacedBy == yearly.id && judged.checkedAgainstLedger)
        #expect(judged.detail.contains("replaced by an upgrade (transaction \(yearly.id))"))
        // Signed after the upgrade, the token itself says so, and is judged so without the ledger.
        let after = try fixture.sign(try fixture.record(monthly.id))
        #expect(fixture.verifier.verify(jws: after, now: fixture.stores.clock.now()).status == .upgraded)
        #expect(fixture.verifier.verify(jws: before, now: fixture.stores.clock.now()).status == .valid)
        #expect(fixture.store.verifySignedTransaction(try fixture.sign(yearly), with: fixture.verifier).status == .valid)
    }

    @Test("A period an upgrade replaced says how the subscription ended since, once the upgrade was refunded or expired (before: that it goes on under the upgrade, of a revoked subscription)",
          arguments: [false, true])
    func aReplacedPeriodSaysTheSubscriptionEndedSince(refundTheUpgrade: Bool) throws {
        let fixture = try SigningFixture()
        let monthly = try fixture.buy(Rage.monthly)
        fixture.stores.clock.advance(by: 3600)
        let yearly = try fixture.buy(Rage.yearly)
        fixture.stores.clock.advance(by: 3600)
        if refundTheUpgrade { _ = try fixture.store.refund(yearly.id) } else { _ = try fixture.store.expire(Rage.yearly, buyer: phone) }
        let judged = fixture.store.verifySignedTransaction(try fixture.sign(try fixture.record(monthly.id)), with: fixture.verifier)
        #expect(judged.status == .upgraded && judged.replacedBy == yearly.id)
        let ended = refundTheUpgrade ? "was revoked on " : "ended on "
        #expect(judged.detail.contains("; the subscription went on under the upgrade and \(ended)"), "\(judged.detail)")
        #expect(!judged.detail.contains("goes on"), "\(judged.detail)")
    }

    @Test("A token that says it was refunded, of a transaction the ledger holds unrefunded (a copy of the store that never saw the refund), is revoked on the token's word, and says so (before: 'according to the store')")
    func aRefundOnlyTheTokenCarriesIsTheTokensWord() throws {
        let fixture = try SigningFixture()
        var record = try fixture.record(try fixture.buy(Rage.drummer).id)
        let context = TransactionSigningContext(
            bundleID: fixture.store.catalog.bundleID, originalPurchaseDate: record.purchaseDate, signedDate: fixture.stores.clock.now(),
            environment: .sandbox, appAccountToken: nil, subscriptionGroupID: nil, appTransactionID: nil, offerPaymentMode: nil,
            offerPeriod: nil, revokedWithSubscription: nil)
        // Signed as a store that recorded the refund signs it.
        record.state = .refunded
        record.revocationDate = fixture.stores.clock.now()
        let judged = fixture.store.verifySignedTransaction(try fixture.signer.sign(record, context: context), with: fixture.verifier)
        #expect(judged.status == .revoked && judged.detail.hasSuffix("(according to the token)"), "\(judged.detail)")
        _ = try fixture.store.refund(record.id)
        let refunded = fixture.store.verifySignedTransaction(try fixture.sign(try fixture.record(record.id)), with: fixture.verifier)
        #expect(refunded.status == .revoked && refunded.detail.hasSuffix("(according to the store)"), "\(refunded.detail)")
    }

    @Test func aPurchaseSignedFromItsOutcomeIsFoundInTheLedgerFile() throws {
        let directory = try SigningTestDirectory()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000.678))
        let store = try Store(catalog: try CatalogLoader.loadBundled("Rage"),
                              log: try LedgerEventLog.open(path: directory.ledgerPath), clock: clock)
        let signer = try TransactionSigner(ledgerPath: directory.ledgerPath)
        guard case let .purchased(made) = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") else {
            throw SigningTestFailure("the purchase did not go through")
        }
        let token = try store.signedTransaction(made, signer: signer)
        let result = store.verifySignedTransaction(token, with: TransactionVerifier(root: signer.authority.root))
        #expect(result.status == .valid)
        #expect(result.checkedAgainstLedger, "\(result.detail)")
        let ledgerRecord = try #require(store.snapshot.transactions[made.id])
        #expect(result.payload?.purchaseDate == SignedTransactionPayload.milliseconds(ledgerRecord.purchaseDate))
    }

    @Test func everyChangedCharacterIsRejected() throws {
        let fixture = try SigningFixture()
        let token = try fixture.sign(try fixture.buy(Rage.monthly))
        let now = fixture.stores.clock.now()
        let headerLength = TokenParts.segments(token)[0].count
        var statuses: [TransactionVerification.Status: Int] = [:]
        // Every character of the payload and the signature; the long certificate header is
        // sampled, as each check of it verifies a whole chain.
        for (offset, character) in token.enumerated() where offset > headerLength || offset % 23 == 0 {
            for replacement in TokenParts.replacements(for: character) {
                let changed = TokenParts.replacing(token, at: offset, with: replacement)
                let result = fixture.verifier.verify(jws: changed, now: now)
                #expect([.signatureInvalid, .malformed, .untrustedChain].contains(result.status), "offset \(offset)")
                #expect(result.payload == nil, "offset \(offset)")
                statuses[result.status, default: 0] += 1
            }
        }
        // Most changes of payload or signature leave a well-formed token whose signature no longer matches.
        #expect(statuses[.signatureInvalid, default: 0] > token.count - headerLength)
        #expect(statuses[.untrustedChain, default: 0] > 0)
    }

    @Test(arguments: [0, 1, 2])
    func changingOneDecodedByteOfAnyPartIsRejected(segment: Int) throws {
        let fixture = try SigningFixture()
        let token = try fixture.sign(try fixture.buy(Rage.face))
        var segments = TokenParts.segments(token)
        var bytes = try #require(Base64URL.decode(segments[segment]))
        let middle = bytes.count / 2
        bytes[middle] = bytes[middle] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        segments[segment] = Base64URL.encode(bytes)
        let result = fixture.verifier.verify(jws: segments.joined(separator: "."), now: fixture.stores.clock.now())
        #expect(result.status != .valid)
        #expect(result.payload == nil)
    }

    @Test func aChangedPriceIsASignatureMismatch() throws {
        let fixture = try SigningFixture()
        let token = try fixture.sign(try fixture.buy(Rage.face))
        var segments = TokenParts.segments(token)
        let payload = String(decoding: try #require(Base64URL.decode(segments[1])), as: UTF8.self)
        #expect(payload.contains(#""price":990"#))
        segments[1] = Base64URL.encode(Array(payload.replacingOccurrences(of: #""price":990"#, with: #""price":90"#).utf8))
        let result = fixture.verifier.verify(jws: segments.joined(separator: "."), now: fixture.stores.clock.now())
        #expect(result.status == .signatureInvalid)
        #expect(result.detail.contains("changed after it was signed"))
    }

    @Test func anotherLedgersAuthorityIsRejected() throws {
        let fixture = try SigningFixture()
        let other = try SigningTestDirectory()
        let otherSigner = try TransactionSigner(ledgerPath: other.ledgerPath)
        #expect(otherSigner.authority.root.der != fixture.signer.authority.root.der)
        let token = try fixture.store.signedTransaction(try fixture.buy(Rage.face), signer: otherSigner)

        let result = fixture.verifier.verify(jws: token, now: fixture.stores.clock.now())
        #expect(result.status == .untrustedChain)
        #expect(result.detail.contains("signed by another store"))
    }

    @Test func failedAndCancelledAttemptsAreNotIssued() throws {
        let fixture = try SigningFixture()
        let outcome = try fixture.store.purchase(Rage.drummer, buyer: phone, storefront: "USA", simulate: .fail)
        let attempt = try #require(outcome.transaction)
        #expect(throws: SigningError.notIssued(transactionID: attempt.id, state: .failed)) {
            try fixture.sign(attempt)
        }
    }
}
