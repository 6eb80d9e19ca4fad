import Foundation
import Glibc
import Synchronization

/// Whether this process has begun a change that may reach the store: a file's writer lock
/// taken (an append can follow), or a database commit about to send its statements (they may
/// be committed however the process ends). A command's Ctrl-C handler reads it: until then the
/// command can leave at once with nothing recorded; after it, it must wait for the answer.
/// Only an atomic word, which a signal handler may touch.
public enum ChangeSent {
    private static let notBegun = 0, begun = 1, abandoned = 2
    private static let state = Atomic<Int>(0)

    /// Said by a store as it begins a change that may be recorded. Nothing may be sent once
    /// the person was told nothing was: a change run under a ticket that was abandoned first
    /// (the storefront's Esc) throws `changeAbandoned`, and when a command was abandoned first
    /// (its handler is leaving the process) this never returns.
    public static func markBegun() throws(LedgerError) {
        if let ticket = ChangeTicket.running() {
            guard ticket.markBegun() else { throw .changeAbandoned }
            return
        }
        let (_, found) = state.compareExchange(expected: notBegun, desired: begun, ordering: .sequentiallyConsistent)
        guard found == abandoned else { return }
        while true { sleep(1) }
    }

    /// Called by a signal handler: abandons the change unless it has begun, and says whether
    /// it was abandoned (so nothing of it was or will be sent).
    public static func abandonUnlessBegun() -> Bool {
        let (exchanged, found) = state.compareExchange(expected: notBegun, desired: abandoned, ordering: .sequentiallyConsistent)
        return exchanged || found == abandoned
    }

    /// Whether the command's change has begun (so may be recorded); a signal handler may ask.
    public static var hasBegun: Bool { state.load(ordering: .sequentiallyConsistent) == begun }

    /// Cleared when a command's change starts, so the state speaks of that change alone.
    public static func reset() { state.store(notBegun, ordering: .sequentiallyConsistent) }
}

/// One change of a process that runs changes one after another and may be asked to drop one
/// (the storefront, whose Esc at a payment sheet or question can come while the change still
/// waits for the entitlements file's lock). Unlike the command's process-wide word, each change
/// has its own, so dropping one can never let another through.
public final class ChangeTicket: Sendable {
    private static let notBegun = 0, begun = 1, abandoned = 2
    private let state = Atomic<Int>(0)
    private let finished = Atomic<Bool>(false)

    /// Where a thread keeps the ticket of the change it runs: per thread, so a change another
    /// thread makes meanwhile is never taken for it.
    private static let threadKey = "storefront.changeTicket"

    public init() {}

    /// Runs `body`, the change, on this thread with this ticket as the one
    /// `ChangeSent.markBegun` asks; the ticket is finished after it, whatever it did.
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        Thread.current.threadDictionary[Self.threadKey] = self
        defer {
            Thread.current.threadDictionary.removeObject(forKey: Self.threadKey)
            finished.store(true, ordering: .sequentiallyConsistent)
        }
        return try body()
    }

    /// The ticket of the change this thread runs now, if it runs one under a ticket.
    static func running() -> ChangeTicket? { Thread.current.threadDictionary[threadKey] as? ChangeTicket }

    /// Drops the change unless it has begun; true when nothing of it was or will be sent.
    public func abandonUnlessBegun() -> Bool {
        let (exchanged, found) = state.compareExchange(expected: Self.notBegun, desired: Self.abandoned,
                                                       ordering: .sequentiallyConsistent)
        return exchanged || found == Self.abandoned
    }

    /// Whether the change was dropped before it began.
    public var isAbandoned: Bool { state.load(ordering: .sequentiallyConsistent) == Self.abandoned }

    /// Whether `run` has returned.
    public var isFinished: Bool { finished.load(ordering: .sequentiallyConsistent) }

    /// Begins the change unless it was abandoned first; false when it was.
    func markBegun() -> Bool {
        let (_, found) = state.compareExchange(expected: Self.notBegun, desired: Self.begun, ordering: .sequentiallyConsistent)
        return found != Self.abandoned
    }
}
