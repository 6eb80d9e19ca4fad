import Foundation
import StoreSigning
import Testing
@testable import StorefrontTesting

/// Get Transaction History's `revision` pages over a history that changes between pages: each
/// transaction is sent once, none is skipped, whatever is bought or refunded meanwhile.
@Suite struct ServeHistoryPagingTests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// The signed claims of a history answer's transactions.
    private func claims(_ answer: HTTPExchange) throws -> [[String: Any]] {
        let signed = try #require(answer.json?["signedTransactions"] as? [String], "\(String(decoding: answer.body, as: UTF8.self))")
        return try signed.map { token in
            let payload = try #require(Base64URL.decode(token.split(separator: ".")[1]))
            return try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
        }
    }

    /// The transaction ids of a history answer, decoded from its signed transactions.
    private func ids(_ answer: HTTPExchange) throws -> [String] {
        try claims(answer).map { try #require($0["transactionId"] as? String) }
    }

    @Test("refund history lists refunds in the order they were made, and its last revision later gives just the refunds made since (before: in purchase order, and a refund of an earlier purchase was never sent)")
    func refundHistoryFollowsTheRefunds() throws {
        for _ in 0..<4 { #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0) }
        let bought = Array(try boughtIDs().reversed())   // oldest first
        for id in [bought[3], bought[0]] {
            #expect(try cli.run(["refund", id]).status == 0)
            #expect(try cli.run(["advance", "1h"]).status == 0, "each refund at its own moment")
        }
        let (server, authorization) = try serve()
        defer { server.stop() }
        let first = try server.send("GET", "/inApps/v2/refund/lookup/\(bought[1])", headers: authorization)
        let firstIDs = try ids(first)
        #expect(firstIDs == [bought[3], bought[0]], "by refund: \(firstIDs)")
        let kept = try #require(first.json?["revision"] as? String)
        #expect(try cli.run(["refund", bought[1]]).status == 0, "an earlier purchase refunded later")
        let since = try server.send("GET", "/inApps/v2/refund/lookup/\(bought[1])?revision=\(kept)", headers: authorization)
        let sinceIDs = try ids(since)
        #expect(sinceIDs == [bought[1]] && since.json?["hasMore"] as? Bool == false, "\(sinceIDs)")
        let again = try server.send("GET", "/inApps/v2/refund/lookup/\(bought[1])", headers: authorization)
        #expect(try ids(again) == [bought[3], bought[0], bought[1]])
        let times = try claims(again).compactMap { ($0["revocationDate"] as? NSNumber)?.int64Value }
        #expect(times.count == 3 && times == times.sorted(), "ascending revocationDate: \(times)")
        // A history revision is no refund revision.
        let history = try #require(try server.send("GET", "/inApps/v2/history/\(bought[1])", headers: authorization).json?["revision"] as? String)
        let crossed = try server.send("GET", "/inApps/v2/refund/lookup/\(bought[1])?revision=\(history)", headers: authorization)
        #expect(crossed.status == 200, "a token of the ledger's order is still honoured")
        let wrong = try server.send("GET", "/inApps/v2/history/\(bought[1])?revision=\(kept)", headers: authorization)
        #expect(wrong.status == 400 && wrong.json?["errorCode"] as? Int == 4_000_005)
    }

    @Test("revoked=true keeps a period the refund of a later one revoked with its subscription, as its signed revocationDate says; revoked=false leaves it out (before: the other way round)")
    func revokedFollowsTheSignedData() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)   // a free week
        #expect(try cli.run(["renew", "com.example.rage.pro.monthly"]).status == 0) // a month paid ahead
        let bought = try boughtIDs()
        #expect(bought.count == 2)
        #expect(try cli.run(["refund", bought[0]]).status == 0, "the period paid ahead, the latest: it revokes the subscription")
        let (server, authorization) = try serve()
        defer { server.stop() }
        let all = try claims(try server.send("GET", "/inApps/v2/history/\(bought[1])", headers: authorization))
        #expect(all.count == 2 && all.allSatisfy { $0["revocationDate"] != nil }, "both carry a revocation: \(all)")
        let revoked = try ids(try server.send("GET", "/inApps/v2/history/\(bought[1])?revoked=true", headers: authorization))
        #expect(Set(revoked) == Set(bought), "\(revoked)")
        let kept = try server.send("GET", "/inApps/v2/history/\(bought[1])?revoked=false", headers: authorization)
        let keptIDs = try ids(kept)
        #expect(kept.status == 200 && keptIDs.isEmpty, "\(keptIDs)")
    }

    /// A server of the store, started after an API key was made, and the header that authorizes
    /// requests with a token of that key.
    private func serve() throws -> (server: ServeProcess, authorization: [String: String]) {
        let key = try #require(try cli.run(["api-key", "create", "--json"]).json())
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: key["keyId"] as! String,
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        return (try ServeProcess(cli), ["Authorization": "Bearer \(token)"])
    }

    private func boughtIDs() throws -> [String] {
        try #require(try cli.run(["transactions", "--json"]).jsonArray()).compactMap { $0["transactionId"] as? String }
    }

    @Test("an app transaction id names its customer in history, subscription statuses and refund history, as any of their transaction ids does (before: 404)")
    func anAppTransactionIDNamesItsCustomer() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        #expect(try cli.run(["--account", "other", "buy", "com.example.rage.noads"]).status == 0)
        let mine = try boughtIDs()
        #expect(try cli.run(["refund", mine[0]]).status == 0)
        let appTransactionID = try #require(try cli.run(["app-transaction", "--json"]).json()?["appTransactionId"] as? String)
        let (server, authorization) = try serve()
        defer { server.stop() }
        let history = try server.send("GET", "/inApps/v2/history/\(appTransactionID)", headers: authorization)
        #expect(history.status == 200)
        #expect(Set(try ids(history)) == Set(mine), "the customer's own transactions, not the other account's")
        let refunds = try server.send("GET", "/inApps/v2/refund/lookup/\(appTransactionID)", headers: authorization)
        #expect(try ids(refunds) == [mine[0]])
        let statuses = try server.send("GET", "/inApps/v1/subscriptions/\(appTransactionID)", headers: authorization)
        #expect(statuses.status == 200 && (statuses.json?["data"] as? [Any])?.count == 1, "\(String(decoding: statuses.body, as: UTF8.self))")
        let others = try #require(try cli.run(["--account", "other", "app-transaction", "--json"]).json()?["appTransactionId"] as? String)
        #expect(try claims(try server.send("GET", "/inApps/v2/history/\(others)", headers: authorization)).map { $0["productId"] as? String }
                == ["com.example.rage.noads"])
        let unknown = try server.send("GET", "/inApps/v2/history/123456789012345678", headers: authorization)
        #expect(unknown.status == 404 && unknown.json?["errorCode"] as? Int == 4_040_010)
        #expect(try server.send("GET", "/inApps/v1/transactions/\(appTransactionID)", headers: authorization).status == 404,
                "Get Transaction Info takes a transaction id only")
    }

    @Test("a purchase between two pages of a DESCENDING history neither repeats a transaction nor drops one (before: the next page began one later in the list, so its first was the last page's last, and the oldest was never sent)")
    func aPurchaseBetweenDescendingPages() throws {
        for _ in 0..<22 { #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0) }
        let before = try boughtIDs()
        let (server, authorization) = try serve()
        defer { server.stop() }
        let first = try server.send("GET", "/inApps/v2/history/\(before[0])?sort=DESCENDING", headers: authorization)
        #expect(first.status == 200 && first.json?["hasMore"] as? Bool == true)
        let revision = try #require(first.json?["revision"] as? String)
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        #expect(try cli.run(["refund", before[5]]).status == 0, "a refund between pages too")
        let second = try server.send("GET", "/inApps/v2/history/\(before[0])?sort=DESCENDING&revision=\(revision)", headers: authorization)
        #expect(second.status == 200 && second.json?["hasMore"] as? Bool == false)
        let sent = try ids(first) + ids(second)
        #expect(sent == before, "every transaction once, newest first, as listed when the first page was asked: \(sent)")

        // Ascending, with a filter that the refund between pages changes: nothing shifts.
        let ascending = try server.send("GET", "/inApps/v2/history/\(before[0])?revoked=false", headers: authorization)
        let next = try #require(ascending.json?["revision"] as? String)
        let firstAscending = try ids(ascending)
        #expect(try cli.run(["refund", firstAscending[3]]).status == 0)
        let rest = try server.send("GET", "/inApps/v2/history/\(before[0])?revoked=false&revision=\(next)", headers: authorization)
        let all = try boughtIDs()
        let expected = all.reversed().filter { $0 != before[5] && $0 != firstAscending[3] }.filter { !firstAscending.contains($0) }
        let restIDs = try ids(rest)
        #expect(restIDs == expected, "the page after starts after the last one sent, the new purchase at its end: \(restIDs)")

        // A revision that sent nothing is given back, and a client asking with it later gets what came after.
        let last = try #require(rest.json?["revision"] as? String)
        let empty = try server.send("GET", "/inApps/v2/history/\(before[0])?revoked=false&revision=\(last)", headers: authorization)
        #expect(try ids(empty).isEmpty && empty.json?["revision"] as? String == last)
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let later = try server.send("GET", "/inApps/v2/history/\(before[0])?revoked=false&revision=\(last)", headers: authorization)
        #expect(try ids(later) == [try boughtIDs()[0]])

        // A date is digits only, as Apple's integer field: "+5" is refused as "-1" is (before: read as 5).
        for written in ["%2B5", "-1", "5x"] {
            let refused = try server.send("GET", "/inApps/v2/history/\(before[0])?startDate=\(written)", headers: authorization)
            #expect(refused.status == 400 && refused.json?["errorCode"] as? Int == 4_000_015, "\(written): \(refused.json ?? [:])")
        }
    }
}
