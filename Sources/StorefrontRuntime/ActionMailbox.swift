import Foundation
import StorefrontApp

/// Results of effects that ran on the worker thread, waiting for the run loop to take them.
final class ActionMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [Action] = []

    func post(_ new: [Action]) {
        lock.lock(); defer { lock.unlock() }
        actions += new
    }

    /// Everything posted since the last call, in order.
    func drain() -> [Action] {
        lock.lock(); defer { lock.unlock() }
        defer { actions.removeAll() }
        return actions
    }
}
