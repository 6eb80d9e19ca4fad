import StoreLedger

/// A change refused because the database's events do not verify: rows changed by hand, a key
/// that does not match, a header that is not the store's.
///
/// The file refuses with `LedgerError.refusedForWriting`, whose words are a file's (lines, and
/// `storefront repair`); a database has rows and no repair, so it says so in its own words,
/// which are in the text module (`StoreDamagedText` in StorefrontText).
public struct StoreDamaged: Error, Equatable, Sendable {
    /// Where the store is, safe to show: a server address without its password.
    public var store: ShownStoreAddress
    /// Every problem found, in the order found.
    public var problems: [LedgerProblem]

    public init(store: ShownStoreAddress, problems: [LedgerProblem]) {
        self.store = store
        self.problems = problems
    }
}
