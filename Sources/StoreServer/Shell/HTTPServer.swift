import CMicroHTTPD
import Foundation
import StorefrontText

/// An HTTP server on libmicrohttpd: reads each request whole (within `ServerLimits`), asks
/// `respond` for the answer on one of the library's threads, and writes it back.
///
/// One epoll thread per pool member shares the connections; `respond` may be called from
/// several threads at once and must be thread-safe.
public final class HTTPServer: @unchecked Sendable {
    public typealias Responder = @Sendable (HTTPRequest) -> HTTPResponse
    /// The answer refusing a request to a path that the server will not read (`RequestFraming`).
    public typealias UnreadableRequestAnswer = @Sendable (_ refusal: AppStoreAPIError, _ path: String) -> HTTPResponse
    /// The largest body a request to a path may have, where its endpoint sets its own.
    public typealias BodyLimit = @Sendable (_ path: String) -> Int?

    let respond: Responder
    let answerRefusingUnreadable: UnreadableRequestAnswer
    let limits: ServerLimits
    private let bodyLimit: BodyLimit
    /// The port listened on: the asked one, or the free one the system picked for 0.
    public let port: Int
    public let address: ServerAddress
    private let lock = NSLock()
    private var daemon: OpaquePointer?

    /// Listens on `address` and starts answering at once; a request whose body's end is in
    /// doubt, or whose body is over `bodyLimit`'s limit for its path (else `limits`'), is
    /// refused with `answerRefusingUnreadable`'s answer (Apple's error body unless said).
    public init(address: ServerAddress, limits: ServerLimits = ServerLimits(),
                answerRefusingUnreadable: @escaping UnreadableRequestAnswer = { refusal, _ in refusal.response },
                bodyLimit: @escaping BodyLimit = { _ in nil },
                respond: @escaping Responder) throws(ServerStartError) {
        self.respond = respond
        self.answerRefusingUnreadable = answerRefusingUnreadable
        self.bodyLimit = bodyLimit
        self.limits = limits
        self.address = address
        let (socket, port) = try ListeningSocket.open(address, backlog: Int32(min(limits.connectionLimit, 4_096)))
        self.port = port
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let started = storefront_mhd_start(
            socket, UInt32(limits.connectionLimit), UInt32(limits.idleTimeoutSeconds), UInt32(limits.threadPoolSize),
            limits.connectionMemoryBytes, MicroHTTPCallbacks.accessHandler, context, MicroHTTPCallbacks.completedHandler, nil,
            MicroHTTPCallbacks.targetHandler, nil)
        else {
            close(socket)
            throw ServerStartError(ServerText.cannotStart(String(cString: strerror(errno))))
        }
        daemon = started
    }

    /// The largest body a request to `path` may have.
    func maximumBodyBytes(path: String) -> Int { bodyLimit(path) ?? limits.maximumBodyBytes }

    /// Connections open now (for tests and the benchmark).
    public var openConnections: Int {
        lock.lock(); defer { lock.unlock() }
        return daemon.map { Int(storefront_mhd_open_connections($0)) } ?? 0
    }

    /// Stops listening, closes every connection and waits for the threads to end.
    public func stop() {
        lock.lock()
        let running = daemon
        daemon = nil
        lock.unlock()
        if let running { MHD_stop_daemon(running) }
    }

    deinit { stop() }
}
