import StoreEngine

extension PostgresStoreError: StoreWriteRefusing {
    /// A statement refused for this role's privileges (SQLSTATE 42501) or because the session
    /// may only read (25006): the store can still be read, so the storefront turns read-only.
    public var storeWriteRefusal: StoreWriteRefusal? {
        guard case .readOnlyRole(let store, let reason) = self else { return nil }
        return StoreWriteRefusal(medium: .database(address: store), reason: reason)
    }
}
