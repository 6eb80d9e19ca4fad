import Foundation
import StorefrontApp

/// Results of effects that ran on the worker thread, waiting for the run loop to take them.
///
/// It also counts the effects sent off whose results the loop has not yet taken, so the loop
/// never sleeps on a long wait (a change signal, a timer of seconds) while one is still to come:
/// an effect whose result no other process announces (the snapshot of a newly chosen account)
/// would otherwise show only when something else woke the loop.
final class ActionMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [Action] = []
    /// Effects sent off and not yet taken back by `drain`.
    private var outstanding = 0
    /// Of those, the ones whose results are in `actions`.
    private var delivered = 0

    /// Notes an effect sent to the worker; call before it can post.
    func expect() {
        lock.lock(); defer { lock.unlock() }
        outstanding += 1
    }

    /// The results of one effect sent off with `expect`.
    func post(_ new: [Action]) {
        lock.lock(); defer { lock.unlock() }
        actions += new
        delivered += 1
    }

    /// News from the worker in the middle of an effect (its wait for a lock), which is not
    /// that effect's results: the effect is still to post them.
    func note(_ action: Action) {
        lock.lock(); defer { lock.unlock() }
        actions.append(action)
    }

    /// Everything posted since the last call, in order.
    func drain() -> [Action] {
        lock.lock(); defer { lock.unlock() }
        defer {
            actions.removeAll()
            outstanding -= delivered
            delivered = 0
        }
        return actions
    }

    /// Whether an effect was sent off that has not posted its results yet.
    var isStillRunning: Bool {
        lock.lock(); defer { lock.unlock() }
        return outstanding > delivered
    }

    /// Whether an effect was sent off whose results `drain` has not yet returned.
    var isAwaitingResults: Bool {
        lock.lock(); defer { lock.unlock() }
        return outstanding > 0
    }
}
