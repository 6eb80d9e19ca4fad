import Foundation
import StorefrontTesting
import XCTest

/// An API key recorded after a line that was then damaged: the store reads only up to the
/// damage, so it cannot tell the key exists. Neither `serve` nor `api-key list` may then say
/// there is no such key and advise `api-key create`, which a damaged store refuses.
final class KeyAfterDamageTests: XCTestCase {
    var cli: StorefrontProcess!

    override func setUpWithError() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// Two purchases, then a key; the quantity of line 3 is then edited. The key's token and
    /// the damaged line's number.
    private func keyRecordedAfterTheDamage() throws -> (token: String, keyID: String, damagedLine: Int) {
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.face.random"]).status, 0)
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.pro.monthly"]).status, 0)
        let key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        var lines = try String(contentsOfFile: cli.ledger, encoding: .utf8).components(separatedBy: "\n")
        let damaged = 2
        XCTAssertTrue(lines[damaged].contains("\"quantity\":1"), lines[damaged])
        XCTAssertFalse(lines[damaged].contains("\"keyId\""), "the key must come after the damage: \(lines[damaged])")
        lines[damaged] = lines[damaged].replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":7")
        try lines.joined(separator: "\n").write(toFile: cli.ledger, atomically: false, encoding: .utf8)
        let keyID = key["keyId"] as! String
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: keyID,
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        return (token, keyID, damaged + 1)
    }

    func testServeAnswersATokenOfAKeyPastTheDamageWithARetryableInternalError() throws {
        let (token, keyID, damagedLine) = try keyRecordedAfterTheDamage()
        let server = try ServeProcess(cli)
        let answer = try server.send("GET", "/inApps/v1/transactions/1", headers: ["Authorization": "Bearer \(token)"])
        let said = server.stop()

        XCTAssertEqual(answer.status, 500, "\(answer.json ?? [:])")
        XCTAssertEqual(answer.json?["errorCode"] as? Int, 5_000_001)
        let message = answer.json?["errorMessage"] as? String ?? ""
        XCTAssertTrue(message.contains("cannot tell whether the token's API key exists"), message)
        XCTAssertFalse(message.contains("api-key create"), message)
        let report = try XCTUnwrap(said.stderr.components(separatedBy: "\n").first { $0.contains("answered 500") }, said.stderr)
        XCTAssertTrue(report.contains("no API key \(keyID)") && report.contains("may be recorded after the damage"), report)
        XCTAssertTrue(report.contains("stops before line \(damagedLine), the first that cannot be trusted"), report)
    }

    func testServeStillRefusesATokenOfAKeyNeverMadeOnASoundLedgerWith401() throws {
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.face.random"]).status, 0)
        let key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: "NOTAKEY123",
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let answer = try server.send("GET", "/inApps/v1/transactions/1", headers: ["Authorization": "Bearer \(token)"])
        XCTAssertEqual(answer.status, 401)
        XCTAssertTrue((answer.json?["errorMessage"] as? String ?? "").contains("api-key create"), "\(answer.json ?? [:])")
    }

    func testAPIKeyListSaysKeysPastTheDamageCannotBeListedRatherThanAdvisingANewOne() throws {
        let (_, _, damagedLine) = try keyRecordedAfterTheDamage()
        let listed = try cli.run(["api-key", "list"])
        XCTAssertEqual(listed.status, 3, listed.stderr)
        XCTAssertFalse(listed.stdout.contains("makes one"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("keys recorded after the damage the warning names cannot be listed"), listed.stdout)
        XCTAssertTrue(listed.stderr.contains("stops before line \(damagedLine), the first that cannot be trusted"), listed.stderr)
        XCTAssertTrue(listed.stderr.contains(cli.advised("verify") + " lists the problems; " + cli.advised("repair") + " keeps the intact lines"),
                      listed.stderr)
    }
}
