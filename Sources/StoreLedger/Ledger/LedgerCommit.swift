/// What a successful `commit` did.
public struct LedgerCommit<Event: Codable & Sendable, Result> {
    /// The value the decision closure returned.
    public var result: Result
    /// The entries this commit appended, in order.
    public var appended: [LedgerEntry<Event>]
    /// What other writers appended since this instance last looked, and any incomplete last
    /// line moved aside before appending; the decision closure saw the same.
    public var others: LedgerUpdate<Event>

    public init(result: Result, appended: [LedgerEntry<Event>], others: LedgerUpdate<Event>) {
        self.result = result
        self.appended = appended
        self.others = others
    }
}

extension LedgerCommit: Sendable where Result: Sendable {}
