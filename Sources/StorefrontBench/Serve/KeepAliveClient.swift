import Foundation

/// One keep-alive HTTP/1.1 connection that sends the same request again and again and reads
/// each response to the end of its `Content-Length` body.
final class KeepAliveClient {
    private let socket: LoopbackSocket
    private let request: [UInt8]
    private var received: [UInt8] = []

    init(port: UInt16, request: [UInt8]) throws {
        socket = try LoopbackSocket.connect(port: port)
        self.request = request
    }

    /// Sends the request, waits for the whole response and returns its status code.
    func exchange() throws -> Int {
        try socket.write(request)
        while true {
            if let message = try framedMessage() {
                received.removeFirst(message.length)
                guard let status = message.statusCode else {
                    throw BenchError.unexpectedResult("the server answered with something other than an HTTP status line")
                }
                return status
            }
            guard try socket.read(into: &received) else {
                throw BenchError.unexpectedResult("the server closed a keep-alive connection mid-run")
            }
        }
    }

    func close() { socket.close() }

    private func framedMessage() throws -> HTTPMessageFraming.Message? {
        do {
            return try HTTPMessageFraming.firstMessage(in: received)
        } catch {
            throw BenchError.unexpectedResult("the server's response is unreadable: \(error)")
        }
    }

    /// A GET request for `path` with a bearer token, as an app's server sends it.
    static func getRequest(path: String, bearer token: String) -> [UInt8] {
        Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: application/json\r\n\r\n".utf8)
    }
}
