import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning

/// POST /verifyReceipt answered as Apple's legacy endpoint: every status it gives, and what a
/// valid receipt's answer holds from the receipt and from the ledger as it is now.
@Suite struct VerifyReceiptEndpointTests {
    let fixture: SigningFixture
    let endpoint: VerifyReceiptEndpoint

    init() throws {
        fixture = try SigningFixture()
        endpoint = VerifyReceiptEndpoint(signer: fixture.signer)
    }

    /// The answer to `body` from the fixture's store, decoded as a JSON object.
    func answer(_ body: [String: Any]) throws -> [String: Any] {
        try answer(bytes: Array(try JSONSerialization.data(withJSONObject: body)))
    }

    func answer(bytes: [UInt8]) throws -> [String: Any] {
        let store = fixture.store
        let response = endpoint.respond(to: bytes, app: { bundleID in
            bundleID == store.catalog.bundleID ? .init(state: store.snapshot, catalog: store.catalog, now: store.now()) : nil
        }, at: fixture.stores.clock.now())
        return try #require(try JSONSerialization.jsonObject(with: Data(response.json)) as? [String: Any])
    }

    func receipt(_ buyer: Buyer = phone) throws -> String {
        try fixture.store.appReceipt(for: buyer, signer: fixture.signer).base64
    }

    @Test func aValidReceiptAnswersStatusZeroWithItsInAppEntriesInApplesFields() throws {
        let comic = try fixture.buy(Rage.drummer)
        let reply = try answer(["receipt-data": try receipt()])
        #expect(reply["status"] as? Int == 0 && reply["environment"] as? String == "Sandbox")
        let section = try #require(reply["receipt"] as? [String: Any])
        #expect(section["bundle_id"] as? String == "com.example.rage" && section["receipt_type"] as? String == "ProductionSandbox")
        let entries = try #require(section["in_app"] as? [[String: String]])
        let entry = try #require(entries.first)
        #expect(entries.count == 1 && entry["transaction_id"] == comic.id && entry["product_id"] == Rage.drummer)
        #expect(entry["quantity"] == "1" && entry["is_trial_period"] == "false")
        #expect(entry["purchase_date_ms"] == String(SignedTransactionPayload.milliseconds(comic.purchaseDate)))
        #expect(entry["purchase_date"]?.hasSuffix(" Etc/GMT") == true && entry["purchase_date_pst"]?.hasSuffix(" America/Los_Angeles") == true)
        #expect(reply["latest_receipt_info"] == nil, "Apple gives the latest transactions only for subscribers")
    }

    @Test func theRequestDateIsStoreTimeLikeTheReceiptsOwnDates() throws {
        _ = try fixture.buy(Rage.drummer)
        try fixture.store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        let section = try #require(try answer(["receipt-data": try receipt()])["receipt"] as? [String: Any])
        let storeNow = SignedTransactionPayload.milliseconds(fixture.store.now())
        #expect(section["request_date_ms"] as? String == String(storeNow))
        let created = try #require((section["receipt_creation_date_ms"] as? String).flatMap { Int64($0) })
        #expect(created <= storeNow, "the receipt was made before the request, on the same clock")
    }

