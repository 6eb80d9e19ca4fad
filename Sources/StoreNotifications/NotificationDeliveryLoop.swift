import Foundation

/// Runs a delivery worker on a thread of its own while a server runs: a pass as soon as the
/// ledger changes (a purchase in the TUI is sent within a few tens of milliseconds), and at
/// least once a second otherwise, so retries fall due as store time runs.
public final class NotificationDeliveryLoop: @unchecked Sendable {
    private let worker: NotificationDeliveryWorker
    private let feed: NotificationFeed
    private let report: @Sendable (Error) -> Void
    private let afterPass: @Sendable () -> Void
    private let condition = NSCondition()
    private var stopping = false
    /// The running loop's thread, until `stop` has joined it.
    private var thread: JoinableThread?

    /// How often the loop looks for a change of the ledger.
    public static let pollInterval: TimeInterval = 0.02
    /// The longest time between two passes, for retries that fall due with store time.
    public static let idlePassInterval: TimeInterval = 1

    /// - Parameters:
    ///   - report: told of a pass that failed (a damaged ledger, a signing problem); the loop
    ///     goes on and tries again.
    ///   - afterPass: run after every pass, on the loop's thread, with the ledger just read
    ///     (the server checks there whether the ledger became damaged).
    public init(worker: NotificationDeliveryWorker, feed: NotificationFeed, report: @escaping @Sendable (Error) -> Void,
                afterPass: @escaping @Sendable () -> Void = {}) {
        self.worker = worker
        self.feed = feed
        self.report = report
        self.afterPass = afterPass
    }

    /// Starts the loop's thread.
    public func start() {
        condition.lock(); defer { condition.unlock() }
        precondition(thread == nil && !stopping, "a delivery loop starts once")
        thread = JoinableThread(name: "notification-delivery") { [self] in run() }
    }

    /// Stops the loop and returns once its thread has ended (the pass under way finished and
    /// everything the thread held released), so a process may exit right after.
    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        let running = thread
        thread = nil
        condition.unlock()
        running?.join()
    }

    private func run() {
        var lastPass = Date.distantPast
        while !isStopping {
            if feed.hasChanged() || Date().timeIntervalSince(lastPass) >= Self.idlePassInterval {
                do {
                    try worker.deliverDue()
                } catch {
                    report(error)
                }
                afterPass()
                lastPass = Date()
            }
            condition.lock()
            if !stopping { condition.wait(until: Date().addingTimeInterval(Self.pollInterval)) }
            condition.unlock()
        }
    }

    private var isStopping: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopping
    }
}
