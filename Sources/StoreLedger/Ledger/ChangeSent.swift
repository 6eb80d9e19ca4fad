import Synchronization

/// Whether this process has begun a change that may reach the store: a file's writer lock
/// taken (an append can follow), or a commit begun on a database (its statements may be
/// committed however the process ends). Read by a signal handler, so only an atomic flag.
public enum ChangeSent {
    private static let begun = Atomic<Bool>(false)

    /// Said by a store as it begins a change that may be recorded.
    public static func markBegun() { begun.store(true, ordering: .relaxed) }

    /// Cleared when a command's change starts, so the flag speaks of that change alone.
    public static func reset() { begun.store(false, ordering: .relaxed) }

    /// Whether a change may have reached the store since the last `reset`.
    public static var hasBegun: Bool { begun.load(ordering: .relaxed) }
}
