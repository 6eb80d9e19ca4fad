import Foundation
import StoreEngine

/// Runs a delivery worker on a thread of its own while a server runs: a pass as soon as the
/// ledger changes (a purchase in the TUI is sent within a few tens of milliseconds), and at
/// least once a second otherwise, so retries fall due as store time runs.
///
/// Only the process holding the store's delivery claim for the app delivers; any other stands
/// by, asking for the claim once a second, so a notification is sent by one server however
/// many serve the store, and another takes over when that one stops.
///
/// A process that may not write the store (a file it cannot write, a database role without
/// INSERT) could send a notification but not record the attempt, so the notification would stay
/// due and be sent again on every pass: such a process neither takes nor keeps the claim, and
/// asks again on each pass (once a second) whether it may write.
///
/// A store whose server cannot be reached (the claim cannot be asked for, or a pass lost its
/// connection) is a state of its own, not a failed delivery: nothing is sent meanwhile, and a
/// notification whose attempt could not be recorded is still due, so it is sent again (under
/// the same notificationUUID) once the store is back.
public final class NotificationDeliveryLoop: @unchecked Sendable {
    private let worker: NotificationDeliveryWorker
    private let feed: NotificationFeed
    private let claim: @Sendable () throws(StoreUnreachable) -> Bool
    private let claimObstacle: @Sendable () -> String?
    private let releaseClaim: @Sendable () -> Void
    private let writeRefusal: @Sendable () -> String?
    private let report: @Sendable (Error) -> Void
    private let afterPass: @Sendable () -> Void
    private let stateChanged: @Sendable (DeliveryState) -> Void
    private let condition = NSCondition()
    private var stopping = false
    /// The running loop's thread, until `stop` has joined it.
    private var thread: JoinableThread?

    /// How often the loop looks for a change of the ledger.
    public static let pollInterval: TimeInterval = 0.02
    /// The longest time between two passes, for retries that fall due with store time.
    public static let idlePassInterval: TimeInterval = 1

    /// - Parameters:
    ///   - claim: whether this process holds the delivery claim now, taking it when free;
    ///     throws when the store's server cannot be asked.
    ///   - claimObstacle: after a claim not taken, what stands in its way when that is no other
    ///     server (a directory at the claim file's path), in words; nil when another holds it.
    ///   - releaseClaim: gives the claim up, when this process finds it may not write the store.
    ///   - writeRefusal: why this process may not write the store now, or nil when it may;
    ///     asked before each pass.
    ///   - report: told of a pass that failed for another reason than an unreachable store (a
    ///     damaged ledger, a signing problem); the loop goes on and tries again.
    ///   - afterPass: run after every pass, on the loop's thread, with the ledger just read
    ///     (the server checks there whether the ledger became damaged).
    ///   - stateChanged: told of the first state and of every change: delivering, standing by,
    ///     or the store unreachable.
    public init(worker: NotificationDeliveryWorker, feed: NotificationFeed,
                claim: @escaping @Sendable () throws(StoreUnreachable) -> Bool = { true },
                claimObstacle: @escaping @Sendable () -> String? = { nil },
                releaseClaim: @escaping @Sendable () -> Void = {},
                writeRefusal: @escaping @Sendable () -> String? = { nil },
                report: @escaping @Sendable (Error) -> Void, afterPass: @escaping @Sendable () -> Void = {},
                stateChanged: @escaping @Sendable (DeliveryState) -> Void = { _ in }) {
        self.worker = worker
        self.feed = feed
        self.claim = claim
        self.claimObstacle = claimObstacle
        self.releaseClaim = releaseClaim
        self.writeRefusal = writeRefusal
        self.report = report
        self.afterPass = afterPass
        self.stateChanged = stateChanged
    }

    /// Starts the loop's thread.
    public func start() {
        // A store that can say when it changed (PostgreSQL's LISTEN) is then not asked 50 times a second.
        feed.listenForChanges()
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
            let idle = Date().timeIntervalSince(lastPass) >= Self.idlePassInterval
            // A server standing by, or waiting for its store, only tries once a second.
            if idle || (reportedState == .delivering && feed.hasChanged()) {
                announce(pass())
                afterPass()
                lastPass = Date()
            }
            condition.lock()
            if !stopping { condition.wait(until: Date().addingTimeInterval(Self.pollInterval)) }
            condition.unlock()
        }
    }

    /// The state last told to `stateChanged`; read and written on the loop's thread only.
    private var reportedState: DeliveryState?

    /// Tells `stateChanged` of `state` unless it was the last one told. On the loop's thread.
    private func announce(_ state: DeliveryState) {
        if !state.isSame(as: reportedState) { stateChanged(state) }
        reportedState = state
    }

    /// Asks for the claim and, holding it, delivers what is due; the state that came of it.
    /// A process that may not write the store gives the claim up instead, before sending
    /// anything, and also after a pass whose record of an attempt was refused.
    private func pass() -> DeliveryState {
        if let refusal = writeRefusal() {
            releaseClaim()
            return .cannotRecord(refusal)
        }
        do {
            guard try claim() else { return claimObstacle().map(DeliveryState.claimBlocked) ?? .standingBy }
            // A claim taken from standing by (or at the start) is said at once, not after a
            // backlog to a slow receiver has gone out; back from an outage, the pass tells.
            switch reportedState {
            case nil, .standingBy?, .claimBlocked?: announce(.delivering)
            default: break
            }
            try worker.deliverDue()
        } catch let lost as StoreUnreachable {
            return .storeUnreachable(lost)
        } catch {
            if let refused = StoreWriteRefusal.of(error) {
                releaseClaim()
                return .cannotRecord(refused.reason)
            }
            report(error)
        }
        return .delivering
    }

    private var isStopping: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopping
    }
}
