import StoreEngine
import StorePostgres

extension StoreSession {
    /// Why this process may not write the store now, in the store's own words, or nil when it
    /// may: for an entitlements file what a commit would meet (permissions, an immutable file),
    /// for PostgreSQL the role's INSERT privilege (one round trip).
    public func writeRefusalNow() -> String? { location.writeRefusal(through: log) }
}

extension StoreLocation {
    /// Why this process may not write the store here, opened as `log`, or nil when it may (see
    /// `StoreSession.writeRefusalNow`).
    func writeRefusal(through log: StoreEventLog) -> String? {
        switch self {
        case .file(let path):
            return LedgerWriteAccess.refusal(ledgerPath: path)
        case .postgres:
            return (log as? PostgresEventLog)?.writeRefusal()
        }
    }
}
