import Foundation
import StorefrontTesting
import XCTest

/// `storefront serve` called by Apple's own `AppStoreServerAPIClient` (Python), with a key
/// from `storefront api-key create`: answers decode into Apple's models and every signed
/// item in them verifies with `SignedDataVerifier` and the root from `storefront certificate --der`.
final class AppStoreServerAPIEndToEndTests: XCTestCase {
    var cli: StorefrontProcess!
    var key: [String: Any] = [:]
    var root: [UInt8] = []

    static let monthly = "com.example.rage.pro.monthly"
    static let face = "com.example.rage.face.random"
    static let drummer = "com.example.rage.comic.drummer"

    override func setUpWithError() throws {
        if let reason = AppStoreLibraryCheck.missingReason {
            if AppStoreLibraryCheck.isRequired { XCTFail(reason) }
            throw XCTSkip(reason)
        }
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        for product in [Self.monthly, Self.face, Self.drummer] {
            XCTAssertEqual(try cli.run(["buy", product]).status, 0)
        }
        key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        root = try cli.run(["certificate", "--der"]).stdoutBytes
    }

    /// The transactions of `transactions --json`, by product id.
    func transactionIDs() throws -> [String: String] {
        let list = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray())
        return Dictionary(list.map { ($0["productId"] as! String, $0["transactionId"] as! String) }, uniquingKeysWith: { _, last in last })
    }

    /// Runs `calls` through Apple's client against `server`; one result per call.
    func callThroughApplesClient(_ server: ServeProcess, _ calls: [[String: Any]], bundleID: String = "com.example.rage",
                                 keyID: String? = nil) throws -> [[String: Any]] {
        let keyText = try String(contentsOfFile: key["privateKeyPath"] as! String, encoding: .utf8)
        let config: [String: Any] = [
            "baseURL": server.baseURL.hasSuffix("/") ? String(server.baseURL.dropLast()) : server.baseURL,
            "key": keyText, "keyId": keyID ?? key["keyId"] as! String, "issuerId": key["issuerId"] as! String,
            "bundleId": bundleID, "root": Data(root).base64EncodedString(), "calls": calls,
        ]
        let result = try PythonScript.run(["-c", AppStoreServerAPIScript.source], input: try JSONSerialization.data(withJSONObject: config))
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stderr)
    }

    func testGetTransactionInfoVerifiesAndUnknownOrMalformedIdsGetApplesCodes() throws {
        let ids = try transactionIDs()
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let results = try callThroughApplesClient(server, [
            ["method": "get_transaction_info", "args": ["id": ids[Self.face]!]],
            ["method": "get_transaction_info", "args": ["id": "2999999999999999"]],
            ["method": "get_transaction_info", "args": ["id": "abc"]],
        ])
        let decoded = try XCTUnwrap((results[0]["ok"] as? [String: Any])?["transaction"] as? [String: Any], "\(results[0])")
        XCTAssertEqual(decoded["transactionId"] as? String, ids[Self.face])
        XCTAssertEqual(decoded["productId"] as? String, Self.face)
        XCTAssertEqual(results[1]["status"] as? Int, 404)
        XCTAssertEqual(results[1]["code"] as? Int, 4_040_010)
        XCTAssertEqual(results[2]["status"] as? Int, 400)
        XCTAssertEqual(results[2]["code"] as? Int, 4_000_006)
    }

    func testHistoryPagesFiltersAndSortsAsApplesClientAsks() throws {
        // 25 more faces, each spent (the balance is capped): two pages of history.
        for _ in 0..<25 {
            XCTAssertEqual(try cli.run(["buy", Self.face]).status, 0)
            XCTAssertEqual(try cli.run(["spend", "rage-faces", "--amount", "5"]).status, 0)
        }
        let ids = try transactionIDs()
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let results = try callThroughApplesClient(server, [
            ["method": "get_transaction_history", "args": ["id": ids[Self.monthly]!]],
            ["method": "get_transaction_history", "args": ["id": ids[Self.monthly]!, "productTypes": ["NON_CONSUMABLE", "AUTO_RENEWABLE"],
                                                           "sort": "DESCENDING"]],
            ["method": "get_transaction_history", "args": ["id": ids[Self.monthly]!, "productIds": [Self.drummer]]],
            ["method": "get_transaction_history", "args": ["id": ids[Self.monthly]!, "groups": ["rage-pro"], "revoked": false]],
        ])
        let all = try XCTUnwrap(results[0]["ok"] as? [String: Any], "\(results[0])")
        let pages = try XCTUnwrap(all["pages"] as? [[String]])
        XCTAssertEqual(pages.map(\.count), [20, 8])
        XCTAssertEqual(Set(pages.joined()).count, 28)
        XCTAssertEqual(all["environment"] as? String, "Sandbox")
        let typed = try XCTUnwrap((results[1]["ok"] as? [String: Any])?["pages"] as? [[String]])
        XCTAssertEqual(typed, [[ids[Self.drummer]!, ids[Self.monthly]!]])
        XCTAssertEqual((results[2]["ok"] as? [String: Any])?["pages"] as? [[String]], [[ids[Self.drummer]!]])
        XCTAssertEqual((results[3]["ok"] as? [String: Any])?["pages"] as? [[String]], [[ids[Self.monthly]!]])
    }

    func testSubscriptionStatusesCarryVerifiedTransactionAndRenewalInfo() throws {
        let ids = try transactionIDs()
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let results = try callThroughApplesClient(server, [
            ["method": "get_all_subscription_statuses", "args": ["id": ids[Self.face]!]],
            ["method": "get_all_subscription_statuses", "args": ["id": ids[Self.face]!, "status": [2]]],
        ])
        let groups = try XCTUnwrap((results[0]["ok"] as? [String: Any])?["groups"] as? [[String: Any]], "\(results[0])")
        XCTAssertEqual(groups.count, 1)
        XCTAssertEqual(groups[0]["group"] as? String, "rage-pro")
        let item = try XCTUnwrap((groups[0]["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["status"] as? Int, 1)
        XCTAssertEqual((item["transaction"] as? [String: Any])?["transactionId"] as? String, ids[Self.monthly])
        XCTAssertEqual((item["renewal"] as? [String: Any])?["originalTransactionId"] as? String, ids[Self.monthly])
        XCTAssertEqual(((results[1]["ok"] as? [String: Any])?["groups"] as? [Any])?.count, 0)
    }

    /// Each subscription of the customer is listed, an ended one beside the newer one that took
    /// its place in the group (before: only the newer one, as entitlements show one per product).
    func testSubscriptionStatusesListAnEarlierSubscriptionBesideANewerOne() throws {
        let ids = try transactionIDs()
        XCTAssertEqual(try cli.run(["expire", Self.monthly]).status, 0)
        XCTAssertEqual(try cli.run(["buy", Self.monthly]).status, 0)
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let results = try callThroughApplesClient(server, [["method": "get_all_subscription_statuses", "args": ["id": ids[Self.face]!]],
                                                           ["method": "get_all_subscription_statuses", "args": ["id": ids[Self.face]!, "status": [2]]]])
        let items = try XCTUnwrap(((results[0]["ok"] as? [String: Any])?["groups"] as? [[String: Any]])?.first?["items"] as? [[String: Any]], "\(results[0])")
        XCTAssertEqual(items.map { $0["status"] as? Int }, [2, 1], "\(items)")
        XCTAssertEqual((items[0]["renewal"] as? [String: Any])?["originalTransactionId"] as? String, ids[Self.monthly])
        let expired = try XCTUnwrap(((results[1]["ok"] as? [String: Any])?["groups"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])
        XCTAssertEqual(expired.count, 1)
    }

    /// A period paid ahead with `renew` is the subscription's latest transaction only once it
    /// begins, as its DID_RENEW is sent then (before: its future-dated transaction was listed).
    func testSubscriptionStatusesListThePeriodRunningNotOnePaidAhead() throws {
        let ids = try transactionIDs()
        XCTAssertEqual(try cli.run(["renew", Self.monthly]).status, 0)
        let ahead = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?.first { $0["productId"] as? String == Self.monthly })
        XCTAssertNotEqual(ahead["transactionId"] as? String, ids[Self.monthly], "a new transaction, for the next period")
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let results = try callThroughApplesClient(server, [["method": "get_all_subscription_statuses", "args": ["id": ids[Self.face]!]]])
        let groups = try XCTUnwrap((results[0]["ok"] as? [String: Any])?["groups"] as? [[String: Any]], "\(results[0])")
        let item = try XCTUnwrap((groups.first?["items"] as? [[String: Any]])?.first)
        XCTAssertEqual((item["transaction"] as? [String: Any])?["transactionId"] as? String, ids[Self.monthly], "the period running")
        // The period running refunded (the subscription goes on into the one paid ahead): that one
        // is named, never an active status beside a revoked transaction.
        XCTAssertEqual(try cli.run(["refund", try XCTUnwrap(ids[Self.monthly])]).status, 0)
        let after = try callThroughApplesClient(server, [["method": "get_all_subscription_statuses", "args": ["id": ids[Self.face]!]]])
        let latest = try XCTUnwrap((((after[0]["ok"] as? [String: Any])?["groups"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(latest["status"] as? Int, 1)
        XCTAssertEqual((latest["transaction"] as? [String: Any])?["transactionId"] as? String, ahead["transactionId"] as? String, "\(latest)")
        XCTAssertNil((latest["transaction"] as? [String: Any])?["revocationDate"] as? Int)
    }

    /// The paid period running refunded, with a period paid ahead after it and the free trial
    /// before it: the one paid ahead is named, never the trial that has ended (before: the trial,
    /// expired, beside an active status).
    func testARefundedPaidPeriodIsFollowedByTheOnePaidAheadNotAnEndedOne() throws {
        let ids = try transactionIDs()
        XCTAssertEqual(try cli.run(["advance", "P8D"]).status, 0)
        let paid = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?.first { $0["productId"] as? String == Self.monthly }?["transactionId"] as? String)
        XCTAssertNotEqual(paid, ids[Self.monthly])
        XCTAssertEqual(try cli.run(["renew", Self.monthly]).status, 0)
        let ahead = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?.first { $0["productId"] as? String == Self.monthly }?["transactionId"] as? String)
        XCTAssertEqual(try cli.run(["refund", paid]).status, 0)
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let results = try callThroughApplesClient(server, [["method": "get_all_subscription_statuses", "args": ["id": ids[Self.face]!]]])
        let item = try XCTUnwrap((((results[0]["ok"] as? [String: Any])?["groups"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["status"] as? Int, 1)
        XCTAssertEqual((item["transaction"] as? [String: Any])?["transactionId"] as? String, ahead, "\(item)")
        let entitlements = try XCTUnwrap((try cli.run(["entitlements", "--json"]).json()?["subscriptions"] as? [[String: Any]])?.first)
        XCTAssertEqual(entitlements["transactionId"] as? String, ahead, "as entitlements name it")
    }

    func testRefundHistoryAndOrderLookupFollowTheLedgerLive() throws {
        let ids = try transactionIDs()
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let before = try callThroughApplesClient(server, [["method": "get_refund_history", "args": ["id": ids[Self.face]!]]])
        XCTAssertEqual((before[0]["ok"] as? [String: Any])?["refunded"] as? [String], [])
        // Refunded by the command line while the server runs: the next request sees it.
        XCTAssertEqual(try cli.run(["refund", ids[Self.drummer]!]).status, 0)
        let list = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray())
        let orderID = try XCTUnwrap(list.first { $0["transactionId"] as? String == ids[Self.face] }?["orderId"] as? String)
        let after = try callThroughApplesClient(server, [
            ["method": "get_refund_history", "args": ["id": ids[Self.face]!]],
            ["method": "look_up_order_id", "args": ["orderId": orderID]],
            ["method": "look_up_order_id", "args": ["orderId": "MNOTANORDER"]],
        ])
        XCTAssertEqual((after[0]["ok"] as? [String: Any])?["refunded"] as? [String], [ids[Self.drummer]!])
        XCTAssertEqual((after[1]["ok"] as? [String: Any])?["status"] as? Int, 0)
        XCTAssertEqual((after[1]["ok"] as? [String: Any])?["transactions"] as? [String], [ids[Self.face]!])
        XCTAssertEqual((after[2]["ok"] as? [String: Any])?["status"] as? Int, 1)
    }

    func testTokensForAnotherAppAnUnknownKeyOrARevokedKeyAre401() throws {
        let ids = try transactionIDs()
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let call: [[String: Any]] = [["method": "get_transaction_info", "args": ["id": ids[Self.face]!]]]
        XCTAssertEqual(try callThroughApplesClient(server, call, bundleID: "com.example.other")[0]["status"] as? Int, 401)
        XCTAssertEqual(try callThroughApplesClient(server, call, keyID: "ZZZZZZZZZZ")[0]["status"] as? Int, 401)
        XCTAssertEqual(try cli.run(["api-key", "revoke", key["keyId"] as! String]).status, 0)
        XCTAssertEqual(try callThroughApplesClient(server, call)[0]["status"] as? Int, 401)
        // The token is never written out.
        let result = server.stop()
        XCTAssertFalse(result.stderr.contains("eyJ"), result.stderr)
        XCTAssertFalse(result.stdout.contains("eyJ"), result.stdout)
    }

    func testConsumptionInformationIsRecordedWithTheTransaction() throws {
        let ids = try transactionIDs()
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let results = try callThroughApplesClient(server, [
            ["method": "send_consumption_data", "args": ["id": ids[Self.face]!, "consumptionStatus": 2]],
            ["method": "send_consumption_data", "args": ["id": ids[Self.face]!, "customerConsented": false]],
            ["method": "send_consumption_data", "args": ["id": ids[Self.drummer]!]],
        ])
        XCTAssertEqual((results[0]["ok"] as? [String: Any])?["sent"] as? Bool, true, "\(results[0])")
        XCTAssertEqual(results[1]["code"] as? Int, 4_000_035)
        XCTAssertEqual(results[2]["code"] as? Int, 4_000_043)
        let list = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray())
        let face = try XCTUnwrap(list.first { $0["transactionId"] as? String == ids[Self.face] })
        let consumption = try XCTUnwrap(face["consumption"] as? [String: Any], "\(face)")
        XCTAssertEqual(consumption["consumptionStatus"] as? Int, 2)
        XCTAssertEqual(consumption["customerConsented"] as? Bool, true)
    }

    func testExtendingARenewalDateMovesTheExpiryWithinApplesLimits() throws {
        let ids = try transactionIDs()
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let extend: (Int, String) -> [String: Any] = { days, request in
            ["method": "extend_subscription_renewal_date", "args": ["id": ids[Self.monthly]!, "days": days, "requestIdentifier": request]]
        }
        // The monthly plan starts with a free week, which the App Store does not extend.
        let inTrial = try callThroughApplesClient(server, [extend(10, "in-trial")])
        XCTAssertEqual(inTrial[0]["code"] as? Int, 4_030_004, "a free trial is not extended: \(inTrial)")
        XCTAssertEqual(try cli.run(["advance", "P1W"]).status, 0)
        // The first paid month, whose transaction's expiry the extensions move.
        let paid = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?.first { $0["productId"] as? String == Self.monthly }?["transactionId"] as? String)
        XCTAssertNotEqual(paid, ids[Self.monthly])
        let results = try callThroughApplesClient(server, [
            ["method": "get_transaction_info", "args": ["id": paid]],
            extend(10, "first"), extend(10, "first"), extend(91, "too-long"), extend(5, "second"), extend(5, "third"),
            ["method": "get_transaction_info", "args": ["id": paid]],
            ["method": "extend_subscription_renewal_date", "args": ["id": ids[Self.drummer]!, "days": 3, "requestIdentifier": "x"]],
        ])
        let before = try XCTUnwrap(((results[0]["ok"] as? [String: Any])?["transaction"] as? [String: Any])?["expiresDate"] as? Int)
        let first = try XCTUnwrap(results[1]["ok"] as? [String: Any], "\(results[1])")
        XCTAssertEqual(first["success"] as? Bool, true)
        XCTAssertEqual(first["effectiveDate"] as? Int, before + 10 * 86_400_000)
        XCTAssertEqual((results[2]["ok"] as? [String: Any])?["effectiveDate"] as? Int, before + 10 * 86_400_000, "the same request again")
        XCTAssertEqual(results[3]["code"] as? Int, 4_000_009)
        XCTAssertEqual((results[4]["ok"] as? [String: Any])?["effectiveDate"] as? Int, before + 15 * 86_400_000)
        XCTAssertEqual(results[5]["code"] as? Int, 4_030_005, "a third extension within a year")
        let after = ((results[6]["ok"] as? [String: Any])?["transaction"] as? [String: Any])?["expiresDate"] as? Int
        XCTAssertEqual(after, before + 15 * 86_400_000)
        XCTAssertEqual(results[7]["code"] as? Int, 4_030_004, "a non-consumable has no renewal date")
        let entitlements = try XCTUnwrap(try cli.run(["entitlements", "--json"]).json())
        let subscription = try XCTUnwrap((entitlements["subscriptions"] as? [[String: Any]])?.first)
        XCTAssertNotNil(subscription["expiresDate"])
    }
}
