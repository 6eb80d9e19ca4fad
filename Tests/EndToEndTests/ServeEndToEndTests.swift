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

    /// A directory where the server keeps its address, and a FIFO where it keeps its delivery
    /// claim, are named with what to do (before: "another storefront serve … delivers", or nothing).
    func testWhatStandsWhereTheServerKeepsItsFilesIsNamed() throws {
        let serving = cli.ledger + ".serving-com.example.rage"
        let delivering = cli.ledger + ".delivering-com.example.rage"
        try FileManager.default.createDirectory(atPath: serving, withIntermediateDirectories: false)
        XCTAssertEqual(mkfifo(delivering, 0o600), 0)
        XCTAssertTrue(FileManager.default.createFile(atPath: serving + ".moved", contents: Data("mine\n".utf8)))
        let server = try ServeProcess(cli)
        let said = server.readErrors(until: "it delivers no notifications")
        // `notifications` names both, and says no server could announce itself (before: that none delivered).
        let listed = try cli.run(["notifications"]).stdout
        XCTAssertTrue(listed.contains("No storefront serve has announced that it delivers them, and none can until what stands "
                                      + "where it keeps its address is moved away"), listed)
        XCTAssertTrue(listed.contains("\(serving) is a directory, where storefront serve keeps its address")
                      && listed.contains("\(delivering) is a named pipe (FIFO), where storefront serve keeps its claim"), listed)
        XCTAssertFalse(listed.contains("No storefront serve is delivering them"), listed)
        // Once what stood there is moved away, the server takes the claim and says so.
        XCTAssertEqual(rename(delivering, delivering + ".moved"), 0)
        let later = server.readErrors(until: "was moved away")
        let rest = server.stop().stderr
        XCTAssertTrue(later.contains("this storefront serve now delivers the app's notifications (what stood where it keeps "
                                     + "its delivery claim was moved away)"), later)
        // No other server delivers (before: "another storefront serve of this app delivers" followed the warning).
        XCTAssertFalse((said + later + rest).contains("another storefront serve"), said + later + rest)
        XCTAssertTrue(said.contains("\(serving) is a directory, where storefront serve keeps its address in an ordinary file; "
                                    + "until it is moved away (`mv -n -T \(serving) \(serving).moved-2`)"), said)
        XCTAssertTrue(said.contains("\(delivering) is a named pipe (FIFO), where storefront serve keeps its claim to deliver "
                                    + "the app's notifications in an ordinary file"), said)
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: serving, isDirectory: &isDirectory) && isDirectory.boolValue, "left as it is")
    }

    /// A server kept from its delivery claim is not named as delivering by `notifications`
    /// (before: "storefront serve is running … and delivers them"), and is once it takes it.
    func testAServerKeptFromItsClaimIsNotSaidToDeliver() throws {
        let delivering = cli.ledger + ".delivering-com.example.rage"
        try FileManager.default.createDirectory(atPath: delivering, withIntermediateDirectories: false)
        let server = try ServeProcess(cli)
        defer { server.stop() }
        _ = server.readErrors(until: "it delivers no notifications")
        let meanwhile = try cli.run(["notifications"]).stdout
        XCTAssertFalse(meanwhile.contains("is running"), meanwhile)
        XCTAssertTrue(meanwhile.contains("No storefront serve is delivering them"), meanwhile)
        // What keeps it from delivering is named too (before: only in the server's terminal).
        XCTAssertTrue(meanwhile.contains("\(delivering) is a directory, where storefront serve keeps its claim to deliver the app's "
                                         + "notifications in an ordinary file; until it is moved away (`mv -n -T \(delivering) "
                                         + "\(delivering).moved`)"), meanwhile)
        XCTAssertEqual(rename(delivering, delivering + ".moved"), 0)
        _ = server.readErrors(until: "was moved away")
        let after = try cli.run(["notifications"]).stdout
        XCTAssertTrue(after.contains("storefront serve is running (\(server.baseURL)) and delivers them"), after)
        XCTAssertFalse(after.contains("is a directory"), after)
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

    func testAPortOrTimeoutOutOfRangeIsAUsageErrorThatSaysWhatToGive() throws {
        let port = try cli.run(["serve", "--port", "99999"])
        XCTAssertEqual(port.status, 2)
        XCTAssertTrue(port.stderr.contains("from 0 to 65535"), port.stderr)
        let timeout = try cli.run(["serve", "--port", "0", "--idle-timeout", "0"])
        XCTAssertEqual(timeout.status, 2)
        XCTAssertTrue(timeout.stderr.contains("from 1 to 3600"), timeout.stderr)
    }

    /// Stopped as soon as it listens, on every address, it exits 0 each time: nothing it
    /// started is still running while the process exits.
    func testStartedAndStoppedThirtyTimesItExitsCleanlyEveryTime() throws {
        XCTAssertEqual(try cli.run(["settings", "set", "notification-url", "http://127.0.0.1:9/hook"]).status, 0)
        for run in 1...30 {
            let result = try ServeProcess(cli, arguments: ["--host", "0.0.0.0"]).stop()
            XCTAssertEqual(result.status, 0, "run \(run): \(result.stderr)")
            XCTAssertFalse(result.wasSignalled, "run \(run): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("crashed"), "run \(run): \(result.stderr)")
        }
    }

    func testSIGINTStopsItCleanlyToo() throws {
        let server = try ServeProcess(cli)
        _ = Glibc.kill(server.command.process.processIdentifier, SIGINT)
        let result = server.stop()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("stopped serving"), result.stderr)
    }

    func testAGarbageLineAppendedWhileServingIsWarnedOfOnce() throws {
        let server = try ServeProcess(cli)
        try Self.append(Data("this is not an event\n".utf8), to: cli.ledger)
        // Long enough for several passes of the delivery loop (one a second at least).
        Thread.sleep(forTimeInterval: 2.5)
        let stillServed = try server.send("GET", "/inApps/v1/transactions/1")
        XCTAssertEqual(stillServed.status, 401, "it goes on answering from the intact lines")
        let result = server.stop()
        let warnings = result.stderr.components(separatedBy: "\n").filter { $0.contains(cli.advised("repair")) }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        XCTAssertTrue(warnings.first?.contains("warning") == true, result.stderr)
    }

    func testARepairWhileServingIsToldOnceAndDamageAfterItIsWarnedOfAgain() throws {
        let server = try ServeProcess(cli)
        let garbage = Data("this is not an event\n".utf8)
        try Self.append(garbage, to: cli.ledger)
        // Each wait is long enough for several passes of the delivery loop (one a second at least).
        Thread.sleep(forTimeInterval: 2.5)
        XCTAssertEqual(try cli.run(["repair"]).status, 0)
        Thread.sleep(forTimeInterval: 2.5)
        try Self.append(garbage, to: cli.ledger)
        Thread.sleep(forTimeInterval: 2.5)
        let result = server.stop()

        let told = result.stderr.components(separatedBy: "\n").filter { $0.contains(cli.advised("repair")) || $0.contains("sound again") }
        XCTAssertEqual(told.count, 3, result.stderr)
        guard told.count == 3 else { return }
        XCTAssertTrue(told[0].hasPrefix("storefront: warning: ") && told[0].contains(cli.advised("repair")), result.stderr)
        XCTAssertEqual(told[1], "storefront: \(cli.ledger) is sound again: every line verifies, so all of it is served and it can be written")
        XCTAssertEqual(told[2], told[0])
    }

    private static func append(_ bytes: Data, to path: String) throws {
        let ledger = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try ledger.seekToEnd()
        try ledger.write(contentsOf: bytes)
        try ledger.close()
    }
}
