import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

    /// Sends SIGTERM and waits for the process to end.
    @discardableResult
    public func stop() -> StorefrontProcess.Result {
        if command.process.isRunning { _ = Glibc.kill(command.process.processIdentifier, SIGTERM) }
        return command.wait()
    }

    deinit {
        if command.process.isRunning { command.kill() }
    }

    /// One HTTP exchange with the server through URLSession; waits for the answer.
    public func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8]? = nil) throws -> HTTPExchange {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body { request.httpBody = Data(body) }
        request.timeoutInterval = 20
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<HTTPExchange, any Error> = .failure(URLError(.timedOut))
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                outcome = .failure(error)
            } else if let response = response as? HTTPURLResponse {
                outcome = .success(HTTPExchange(status: response.statusCode,
                                                contentType: response.value(forHTTPHeaderField: "Content-Type"),
                                                body: Array(data ?? Data())))
            }
            done.signal()
        }.resume()
        done.wait()
        return try outcome.get()
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
