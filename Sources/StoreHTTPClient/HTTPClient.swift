import Foundation
import Glibc

/// One HTTP/1.1 request, over plain TCP or TLS, and its answer, within one time limit.
///
/// Small on purpose: a request goes out with `Connection: close`, so the answer ends where its
/// length, its last chunk or the connection says. No redirects are followed (a 3xx is the
/// answer), and no proxy is used.
public enum HTTPClient {
    /// The most of an answer that is read; more is a failure.
    public static let maximumAnswerBytes = 16 * 1024 * 1024

    /// Sends `method` to `url` with `headers` and `body`, and returns the answer, or why none
    /// came within `timeout`. With `readsBody` false the exchange ends at the answer's header
    /// fields (all a webhook's caller needs). `trustedCertificatesFile` (PEM) replaces the
    /// system's trusted roots for an `https` URL.
    public static func send(
        _ method: String, to url: URL, headers: [HTTPHeaderField] = [], body: [UInt8] = [], timeout: TimeInterval,
        readsBody: Bool = true, trustedCertificatesFile: String? = nil
    ) -> Result<HTTPResponse, HTTPClientFailure> {
        guard let target = HTTPTarget(url) else { return .failure(.unreachable("\(url.absoluteString) is not an http or https URL")) }
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
        return withSIGPIPEBlocked {
            do throws(HTTPClientFailure) {
                let socket = try HTTPSocket.connect(host: target.host, port: target.port, deadline: deadline)
                let channel: any HTTPByteChannel = target.usesTLS
                    ? try TLSSession(over: socket, host: target.host, trustedCertificatesFile: trustedCertificatesFile) : socket
                try channel.sendAll(requestBytes(method, target: target, headers: headers, body: body))
                var received: [UInt8] = []
                while true {
                    let chunk = try channel.receive()
                    received += chunk
                    if let response = try HTTPResponseReader.response(in: received, atEnd: chunk.isEmpty, readsBody: readsBody) {
                        return .success(response)
                    }
                    guard received.count <= maximumAnswerBytes else {
                        throw .unreachable("the answer is longer than \(maximumAnswerBytes / 1024 / 1024) MiB")
                    }
                }
            } catch {
                return .failure(error)
            }
        }
    }

    /// The request's bytes: the request line, Host, the caller's fields, the body's length.
    static func requestBytes(_ method: String, target: HTTPTarget, headers: [HTTPHeaderField], body: [UInt8]) -> [UInt8] {
        var head = "\(method) \(target.requestPath) HTTP/1.1\r\nHost: \(target.hostHeader)\r\nConnection: close\r\n"
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    /// Runs `work` with SIGPIPE blocked on this thread, and takes back one it raised: OpenSSL
    /// writes to the socket itself, and a server that closed early would otherwise end the process.
    private static func withSIGPIPEBlocked<Value>(_ work: () -> Value) -> Value {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let wasPending = sigismember(&pendingBefore, SIGPIPE) == 1
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if !wasPending, sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec()
                sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return work()
    }
}

/// Where a request's bytes go and its answer's come from: the socket, or TLS over it.
protocol HTTPByteChannel {
    /// Sends all of `bytes`.
    func sendAll(_ bytes: [UInt8]) throws(HTTPClientFailure)
    /// Receives what has come; empty once the server closed the connection.
    func receive() throws(HTTPClientFailure) -> [UInt8]
}

extension HTTPSocket: HTTPByteChannel {
    func receive() throws(HTTPClientFailure) -> [UInt8] { try receive(limit: 64 * 1024) }
}

extension TLSSession: HTTPByteChannel {
    func receive() throws(HTTPClientFailure) -> [UInt8] { try receive(limit: 64 * 1024) }
}
