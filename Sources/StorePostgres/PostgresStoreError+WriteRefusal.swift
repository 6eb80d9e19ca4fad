import StoreEngine

extension PostgresStoreError: StoreWriteRefusing {
    /// A statement refused for this role's privileges (SQLSTATE 42501) or because the session
    /// may only read (25006), the store's tables included: the store can still be read (or is
    /// empty), so the storefront turns read-only.
    public var storeWriteRefusal: StoreWriteRefusal? {
        switch self {
        // A read refused (`readOnlyRole`) is no write refusal: the store cannot be read, which
        // the reader says in its own words, and a grant of INSERT would not mend it.
        case .insertRefused(let store, let reason, _), .readOnlyServer(let store, let reason, _, _), .tablesRefused(let store, let reason, _):
            StoreWriteRefusal(medium: .database(address: store), reason: reason)
        default:
            nil
        }
    }
}
