import Foundation

/// Runs a delivery worker on a thread of its own while a server runs: a pass as soon as the
/// ledger changes (a purchase in the TUI is sent within a few tens of milliseconds), and at
/// least once a second otherwise, so retries fall due as store time runs.
///
/// Only the process holding the store's delivery claim for the app delivers; any other stands
/// by, asking for the claim once a second, so a notification is sent by one server however
/// many serve the store, and another takes over when that one stops.
public final class NotificationDeliveryLoop: @unchecked Sendable {
    private let worker: NotificationDeliveryWorker
    private let feed: NotificationFeed
    private let claim: @Sendable () -> Bool
    private let report: @Sendable (Error) -> Void
    private let afterPass: @Sendable () -> Void
    private let claimChanged: @Sendable (_ delivering: Bool) -> Void
    private let condition = NSCondition()
    private var stopping = false
    private var finished = false

    /// How often the loop looks for a change of the ledger.
    public static let pollInterval: TimeInterval = 0.02
    /// The longest time between two passes, for retries that fall due with store time.
    public static let idlePassInterval: TimeInterval = 1

    /// - Parameters:
    ///   - claim: whether this process holds the delivery claim now, taking it when free.
    ///   - report: told of a pass that failed (a damaged ledger, a signing problem); the loop
    ///     goes on and tries again.
    ///   - afterPass: run after every pass, on the loop's thread, with the ledger just read
    ///     (the server checks there whether the ledger became damaged).
    ///   - claimChanged: told when this process starts delivering or starts standing by.
    public init(worker: NotificationDeliveryWorker, feed: NotificationFeed, claim: @escaping @Sendable () -> Bool = { true },
                report: @escaping @Sendable (Error) -> Void, afterPass: @escaping @Sendable () -> Void = {},
                claimChanged: @escaping @Sendable (_ delivering: Bool) -> Void = { _ in }) {
        self.worker = worker
        self.feed = feed
        self.claim = claim
        self.report = report
        self.afterPass = afterPass
        self.claimChanged = claimChanged
    }

    /// Starts the loop's thread.
    public func start() {
        // A store that can say when it changed (PostgreSQL's LISTEN) is then not asked 50 times a second.
        feed.listenForChanges()
        let thread = Thread { [self] in run() }
        thread.name = "notification-delivery"
        thread.start()
    }

    /// Stops the loop and waits for the pass under way, if any, to end.
    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func run() {
        var lastPass = Date.distantPast
        var delivering: Bool?
        while !isStopping {
            let idle = Date().timeIntervalSince(lastPass) >= Self.idlePassInterval
            // A server standing by only asks for the claim, once a second.
            if idle || (delivering == true && feed.hasChanged()) {
                let holds = claim()
                if holds != delivering { claimChanged(holds) }
                delivering = holds
                if holds {
                    do {
                        try worker.deliverDue()
                    } catch {
                        report(error)
                    }
                }
                afterPass()
                lastPass = Date()
            }
            condition.lock()
            if !stopping { condition.wait(until: Date().addingTimeInterval(Self.pollInterval)) }
            condition.unlock()
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private var isStopping: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopping
    }
}
