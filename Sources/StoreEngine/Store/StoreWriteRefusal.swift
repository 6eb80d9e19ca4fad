import StoreLedger

/// The store refused to let this process write it, though it may still be read: a file system
/// that refuses the entitlements file (permissions, an immutable file, a read-only mount), or
/// a database role without the privilege to insert.
///
/// Whoever shows the store turns read-only on it rather than reporting the store broken; the
/// words come from the text module, which names the store by its `medium`.
public struct StoreWriteRefusal: Sendable, Equatable {
    /// What keeps the store, so the refusal names it in its own words.
    public var medium: StoreMedium
    /// What refused the write, in the file system's or the server's words.
    public var reason: String

    public init(medium: StoreMedium, reason: String) {
        self.medium = medium
        self.reason = reason
    }
}

/// An error that may mean the store refused a write (`StoreWriteRefusal`); each storage says
/// which of its errors do, so the storefront can turn read-only on any of them.
public protocol StoreWriteRefusing: Error {
    /// The refusal this error means, or nil when it means something else.
    var storeWriteRefusal: StoreWriteRefusal? { get }
}

extension StoreWriteRefusal {
    /// The refusal `error` means, when it means one.
    public static func of(_ error: any Error) -> StoreWriteRefusal? {
        (error as? StoreWriteRefusing)?.storeWriteRefusal
    }
}

extension LedgerError: StoreWriteRefusing {
    public var storeWriteRefusal: StoreWriteRefusal? {
        // A file of another user is never written, root's process included, whatever the file
        // system would allow: the store can still be read.
        if case .notYours = self { return StoreWriteRefusal(medium: .entitlementsFile, reason: description) }
        return writeRefusal.map { StoreWriteRefusal(medium: .entitlementsFile, reason: "\($0)") }
    }
}
