/// What keeps a store's events, so that people are told about it in its own words: lines of
/// an entitlements file, or rows of a database named by their `seq`.
public enum StoreMedium: Sendable, Hashable {
    /// An entitlements file (or a stand-in for one in memory).
    case entitlementsFile
    /// A database; `address` is where it is, safe to show (without a password).
    case database(address: ShownStoreAddress)
}