    @Test func datesAreGivenInGMTAndPacificTime() {
        var fields: [String: String] = [:]
        VerifyReceiptDates.add("purchase_date", Date(timeIntervalSince1970: 1_796_000_000.25), to: &fields)
        #expect(fields == ["purchase_date": "2026-11-30 00:53:20 Etc/GMT", "purchase_date_ms": "1796000000250",
                           "purchase_date_pst": "2026-11-29 16:53:20 America/Los_Angeles"])
    }

    @Test func aSubscribersAnswerHasTheLedgersLatestTransactionsAndRenewalInfo() throws {
        let trial = try fixture.buy(Rage.monthly)
        let sent = try receipt()
        fixture.stores.clock.advance(by: 8 * 86_400)
        _ = try fixture.store.catchUp()
        let renewals = fixture.store.snapshot.transactions(of: phone.account).filter { $0.originalID == trial.id }
        #expect(renewals.count == 2)
        let reply = try answer(["receipt-data": sent])
        let receiptEntries = try #require((reply["receipt"] as? [String: Any])?["in_app"] as? [[String: String]])
        #expect(receiptEntries.map { $0["transaction_id"] } == [trial.id], "the receipt says what it said when made")
        let latest = try #require(reply["latest_receipt_info"] as? [[String: String]])
        #expect(latest.map { $0["transaction_id"] } == renewals.reversed().map(\.id), "newest first, renewal included")
        #expect(latest.first?["subscription_group_identifier"] != nil && latest.last?["is_trial_period"] == "true")
        let pending = try #require(reply["pending_renewal_info"] as? [[String: String]])
        #expect(pending == [["original_transaction_id": trial.id, "product_id": Rage.monthly, "auto_renew_product_id": Rage.monthly,
                             "auto_renew_status": "1", "is_in_billing_retry_period": "0"]])
        let latestReceipt = try #require(reply["latest_receipt"] as? String)
        let newer = try answer(["receipt-data": latestReceipt])
        #expect(((newer["receipt"] as? [String: Any])?["in_app"] as? [[String: String]])?.count == 2)
        let excluded = try answer(["receipt-data": sent, "exclude-old-transactions": true])
        #expect((excluded["latest_receipt_info"] as? [[String: String]])?.map { $0["transaction_id"] } == [renewals.last?.id])
    }

    @Test("an upgrade in the second of the purchase it replaces is the subscription's newest transaction (before: the replaced plan was kept)")
    func anUpgradeInTheSameSecondIsTheNewest() throws {
        let monthly = try fixture.buy(Rage.monthly)
        let sent = try receipt()
        let yearly = try fixture.buy(Rage.yearly)
        let records = fixture.store.snapshot.transactions(of: phone.account)
        #expect(records.map(\.purchaseDate) == [records[0].purchaseDate, records[0].purchaseDate], "bought in one second")
        let all = try #require(try answer(["receipt-data": sent])["latest_receipt_info"] as? [[String: String]])
        #expect(all.map { $0["transaction_id"] } == [yearly.id, monthly.id], "newest first")
        let excluded = try answer(["receipt-data": sent, "exclude-old-transactions": true])
        #expect((excluded["latest_receipt_info"] as? [[String: String]])?.map { $0["transaction_id"] } == [yearly.id])
    }

    @Test("a period paid ahead and then replaced by an upgrade is not the newest transaction, though it begins later (before: it was kept, the upgrade left out)")
    func aReplacedPeriodPaidAheadIsNotTheNewest() throws {
        _ = try fixture.buy(Rage.monthly)
        let sent = try receipt()
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        let yearly = try fixture.buy(Rage.yearly)
        let records = fixture.store.snapshot.transactions(of: phone.account)
        #expect(records.count == 3 && records[1].replacedBy != nil && records[1].purchaseDate > yearly.purchaseDate, "\(records)")
        let excluded = try answer(["receipt-data": sent, "exclude-old-transactions": true])
        #expect((excluded["latest_receipt_info"] as? [[String: String]])?.map { $0["transaction_id"] } == [yearly.id])
    }

    @Test("a period paid ahead and refunded before it began is not the newest, the upgrade made after it is (before: the refunded period, dated at its future start)")
    func aRefundedPeriodPaidAheadIsNotTheNewest() throws {
        _ = try fixture.buy(Rage.monthly)
        let sent = try receipt()
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        let ahead = try #require(fixture.store.snapshot.transactions(of: phone.account).last)
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        fixture.stores.clock.advance(by: 60)
        _ = try fixture.store.refund(ahead.id)
        fixture.stores.clock.advance(by: 60)
        let yearly = try fixture.buy(Rage.yearly)
        let excluded = try answer(["receipt-data": sent, "exclude-old-transactions": true])
        #expect((excluded["latest_receipt_info"] as? [[String: String]])?.map { $0["transaction_id"] } == [yearly.id])
        let all = try #require(try answer(["receipt-data": sent])["latest_receipt_info"] as? [[String: String]])
        #expect(all.first?["transaction_id"] == yearly.id, "newest first: \(all.map { $0["transaction_id"] ?? "" })")
    }

    @Test("a period paid ahead that an expire ended before it began is cancelled then, with no reason (before: a future expiry, read as in force)")
    func aPeriodPaidAheadThatNeverBeganIsCancelled() throws {
        _ = try fixture.buy(Rage.monthly)
        _ = try fixture.store.renew(Rage.monthly, buyer: phone)
        let ahead = try #require(fixture.store.snapshot.transactions(of: phone.account).last)
        fixture.stores.clock.advance(by: 60)
        _ = try fixture.store.expire(Rage.monthly, buyer: phone)
        let ended = try #require(fixture.store.snapshot.endOfSubscription(before: ahead))
        let reply = try answer(["receipt-data": try receipt(), "exclude-old-transactions": true])
        let newest = try #require((reply["latest_receipt_info"] as? [[String: String]])?.first { $0["transaction_id"] == ahead.id })
        #expect(newest["cancellation_date_ms"] == String(SignedTransactionPayload.milliseconds(ended))
                    && newest["cancellation_reason"] == nil, "\(newest)")
    }

    @Test("a replaced period's cancellation has the upgrade's date and no reason; a refund's has reason 0 (before: the replaced period had no date)")
    func aReplacedPeriodIsCancelledWithoutAReason() throws {
        let monthly = try fixture.buy(Rage.monthly)
        fixture.stores.clock.advance(by: 3600)
        let yearly = try fixture.buy(Rage.yearly)
        let comic = try fixture.buy(Rage.drummer)
        _ = try fixture.store.refund(comic.id)
        let reply = try answer(["receipt-data": try receipt()])
        let upgradeMilliseconds = String(SignedTransactionPayload.milliseconds(yearly.purchaseDate))
        for entries in [(reply["receipt"] as? [String: Any])?["in_app"], reply["latest_receipt_info"]] {
            let byID = Dictionary(try #require(entries as? [[String: String]]).map { ($0["transaction_id"], $0) },
                                  uniquingKeysWith: { first, _ in first })
            let replaced = try #require(byID[monthly.id])
            #expect(replaced["cancellation_date_ms"] == upgradeMilliseconds && replaced["cancellation_reason"] == nil, "\(replaced)")
            #expect(byID[yearly.id]?["cancellation_date"] == nil)
            #expect(byID[comic.id]?["cancellation_reason"] == "0" && byID[comic.id]?["cancellation_date"] != nil)
        }
    }

    @Test(arguments: [#"{"receipt-data": "not base64!"}"#, #"{"receipt-data": "AAAA"}"#, "{}", "[1]", "receipt", "",
                      #"{"receipt-data": 5}"#, #"{"receipt-data": "", "password": 3}"#])
    func aMalformedBodyOrReceiptIs21002(body: String) throws {
        #expect(try answer(bytes: Array(body.utf8))["status"] as? Int == 21002)
    }

    @Test func aBodyGivingAKeyTwiceIs21002EvenWhenEitherValueWouldDo() throws {
        _ = try fixture.buy(Rage.drummer)
        let data = try receipt()
        #expect(try answer(bytes: Array(#"{"receipt-data": "\#(data)"}"#.utf8))["status"] as? Int == 0)
        #expect(try answer(bytes: Array(#"{"receipt-data": "\#(data)", "receipt-data": "\#(data)"}"#.utf8))["status"] as? Int == 21002)
        #expect(try answer(bytes: Array(#"{"receipt-data": "\#(data)", "password": "a", "password": "a"}"#.utf8))["status"] as? Int == 21002)
    }

    @Test("a number no double holds is 21002 in any field, one the endpoint does not read too (before: 0, with the receipt's answer)",
          arguments: [#""x": 1e400"#, #""x": {"y": [1e400]}"#, #""x": -1e-400"#])
    func aNumberNoDoubleHoldsIs21002AnywhereInTheBody(extra: String) throws {
        _ = try fixture.buy(Rage.drummer)
        let data = try receipt()
        #expect(try answer(bytes: Array(#"{"receipt-data": "\#(data)", "x": 1e300}"#.utf8))["status"] as? Int == 0)
        #expect(try answer(bytes: Array(#"{"receipt-data": "\#(data)", \#(extra)}"#.utf8))["status"] as? Int == 21002)
    }

    @Test func aReceiptOfAnotherStoresAuthorityIs21003() throws {
        _ = try fixture.buy(Rage.drummer)
        let made = try fixture.store.appReceipt(for: phone, signer: fixture.signer).receipt
        let foreign = Data(try SignedAppReceipt.sign(made, with: try CertificateAuthority.make())).base64EncodedString()
        #expect(try answer(["receipt-data": foreign])["status"] as? Int == 21003)
    }

    @Test func aSharedSecretMustBeGivenAsThePassword() throws {
        try fixture.store.set(.receiptSharedSecret, to: "0123456789abcdef", for: phone)
        let sent = try receipt()
        #expect(try answer(["receipt-data": sent])["status"] as? Int == 21004)
        #expect(try answer(["receipt-data": sent, "password": "wrong"])["status"] as? Int == 21004)
        #expect(try answer(["receipt-data": sent, "password": "0123456789abcdef"])["status"] as? Int == 0)
        try fixture.store.set(.receiptSharedSecret, to: "none", for: phone)
        #expect(try answer(["receipt-data": sent, "password": "anything"])["status"] as? Int == 0)
    }

    @Test func aSandboxReceiptAtAProductionStoreIs21007AndTheReverse21008() throws {
        let sandbox = try receipt()
        try fixture.store.set(.environment, to: "Production", for: phone)
        let production = try receipt()
        let atProduction = try answer(["receipt-data": sandbox])
        #expect(atProduction["status"] as? Int == 21007 && atProduction["environment"] as? String == "Production")
        #expect(try answer(["receipt-data": production])["status"] as? Int == 0)
        try fixture.store.set(.environment, to: "Sandbox", for: phone)
        #expect(try answer(["receipt-data": production])["status"] as? Int == 21008)
    }

    @Test func aReceiptOfAnAppTheStoreDoesNotServeIs21010() throws {
        let made = try AppReceipt(state: fixture.store.snapshot, catalog: fixture.store.catalog, buyer: phone,
                                  environment: .sandbox, creationDate: fixture.stores.clock.now())
        var other = made
        other.bundleID = "com.example.other"
        let signed = Data(try SignedAppReceipt.sign(other, with: fixture.signer.authority)).base64EncodedString()
        #expect(try answer(["receipt-data": signed])["status"] as? Int == 21010)
    }
}
