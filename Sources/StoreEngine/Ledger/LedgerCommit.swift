/// What a successful `commit` did.
public struct LedgerCommit<Event: Codable & Sendable, Result> {
    /// The value the decision closure returned.
    public var result: Result
    /// The entries this commit appended, in order.
    public var appended: [LedgerEntry<Event>]
    /// What other writers appended since this instance last looked; the decision closure saw it.
    public var others: LedgerUpdate<Event>
    /// The incomplete last line found and moved aside before appending, if there was one.
    public var tornTail: TornTailReport?
}

extension LedgerCommit: Sendable where Result: Sendable {}
