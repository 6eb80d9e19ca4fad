import Foundation
import StoreServer
import StorefrontTesting
import XCTest

/// The libmicrohttpd shell in this process (so the sanitizers see it): bodies read whole or
/// refused over the limit, answers written back, many clients at once, a clean stop.
final class HTTPServerTests: XCTestCase {
    /// Echoes what it was given: method, path, query, the body's length and a header.
    private func echoServer(limits: ServerLimits = ServerLimits()) throws -> HTTPServer {
        try HTTPServer(address: try ServerAddress.parse(host: "127.0.0.1", port: "0"), limits: limits) { request in
            .json(["method": request.method, "path": request.path, "query": request.queryValues("productId").joined(separator: ","),
                   "body": String(request.body.count), "agent": request.header("user-agent") ?? ""])
        }
    }

    private func body(of answer: String) -> [String: String]? {
        jsonBody(of: answer) as? [String: String]
    }

    /// The JSON object after the answer's headers.
    private func jsonBody(of answer: String) -> [String: Any]? {
        guard let start = answer.range(of: "\r\n\r\n") else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(answer[start.upperBound...].utf8)) as? [String: Any]
    }

    /// An echo server that keeps idle connections past the reader's 20 s, so that only a close
    /// after the answer ends one.
    private func patientEchoServer() throws -> HTTPServer {
        var limits = ServerLimits()
        limits.idleTimeoutSeconds = 60
        return try echoServer(limits: limits)
    }

    func testARequestIsReadWholeWithItsQueryHeadersAndBody() throws {
        let server = try echoServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("PUT /a/b?productId=x&productId=y HTTP/1.1\r\nHost: h\r\nUser-Agent: test\r\nContent-Length: 10\r\n\r\n01234")
        try connection.send("56789")
        let answer = try connection.readAnswer()
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), answer)
        XCTAssertEqual(body(of: answer), ["method": "PUT", "path": "/a/b", "query": "x,y", "body": "10", "agent": "test"])
    }

    func testTwoContentLengthsThatDisagreeAreRefusedWithApplesBadRequestBody() throws {
        let server = try patientEchoServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 12\r\n\r\n{}GET /y HTTP/1.1\r\n\r\n")
        let answer = try connection.readAnswer()
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 400"), answer)
        guard let fields = jsonBody(of: answer) else { return XCTFail("no JSON body: \(answer)") }
        XCTAssertEqual(fields["errorCode"] as? Int, 4_000_000)
        XCTAssertTrue((fields["errorMessage"] as? String ?? "").contains("Content-Length"), answer)
        XCTAssertEqual(try connection.readAnswer(), "", "the connection is closed: the request after the body is not read")
    }

    func testContentLengthWithChunkedIsRefusedWithApplesBodyAndTheConnectionClosed() throws {
        let server = try patientEchoServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
                            + "GET /y HTTP/1.1\r\nHost: h\r\n\r\n")
        let answer = try connection.readAnswer()
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 400"), answer)
        XCTAssertTrue(answer.lowercased().contains("\r\nconnection: close\r\n"), answer)
        guard let fields = jsonBody(of: answer) else { return XCTFail("no JSON body: \(answer)") }
        XCTAssertEqual(fields["errorCode"] as? Int, 4_000_000)
        XCTAssertTrue((fields["errorMessage"] as? String ?? "").contains("Transfer-Encoding"), answer)
        XCTAssertEqual(try connection.readAnswer(), "", "the connection is closed: the request after the body is not answered")
    }

    func testTheRefusalOfAnUnreadableRequestIsShapedByTheServersOwner() throws {
        let server = try HTTPServer(address: try ServerAddress.parse(host: "127.0.0.1", port: "0"),
                                    answerRefusingUnreadable: { refusal, path in .json(["path": path, "code": String(refusal.errorCode)], status: 400) },
                                    respond: { _ in .empty() })
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /verifyReceipt HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n")
        XCTAssertEqual(body(of: try connection.readAnswer()), ["path": "/verifyReceipt", "code": "4000000"])
    }

    func testOneContentLengthSentTwiceIsTaken() throws {
        let server = try echoServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}")
        XCTAssertEqual(body(of: try connection.readAnswer())?["body"], "2")
    }

    func testARepeatedHeaderReachesTheResponderWithEveryValue() throws {
        let server = try HTTPServer(address: try ServerAddress.parse(host: "127.0.0.1", port: "0")) { request in
            .json(["authorization": request.headerValues("Authorization").joined(separator: "|")])
        }
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /x HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer a\r\nauthorization: Bearer b\r\n\r\n")
        XCTAssertEqual(body(of: try connection.readAnswer()), ["authorization": "Bearer a|Bearer b"])
    }

    func testThePathReachesTheResponderAsSentWhileQueryValuesAreDecoded() throws {
        let server = try echoServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /a%2Fb/%31?productId=x%2Fy HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(body(of: try connection.readAnswer()), ["method": "GET", "path": "/a%2Fb/%31", "query": "x/y", "body": "0", "agent": ""])
        try connection.send("GET /c%2F%64 HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(body(of: try connection.readAnswer())?["path"], "/c%2F%64", "the next request on the connection has its own path")
    }

    func testAChunkedBodyOverTheLimitIs413() throws {
        var limits = ServerLimits()
        limits.maximumBodyBytes = 16
        let server = try echoServer(limits: limits)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let chunk = String(repeating: "a", count: 20)
        try connection.send("PUT /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n14\r\n\(chunk)\r\n0\r\n\r\n")
        XCTAssertTrue(try connection.readAnswer().hasPrefix("HTTP/1.1 413"))
    }

    func testManyClientsAtOnceAreAllAnsweredAndStopEndsEveryConnection() throws {
        let server = try echoServer()
        let connections = try (0..<64).map { _ in try RawConnection(port: server.port) }
        for connection in connections { try connection.send("GET /x HTTP/1.1\r\nHost: h\r\n\r\n") }
        for connection in connections { XCTAssertTrue(try connection.readAnswer().hasPrefix("HTTP/1.1 200")) }
        server.stop()
        XCTAssertEqual(try connections[0].readAnswer(), "", "the connection is closed by the stop")
    }

    func testAPortInUseIsReportedWithTheSystemsReason() throws {
        let server = try echoServer()
        defer { server.stop() }
        XCTAssertThrowsError(try HTTPServer(address: try ServerAddress.parse(host: "127.0.0.1", port: String(server.port))) { _ in .empty() }) {
            XCTAssertTrue("\($0)".contains("in use"), "\($0)")
        }
    }
}
