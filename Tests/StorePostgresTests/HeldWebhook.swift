import Foundation
import Glibc
import StorefrontTesting

/// A loopback receiver of notifications that holds each request unanswered until the test lets
/// it go, so the test can act (restart the database) while a server waits on a send.
///
/// Requests are taken one at a time; each is answered 200 and its connection closed.
final class HeldWebhook: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let condition = NSCondition()
    private var bodies: [String] = []
    private var answerable = 0
    private var isStopping = false
    private var thread: Thread?

    init() throws {
        (listener, port) = try LoopbackListener.open()
        let thread = Thread { [self] in serve() }
        self.thread = thread
        thread.start()
    }

    deinit { stop() }

    /// Where the store should send notifications.
    var url: String { "http://127.0.0.1:\(port)/notifications" }

    /// Waits up to `timeout` seconds until `count` requests arrived; whether they did.
    func waitForRequests(_ count: Int, timeout: TimeInterval = 20) -> Bool {
        condition.lock(); defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while bodies.count < count, condition.wait(until: deadline) {}
        return bodies.count >= count
    }

    /// Lets every request answer, those held now and those to come.
    func answerAll() {
        condition.lock(); defer { condition.unlock() }
        answerable = .max
        condition.broadcast()
    }

    /// The notificationUUID of each request so far, in the order they came.
    var notificationUUIDs: [String?] {
        condition.lock(); defer { condition.unlock() }
        return bodies.map(Self.notificationUUID)
    }

    /// Stops taking requests; one held is closed unanswered.
    func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        condition.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let body = Self.readBody(connection)
            condition.lock()
            bodies.append(body)
            condition.broadcast()
            while answerable < bodies.count, !isStopping { condition.wait() }
            let answer = !isStopping
            condition.unlock()
            if answer {
                let reply = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            close(connection)
        }
    }

    /// The request's body: what follows the headers, as long as its `Content-Length` says.
    private static func readBody(_ connection: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let headerEnd = text.range(of: "\r\n\r\n") else { continue }
            let length = text[..<headerEnd.lowerBound].split(separator: "\r\n")
                .first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            let body = text[headerEnd.upperBound...]
            if body.utf8.count >= length { return String(body) }
        }
        return ""
    }

    /// The notificationUUID inside a `{"signedPayload": JWS}` body; nil when it has none.
    private static func notificationUUID(_ body: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
              let token = object["signedPayload"] as? String else { return nil }
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        guard let data = Data(base64Encoded: payload),
              let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return claims["notificationUUID"] as? String
    }
}
