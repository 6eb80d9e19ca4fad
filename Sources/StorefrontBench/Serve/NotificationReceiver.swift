import Foundation

/// A webhook on 127.0.0.1 that answers every POST with 200 and notes when each arrived,
/// for timing a commit to the notification it causes.
final class NotificationReceiver: @unchecked Sendable {
    let port: UInt16
    private let listener: LoopbackSocket
    private let arrivals = NSCondition()
    /// Monotonic nanoseconds at which each complete request had arrived, in order.
    private var arrivalTimes: [UInt64] = []
    private var connections: [LoopbackSocket] = []
    private static let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)

    init() throws {
        (listener, port) = try LoopbackSocket.listen()
        Thread.detachNewThread { [self] in acceptConnections() }
    }

    /// The URL to give `settings set notification-url`.
    var url: String { "http://127.0.0.1:\(port)/notifications" }

    /// How many notifications have arrived so far.
    var count: Int { arrivals.withLock { arrivalTimes.count } }

    /// Waits until more than `count` notifications have arrived and returns when the next one
    /// did; nil when none came within `seconds`.
    func arrival(after count: Int, within seconds: Double) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        arrivals.lock()
        defer { arrivals.unlock() }
        while arrivalTimes.count <= count {
            guard arrivals.wait(until: deadline) else { return nil }
        }
        return arrivalTimes[count]
    }

    /// Stops listening and closes every connection.
    func stop() {
        listener.close()
        arrivals.withLock { connections }.forEach { $0.close() }
    }

    private func acceptConnections() {
        while let connection = listener.accept() {
            arrivals.withLock { connections.append(connection) }
            Thread.detachNewThread { [self] in answerRequests(on: connection) }
        }
    }

    /// Reads requests one after another on a connection the sender may keep alive.
    private func answerRequests(on connection: LoopbackSocket) {
        var received: [UInt8] = []
        do {
            while true {
                if let message = try HTTPMessageFraming.firstMessage(in: received) {
                    let arrived = Stopwatch.nanoseconds()
                    received.removeFirst(message.length)
                    arrivals.withLock {
                        arrivalTimes.append(arrived)
                        arrivals.broadcast()
                    }
                    try connection.write(Self.answer)
                    continue
                }
                guard try connection.read(into: &received) else { return }
            }
        } catch {
            // A broken or closed connection ends only itself; the timing waits report what is missing.
            return
        }
    }
}
