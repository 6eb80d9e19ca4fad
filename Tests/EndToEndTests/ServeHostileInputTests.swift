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

    func testMalformedJSONIsRefusedWithApplesBadRequestCode() throws {
        let key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        ledgerBefore = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
        let id = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?.first?["transactionId"] as? String)
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: key["keyId"] as! String,
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        let server = try ServeProcess(cli)
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

/// A plain TCP connection to the server on loopback, for input no HTTP client would send.
final class RawConnection {
    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            sent += count
        }
    }

    /// What arrives until the answer's headers and declared body are in, or the server
    /// closes; "" when it closes without a byte. Fails after 20 seconds of silence.
    func readAnswer() throws -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count < 0 {
                if errno == ECONNRESET { break }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            if let headerEnd = text.range(of: "\r\n\r\n") {
                let length = text[..<headerEnd.lowerBound].split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<headerEnd.upperBound].utf8.count >= length { break }
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    private var isClosed = false

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    deinit { close() }
}
