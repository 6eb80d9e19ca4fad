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

    /// Said by a store as it begins a change that may be recorded. When the command was
    /// abandoned first (its handler is leaving the process), it never returns: nothing may be
    /// sent once the person was told nothing was.
    public static func markBegun() {
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

    /// Cleared when a command's change starts, so the state speaks of that change alone.
    public static func reset() { state.store(notBegun, ordering: .sequentiallyConsistent) }
}
