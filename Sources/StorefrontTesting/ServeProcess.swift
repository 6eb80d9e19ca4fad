import Foundation
import StoreHTTPClient
import Glibc

/// A running `storefront serve --port 0` and the address it printed, for tests that talk
/// to it over real sockets.
public final class ServeProcess {
    public let command: RunningCommand
    /// "http://127.0.0.1:PORT", as the server printed it.
    public let baseURL: String
    public let port: Int

    /// Starts `storefront serve --port 0` on `store` and waits for its `listening on` line.
    public init(_ store: StorefrontProcess, arguments: [String] = []) throws {
        command = try store.start(["serve", "--port", "0"] + arguments)
        var line: [UInt8] = []
        let reader = command.output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            guard !chunk.isEmpty else {
                let result = command.wait()
                throw ServeStartFailure(stderr: result.stderr, status: result.status)
            }
            line.append(contentsOf: chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("listening on "), let url = URL(string: String(text.dropFirst("listening on ".count))),
              let port = url.port else { throw ServeStartFailure(stderr: "unexpected first line: \(text)", status: -1) }
        baseURL = url.absoluteString
        self.port = port
    }

    /// Reads standard error while the server runs, until a line holds `text` (or `timeout`
    /// passes, or it ends); returns what was read, which `stop()`'s result then lacks.
    public func readErrors(until text: String, timeout: TimeInterval = 20) -> String {
        let descriptor = command.errors.fileHandleForReading.fileDescriptor
        var read: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while !String(decoding: read, as: UTF8.self).contains(text), Date() < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) >= 0 else { break }
            guard entry.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            read += buffer.prefix(count)
        }
        return String(decoding: read, as: UTF8.self)
    }

    /// Sends SIGTERM and waits for the process to end.
    @discardableResult
    public func stop() -> StorefrontProcess.Result {
        if command.process.isRunning { _ = Glibc.kill(command.process.processIdentifier, SIGTERM) }
        return command.wait()
    }

    deinit {
        if command.process.isRunning { command.kill() }
    }

    /// One HTTP exchange with the server; waits at most 20 seconds for the whole answer.
    public func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8]? = nil) throws -> HTTPExchange {
        let fields = headers.sorted { $0.key < $1.key }.map { HTTPHeaderField(name: $0.key, value: $0.value) }
        let response = try HTTPClient.send(method, to: URL(string: baseURL + path)!, headers: fields, body: body ?? [], timeout: 20).get()
        return HTTPExchange(status: response.status, contentType: response.header("Content-Type"), body: response.body)
    }
}

/// What the server answered to one request.
public struct HTTPExchange: Sendable {
    public var status: Int
    public var contentType: String?
    public var body: [UInt8]

    /// The body as a JSON object, or nil.
    public var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }
}

/// `serve` ended before saying where it listens.
public struct ServeStartFailure: Error, CustomStringConvertible {
    public var stderr: String
    public var status: Int32
    public var description: String { "storefront serve did not start (status \(status)): \(stderr)" }
}
