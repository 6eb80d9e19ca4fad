import StoreEngine

/// What a command and the storefront say when another session sits on the store's writer lock.
extension StoreWriterLockHeld: CustomStringConvertible {
    public var description: String {
        guard let lockFile else {
            return "another session has held the writer lock of \(store), or a lock on its tables, for over \(waitedMilliseconds) ms "
                + "(pg_locks and pg_stat_activity show which)"
        }
        return "\(holder ?? "another process") has held the lock \(lockFile) of the entitlements file \(store) for over "
            + "\(waitedMilliseconds) ms"
    }
}
