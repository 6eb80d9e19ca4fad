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

    /// A server started after `api-key create` (with `arguments`), a token signed with that key,
    /// and the id of the purchase made in setUp; the key's event counts as the ledger before the
    /// bad input.
    private func serveWithAKey(arguments: [String] = []) throws -> (server: ServeProcess, token: String, transactionID: String) {
        let key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        ledgerBefore = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
        let id = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?.first?["transactionId"] as? String)
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: key["keyId"] as! String,
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        return (try ServeProcess(cli, arguments: arguments), token, id)
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

    /// Before: a renewal's id extended its subscription as the original's would.
    func testExtendingByALaterTransactionOfTheSubscriptionIsNotFoundAndNamesTheOriginal() throws {
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.pro.yearly"]).status, 0)
        XCTAssertEqual(try cli.run(["renew", "com.example.rage.pro.yearly"]).status, 0)
        let records = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray())
        let renewal = try XCTUnwrap(records.first { ($0["transactionId"] as? String) != ($0["originalTransactionId"] as? String) })
        let (renewalID, originalID) = (try XCTUnwrap(renewal["transactionId"] as? String), try XCTUnwrap(renewal["originalTransactionId"] as? String))
        let (server, token, _) = try serveWithAKey()
        defer { server.stop() }
        let answer = try server.send("PUT", "/inApps/v1/subscriptions/extend/\(renewalID)", headers: ["Authorization": "Bearer \(token)"],
                                     body: Array(#"{"extendByDays":3,"extendReasonCode":1,"requestIdentifier":"outage-1"}"#.utf8))
        XCTAssertEqual(answer.status, 404)
        XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_040_005)
        let message = try XCTUnwrap(answer.json?["errorMessage"] as? String)
        XCTAssertTrue(message.contains("is not an original transaction id") && message.contains(originalID), message)
    }

    func testJSONOfTheWrongShapeSaysWhichFieldWithoutSwiftTypeNames() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let cases = [("PUT", "/inApps/v1/subscriptions/extend/\(id)", #"{"extendByDays":1.5,"extendReasonCode":1,"requestIdentifier":"a"}"#, "extendByDays"),
                     ("PUT", "/inApps/v1/transactions/consumption/\(id)", #"{"consumptionStatus":1e30}"#, "consumptionStatus"),
                     ("POST", "/inApps/v1/notifications/history", "{", "at byte 1, the body ends inside an object")]
        for (method, path, body, said) in cases {
            let answer = try server.send(method, path, headers: ["Authorization": "Bearer \(token)"], body: Array(body.utf8))
            XCTAssertEqual(answer.status, 400, body)
            let message = answer.json?["errorMessage"] as? String ?? ""
            XCTAssertTrue(message.contains(said), "\(body): \(message)")
            XCTAssertFalse(message.contains("DecodingError") || message.contains("Swift") || message.contains("Int"), "\(body): \(message)")
        }
    }

    /// The status, `Content-Type` and JSON body of the answer to `request`, sent as written.
    private func exchange(_ server: ServeProcess, _ request: String) throws -> (status: Int, contentType: String?, json: [String: Any]?) {
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        try connection.send(request)
        return parsed(try connection.readAnswer())
    }

    /// The status, `Content-Type` and JSON body of a raw answer.
    private func parsed(_ answer: String) -> (status: Int, contentType: String?, json: [String: Any]?) {
        let head = answer.components(separatedBy: "\r\n\r\n").first ?? ""
        let lines = head.components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        let contentType = lines.first { $0.lowercased().hasPrefix("content-type:") }?.dropFirst("content-type:".count)
            .trimmingCharacters(in: .whitespaces)
        let body = answer.range(of: "\r\n\r\n").map { Data(answer[$0.upperBound...].utf8) } ?? Data()
        return (status, contentType, (try? JSONSerialization.jsonObject(with: body)) as? [String: Any])
    }

    func testAnEncodedSlashInAnIDRoutesNowhereElseAndEncodedDigitsAreDigits() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let authorization = "Host: localhost\r\nAuthorization: Bearer \(token)\r\n"
        let encodedDigits = id.map { "%3\($0)" }.joined()
        let info = try exchange(server, "GET /inApps/v1/transactions/\(encodedDigits) HTTP/1.1\r\n\(authorization)\r\n")
        XCTAssertEqual(info.status, 200, "percent-encoded digits are the digits")
        XCTAssertNotNil(info.json?["signedTransactionInfo"] as? String)
        let consumption = #"{"customerConsented":true,"consumptionStatus":1,"platform":1,"sampleContentProvided":false,"deliveryStatus":0}"#
        let slashed = try exchange(server, "PUT /inApps/v1/transactions/consumption%2F\(id) HTTP/1.1\r\n\(authorization)"
                                   + "Content-Length: \(consumption.utf8.count)\r\n\r\n\(consumption)")
        XCTAssertEqual(slashed.status, 405, "consumption%2F is not the consumption endpoint's path")
        XCTAssertEqual(slashed.json?["errorCode"] as? Int, 4_050_000)
        let split = try exchange(server, "GET /inApps/v1/transactions/1%2F2 HTTP/1.1\r\n\(authorization)\r\n")
        XCTAssertEqual(split.status, 400)
        XCTAssertEqual(split.json?["errorCode"] as? Int, 4_000_006)
        XCTAssertTrue((split.json?["errorMessage"] as? String ?? "").contains("1/2"), "\(split.json ?? [:])")
    }

    /// RFC 9112 §3.2: an HTTP/1.1 request has one Host header; §3.2.2: an absolute-form target
    /// is accepted as its path (before: no Host answered 200, and the absolute form was 404).
    func testHostHeadersAndAnAbsoluteFormTarget() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let authorization = "Authorization: Bearer \(token)\r\n"
        let absolute = try exchange(server, "GET http://127.0.0.1:\(server.port)/inApps/v1/transactions/\(id) HTTP/1.1\r\nHost: localhost\r\n\(authorization)\r\n")
        XCTAssertEqual(absolute.status, 200, "the absolute form's path is served")
        XCTAssertNotNil(absolute.json?["signedTransactionInfo"] as? String)
        let noHost = try exchange(server, "GET /inApps/v1/transactions/\(id) HTTP/1.1\r\n\(authorization)\r\n")
        XCTAssertEqual(noHost.status, 400)
        XCTAssertTrue((noHost.json?["errorMessage"] as? String ?? "").contains("needs a Host header"), "\(noHost.json ?? [:])")
        let twoHosts = try exchange(server, "GET /inApps/v1/transactions/\(id) HTTP/1.1\r\nHost: a\r\nHost: b\r\n\(authorization)\r\n")
        XCTAssertEqual(twoHosts.status, 400)
        let oldVersion = try exchange(server, "GET /inApps/v1/transactions/\(id) HTTP/1.0\r\n\(authorization)\r\n")
        XCTAssertEqual(oldVersion.status, 200, "HTTP/1.0 has no Host to require")
    }

    /// RFC 9112 §6.1: a server may refuse a message framed both ways, and must close the
    /// connection after answering it, so that nothing after it is read as another request.
    func testContentLengthWithChunkedIsRefusedUnrecordedAndTheConnectionClosed() throws {
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.face.random"]).status, 0)
        // Idle connections are kept past the reader's 20 s, so only closing after the answer ends it.
        let (server, token, _) = try serveWithAKey(arguments: ["--idle-timeout", "60"])
        defer { server.stop() }
        let face = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?
            .first { $0["productId"] as? String == "com.example.rage.face.random" }?["transactionId"] as? String)
        let body = #"{"customerConsented":true,"consumptionStatus":1,"platform":1,"sampleContentProvided":false,"deliveryStatus":0,"#
            + #""accountTenure":0,"playTime":0,"lifetimeDollarsRefunded":0,"lifetimeDollarsPurchased":0,"userStatus":0}"#
        let authorization = "Host: localhost\r\nAuthorization: Bearer \(token)\r\n"
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        try connection.send("PUT /inApps/v1/transactions/consumption/\(face) HTTP/1.1\r\n\(authorization)"
                            + "Content-Length: \(body.utf8.count)\r\nTransfer-Encoding: chunked\r\n\r\n"
                            + "\(String(body.utf8.count, radix: 16))\r\n\(body)\r\n0\r\n\r\n"
                            + "GET /inApps/v1/transactions/\(face) HTTP/1.1\r\n\(authorization)\r\n")
        let answer = parsed(try connection.readAnswer())
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.contentType, "application/json")
        XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_000_000)
        XCTAssertTrue((answer.json?["errorMessage"] as? String ?? "").contains("Transfer-Encoding"), "\(answer.json ?? [:])")
        XCTAssertEqual(try connection.readAnswer(), "", "the request behind it is not answered: the connection is closed")
        // tearDown checks that the consumption information was not recorded.
    }

    func testContentLengthWithChunkedAtVerifyReceiptIsItsMalformedStatus() throws {
        let server = try ServeProcess(cli, arguments: ["--idle-timeout", "60"])
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        try connection.send("POST /verifyReceipt HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        let answer = parsed(try connection.readAnswer())
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.json?["status"] as? Int, 21_002)
        XCTAssertEqual(try connection.readAnswer(), "")
    }

    func testATrailingSlashIsAnUnknownPathOnEveryEndpoint() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let authorization = ["Authorization": "Bearer \(token)"]
        let asked = [("GET", "/inApps/v1/transactions/\(id)/"), ("GET", "/inApps/v2/history/\(id)/"),
                     ("GET", "/inApps/v1/subscriptions/\(id)/"), ("GET", "/inApps/v2/refund/lookup/\(id)/"),
                     ("GET", "/inApps/v1/lookup/MABC123/"), ("PUT", "/inApps/v1/transactions/consumption/\(id)/"),
                     ("PUT", "/inApps/v1/subscriptions/extend/\(id)/"), ("POST", "/verifyReceipt/"),
                     ("POST", "/inApps/v1/notifications/test/"), ("GET", "/inApps/v1/notifications/test/\(UUID().uuidString)/"),
                     ("POST", "/inApps/v1/notifications/history/")]
        for (method, path) in asked {
            let answer = try server.send(method, path, headers: authorization, body: method == "GET" ? nil : Array("{}".utf8))
            XCTAssertEqual(answer.status, 404, "\(method) \(path)")
            XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_040_000, "\(method) \(path)")
        }
        XCTAssertEqual(try server.send("GET", "/inApps/v1/transactions/\(id)", headers: authorization).status, 200, "without the slash it is served")
    }

    /// Apple's rules for the notification history's filters (before: both filters, or a subtype
    /// alone, were answered 200; a negative date was said to be missing).
    func testNotificationHistoryRefusesFiltersAppleRefuses() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let cases = [(#"{"startDate":0,"endDate":1,"notificationType":"REFUND","transactionId":"\#(id)"}"#, 4_000_019, "not both"),
                     (#"{"startDate":0,"endDate":1,"notificationSubtype":"INITIAL_BUY"}"#, 4_000_018, "without its notificationType"),
                     (#"{"startDate":-5,"endDate":1}"#, 4_000_015, "startDate -5 is before 1970"),
                     (#"{"startDate":0,"endDate":-1}"#, 4_000_016, "endDate -1 is before 1970"),
                     (#"{"endDate":1}"#, 4_000_015, "needs startDate")]
        for (body, code, said) in cases {
            let answer = try server.send("POST", "/inApps/v1/notifications/history", headers: ["Authorization": "Bearer \(token)"],
                                         body: Array(body.utf8))
            XCTAssertEqual(answer.status, 400, body)
            XCTAssertEqual(answer.json?["errorCode"] as? Int, code, body)
            XCTAssertTrue((answer.json?["errorMessage"] as? String ?? "").contains(said), "\(body): \(answer.json ?? [:])")
        }
        let typeAndSubtype = try server.send("POST", "/inApps/v1/notifications/history", headers: ["Authorization": "Bearer \(token)"],
                                             body: Array(#"{"startDate":0,"endDate":1,"notificationType":"SUBSCRIBED","notificationSubtype":"INITIAL_BUY"}"#.utf8))
        XCTAssertEqual(typeAndSubtype.status, 200)
    }

    func testANumberTooLargeForADoubleIsOutOfRangeWithTheCodeOfAWrongValueOfItsField() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let cases = [("PUT", "/inApps/v1/subscriptions/extend/\(id)", #"{"extendByDays":1e400,"extendReasonCode":1,"requestIdentifier":"a"}"#,
                      "extendByDays", 4_000_009),
                     ("PUT", "/inApps/v1/transactions/consumption/\(id)", #"{"customerConsented":true,"consumptionStatus":-1e400}"#,
                      "consumptionStatus", 4_000_034),
                     ("POST", "/inApps/v1/notifications/history", #"{"startDate":0,"endDate":1e400}"#, "endDate", 4_000_016),
                     ("POST", "/inApps/v1/notifications/history", #"{"startDate":0,"endDate":1,"extra":[1E+999]}"#, "extra[0]", 4_000_000)]
        for (method, path, body, field, code) in cases {
            let answer = try server.send(method, path, headers: ["Authorization": "Bearer \(token)"], body: Array(body.utf8))
            let message = answer.json?["errorMessage"] as? String ?? ""
            XCTAssertEqual(answer.status, 400, body)
            XCTAssertEqual(answer.json?["errorCode"] as? Int, code, body)
            XCTAssertTrue(message.contains(field) && message.contains("out of range"), "\(body): \(message)")
        }
        let receipt = try server.send("POST", "/verifyReceipt", body: Array(#"{"receipt-data":"AAAA","exclude-old-transactions":1e400}"#.utf8))
        XCTAssertEqual(receipt.status, 200)
        XCTAssertEqual(receipt.json?["status"] as? Int, 21_002)
    }

    func testAMalformedBodyIsToldWhatIsWrongAndWhereKeepingItsCode() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let deep = String(repeating: #"{"a":"#, count: 511) + "{}" + String(repeating: "}", count: 511)
        let cases = [(#"{"a":[1,2"#, "at byte 9, the body ends where ',' or ']' in an array was expected"),
                     (deep, "nesting is deeper than 256 levels")]
        for (body, said) in cases {
            let answer = try server.send("PUT", "/inApps/v1/subscriptions/extend/\(id)", headers: ["Authorization": "Bearer \(token)"],
                                         body: Array(body.utf8))
            let message = answer.json?["errorMessage"] as? String ?? ""
            XCTAssertEqual(answer.status, 400, message)
            XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_000_000, message)
            XCTAssertTrue(message.contains(said) && !message.contains("not a JSON object"), message)
        }
        let receipt = try server.send("POST", "/verifyReceipt", body: Array(#"{"receipt-data":"AAAA""#.utf8))
        XCTAssertEqual(receipt.json?["status"] as? Int, 21_002)
        let written = try server.send("PUT", "/inApps/v1/subscriptions/extend/\(id)", headers: ["Authorization": "Bearer \(token)"],
                                      body: Array(#"{"extendByDays":1e2,"extendReasonCode":1,"requestIdentifier":"a"}"#.utf8))
        XCTAssertEqual(written.json?["errorCode"] as? Int, 4_000_009)
        XCTAssertTrue((written.json?["errorMessage"] as? String ?? "").hasPrefix("1e2 is not a valid extendByDays"), "\(written.json ?? [:])")
        let longID = String(repeating: "9", count: 50)
        let badID = try server.send("GET", "/inApps/v1/transactions/\(longID)", headers: ["Authorization": "Bearer \(token)"])
        XCTAssertTrue((badID.json?["errorMessage"] as? String ?? "").hasPrefix("\"\(longID.prefix(40))…\" is not a transaction id"),
                      "\(badID.json ?? [:])")
    }

    func testABodyWithAKeyGivenTwiceIsRefusedNamingTheKey() throws {
        let (server, token, id) = try serveWithAKey()
        defer { server.stop() }
        let body = #"{"extendByDays":1,"extendReasonCode":1,"requestIdentifier":"a","extendByDays":90}"#
        let answer = try server.send("PUT", "/inApps/v1/subscriptions/extend/\(id)", headers: ["Authorization": "Bearer \(token)"],
                                     body: Array(body.utf8))
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_000_000)
        XCTAssertTrue((answer.json?["errorMessage"] as? String ?? "").contains("extendByDays"), "\(answer.json ?? [:])")
    }

    func testADeclaredLengthOverTheLimitIsApplesShapeUpToTheLargestNumberTheLibraryReads() throws {
        let server = try ServeProcess(cli)
        defer { server.stop() }
        for length in ["65537", "99999999999", "18446744073709551615"] {
            let answer = try exchange(server, "PUT /inApps/v1/transactions/consumption/1 HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n")
            XCTAssertEqual(answer.status, 413, length)
            XCTAssertEqual(answer.contentType, "application/json", length)
            XCTAssertEqual(answer.json?["errorCode"] as? Int, 4_130_000, length)
        }
        // What README Limits says the library answers itself, before any of the server's code runs.
        for (length, status) in [("18446744073709551616", 413), ("-1", 400), ("+5", 400), ("5x", 400)] {
            let answer = try exchange(server, "PUT /inApps/v1/transactions/consumption/1 HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n")
            XCTAssertEqual(answer.status, status, length)
            XCTAssertNil(answer.json, length)
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
