/// Another session held the store's writer lock (or another lock the commit needs, such as
/// a table lock) for longer than a commit that does not wait (`StoreEventLog.commitUnlessLockHeld`)
/// was willing to wait: nothing was read or written, and the same call may simply be made
/// again later.
///
/// A storefront's once-a-second catch-up of due renewals commits this way, so a session that
/// sits on the lock (a `psql` left in a transaction) holds up that catch-up, and says so,
/// instead of freezing the screen for the lock's whole timeout.
public struct StoreWriterLockHeld: Error, Equatable, Sendable {
    /// Where the store is, safe to show.
    public var store: ShownStoreAddress
    /// How long the commit waited for the lock before it gave up, in milliseconds.
    public var waitedMilliseconds: Int
    /// For an entitlements file, its lock file; nil for a database.
    public var lockFile: String?
    /// The process holding the lock file, as "process 1234 (flock)", when it can be told.
    public var holder: String?

    public init(store: ShownStoreAddress, waitedMilliseconds: Int, lockFile: String? = nil, holder: String? = nil) {
        self.store = store
        self.waitedMilliseconds = waitedMilliseconds
        self.lockFile = lockFile
        self.holder = holder
    }
}
