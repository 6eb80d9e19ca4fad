import Foundation
import StorefrontTesting
import XCTest

/// `serve` over a ledger damaged after some purchases: what it read before the damage is
/// answered, and an id it cannot find is Apple's retryable 500, never "no such transaction".
final class ServeDamagedLedgerTests: XCTestCase {
    var cli: StorefrontProcess!

    override func setUpWithError() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// A purchase, a key, a second purchase whose first line is then damaged: the ids of both
    /// purchases and a token of the key.
    private func ledgerDamagedAtTheSecondPurchase() throws -> (before: String, after: String, token: String) {
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.comic.drummer"]).status, 0)
        let key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.comic.nightly"]).status, 0)
        let ids = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()).compactMap { $0["transactionId"] as? String }
        XCTAssertEqual(ids.count, 2)
        let (before, after) = (ids.min { Int($0)! < Int($1)! }!, ids.max { Int($0)! < Int($1)! }!)
        var lines = try String(contentsOfFile: cli.ledger, encoding: .utf8).components(separatedBy: "\n")
        let damaged = try XCTUnwrap(lines.firstIndex { $0.contains("\"\(after)\"") })
        lines[damaged] = "this line was damaged"
        try lines.joined(separator: "\n").write(toFile: cli.ledger, atomically: false, encoding: .utf8)
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: key["keyId"] as! String,
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        return (before, after, token)
    }

    func testAnIDAfterTheDamageIsARetryableInternalErrorWhileOneBeforeItIsAnswered() throws {
        let (before, after, token) = try ledgerDamagedAtTheSecondPurchase()
        let server = try ServeProcess(cli)
        let bearer = ["Authorization": "Bearer \(token)"]

        let found = try server.send("GET", "/inApps/v1/transactions/\(before)", headers: bearer)
        XCTAssertEqual(found.status, 200, "\(found.json ?? [:])")
        XCTAssertNotNil(found.json?["signedTransactionInfo"] as? String)

        let notFound = [("GET", "/inApps/v1/transactions/\(after)"), ("GET", "/inApps/v2/history/\(after)"),
                        ("GET", "/inApps/v1/subscriptions/\(after)"), ("GET", "/inApps/v2/refund/lookup/\(after)"),
                        ("GET", "/inApps/v1/lookup/M\(String(UInt64(after)!, radix: 36).uppercased())"),
                        ("GET", "/inApps/v1/notifications/test/\(UUID().uuidString)")]
        for (method, path) in notFound {
            let answer = try server.send(method, path, headers: bearer)
            XCTAssertEqual(answer.status, 500, path)
            XCTAssertEqual(answer.contentType, "application/json", path)
            XCTAssertEqual(answer.json?["errorCode"] as? Int, 5_000_001, path)
            let message = answer.json?["errorMessage"] as? String ?? ""
            XCTAssertTrue(message.contains("cannot be read whole right now"), "\(path): \(message)")
            XCTAssertFalse(message.contains("\n") || message.contains("/"), message)
        }
        let result = server.stop()
        XCTAssertTrue(result.stderr.contains("answered 500") && result.stderr.contains("is malformed"), result.stderr)
    }

    /// The command line's warning at start and the server's own said the same thing twice.
    func testServeStartedOnADamagedLedgerWarnsOnceInTheServersWords() throws {
        _ = try ledgerDamagedAtTheSecondPurchase()
        let said = try ServeProcess(cli).stop()
        let lines = said.stderr.components(separatedBy: "\n")
        let warnings = lines.filter { $0.contains("\(cli.ledger) has ") }
        XCTAssertEqual(warnings, ["storefront: warning: \(cli.ledger) has a problem, so it is read-only and what is shown "
            + "stops before line 4, the first that cannot be trusted. \(cli.advised("verify")) lists the problems; \(cli.advised("repair")) "
            + "keeps the intact lines and moves the rest aside, out of the store (their transaction ids are handed out again)."], said.stderr)
        // The server's warning comes once it serves; the command line's came before.
        let serving = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("serving com.example.rage ") }, said.stderr)
        let warned = try XCTUnwrap(warnings.first.flatMap(lines.firstIndex(of:)), said.stderr)
        XCTAssertGreaterThan(warned, serving, said.stderr)
    }

    func testASoundLedgerStillAnswersAnUnknownIDWith404() throws {
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.comic.drummer"]).status, 0)
        let key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: key["keyId"] as! String,
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let answer = try server.send("GET", "/inApps/v1/transactions/999999", headers: ["Authorization": "Bearer \(token)"])
        XCTAssertEqual(answer.status, 404)
        XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_040_010)
    }
}
