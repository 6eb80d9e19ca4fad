import Foundation
import StorefrontTesting
import XCTest

/// Bad HTTP input over real sockets: never a crash, a hang or a change to the ledger.
final class ServeHostileInputTests: XCTestCase {
    var cli: StorefrontProcess!
    var ledgerBefore = Data()

    override func setUpWithError() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.comic.drummer"]).status, 0)
        ledgerBefore = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
    }

    override func tearDownWithError() throws {
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cli.ledger)), ledgerBefore, "bad input changed the ledger")
    }

    /// A server started after `api-key create`, a token signed with that key, and the id of the
    /// purchase made in setUp; the key's event counts as the ledger before the bad input.
    private func serveWithAKey() throws -> (server: ServeProcess, token: String, transactionID: String) {
        let key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        ledgerBefore = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
        let id = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?.first?["transactionId"] as? String)
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: key["keyId"] as! String,
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        return (try ServeProcess(cli), token, id)
    }

    func testMalformedJSONIsRefusedWithApplesBadRequestCode() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        for body in ["{not json", "[1,2]", "", "{\"extendByDays\": \"ten\"}"] {
            let answer = try server.send("PUT", "/inApps/v1/subscriptions/extend/\(id)",
                                         headers: ["Authorization": "Bearer \(token)"], body: Array(body.utf8))
            XCTAssertEqual(answer.status, 400, body)
            XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_000_000, body)
        }
        let badID = try server.send("PUT", "/inApps/v1/subscriptions/extend/12ab", headers: ["Authorization": "Bearer \(token)"],
                                    body: Array("{}".utf8))
        XCTAssertEqual(badID.json?["errorCode"] as? Int, 4_000_008)
    }

    func testJSONOfTheWrongShapeSaysWhichFieldWithoutSwiftTypeNames() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let cases = [("PUT", "/inApps/v1/subscriptions/extend/\(id)", #"{"extendByDays":1.5,"extendReasonCode":1,"requestIdentifier":"a"}"#, "extendByDays"),
                     ("PUT", "/inApps/v1/transactions/consumption/\(id)", #"{"consumptionStatus":1e30}"#, "consumptionStatus"),
                     ("POST", "/inApps/v1/notifications/history", "{", "not a JSON object")]
        for (method, path, body, said) in cases {
            let answer = try server.send(method, path, headers: ["Authorization": "Bearer \(token)"], body: Array(body.utf8))
            XCTAssertEqual(answer.status, 400, body)
            let message = answer.json?["errorMessage"] as? String ?? ""
            XCTAssertTrue(message.contains(said), "\(body): \(message)")
            XCTAssertFalse(message.contains("DecodingError") || message.contains("Swift") || message.contains("Int"), "\(body): \(message)")
        }
    }

    func testThreeHundredConnectionsAtOnceAreAllAnswered() throws {
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let sockets = try (0..<300).map { _ in try RawConnection(port: server.port) }
        for socket in sockets { try socket.send("GET /inApps/v9/none HTTP/1.1\r\nHost: localhost\r\n\r\n") }
        for socket in sockets {
            XCTAssertTrue(try socket.readAnswer().hasPrefix("HTTP/1.1 404"))
        }
        sockets.forEach { $0.close() }
        XCTAssertEqual(try server.send("GET", "/inApps/v9/none").status, 404, "the server still answers afterwards")
    }

    func testAnIdleOrSlowConnectionIsClosedAfterTheTimeout() throws {
        let server = try ServeProcess(cli, arguments: ["--idle-timeout", "1"])
        defer { server.stop() }
        let idle = try RawConnection(port: server.port)
        let slow = try RawConnection(port: server.port)
        try slow.send("GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: loc")
        let started = Date()
        XCTAssertEqual(try idle.readAnswer(), "", "an idle connection is closed without an answer")
        XCTAssertEqual(try slow.readAnswer(), "", "a request never finished gets no answer")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(try server.send("GET", "/inApps/v9/none").status, 404)
    }

    func testGarbageRequestLinesAndHugeHeadersAreRefusedWithoutACrash() throws {
        // A line the library waits to see completed is closed by the timeout, kept short here.
        let server = try ServeProcess(cli, arguments: ["--idle-timeout", "2"])
        defer { server.stop() }
        for garbage in ["\u{0}\u{1}\u{2}nonsense\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n",
                        "GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n",
                        "PUT /inApps/v1/transactions/consumption/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\n"] {
            let socket = try RawConnection(port: server.port)
            try? socket.send(garbage)
            let answer = try socket.readAnswer()
            XCTAssertTrue(answer.isEmpty || answer.hasPrefix("HTTP/1."), answer)
            XCTAssertFalse(answer.hasPrefix("HTTP/1.1 200"), answer)
            socket.close()
        }
        XCTAssertEqual(try server.send("GET", "/inApps/v9/none").status, 404)
        XCTAssertEqual(server.stop().status, 0)
    }
}
