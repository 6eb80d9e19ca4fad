import Foundation
import StorefrontTesting
import XCTest

/// `storefront serve` as a user starts it: the line it prints, Apple-shaped refusals over a
/// real socket, and a clean stop on SIGTERM.
final class ServeEndToEndTests: XCTestCase {
    var cli: StorefrontProcess!

    override func setUpWithError() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.pro.monthly"]).status, 0)
    }

    func testItPrintsWhereItListensAndStopsCleanlyOnSIGTERM() throws {
        let server = try ServeProcess(cli)
        XCTAssertTrue(server.baseURL.hasPrefix("http://127.0.0.1:"), server.baseURL)
        XCTAssertGreaterThan(server.port, 0)
        let result = server.stop()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.wasSignalled)
    }

    func testUnknownPathsWrongMethodsAndMissingTokensGetApplesErrorBodies() throws {
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let unknown = try server.send("GET", "/inApps/v9/nothing")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.contentType, "application/json")
        XCTAssertEqual(unknown.json?["errorCode"] as? Int, 4_040_000)
        let wrongMethod = try server.send("DELETE", "/inApps/v1/transactions/1")
        XCTAssertEqual(wrongMethod.status, 405)
        let noToken = try server.send("GET", "/inApps/v1/transactions/1")
        XCTAssertEqual(noToken.status, 401)
        XCTAssertNotNil(noToken.json?["errorMessage"] as? String)
    }

    func testABodyOverTheLimitIs413AndTheLedgerIsUnchanged() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let answer = try server.send("PUT", "/inApps/v1/transactions/consumption/1", body: [UInt8](repeating: 0x7B, count: 100_000))
        XCTAssertEqual(answer.status, 413)
        XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_130_000)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cli.ledger)), before)
    }

    func testAnotherHostIsServedOnlyWithAWarning() throws {
        let server = try ServeProcess(cli, arguments: ["--host", "0.0.0.0"])
        let result = server.stop()
        XCTAssertTrue(result.stderr.contains("not a loopback address"), result.stderr)
    }

    func testAHostThatIsNotAnAddressIsAUsageError() throws {
        let result = try cli.run(["serve", "--host", "example.invalid", "--port", "0"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("is not an IP address"), result.stderr)
    }
}
