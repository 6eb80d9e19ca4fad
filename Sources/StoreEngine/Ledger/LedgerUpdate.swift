/// What a read found since the previous one.
public struct LedgerUpdate<Event: Codable & Sendable>: Sendable {
    /// New complete entries in file order, including unverified ones.
    public var entries: [LedgerEntry<Event>]
    /// Problems found in the lines read this time.
    public var problems: [LedgerProblem]
    /// The file was replaced, shrank or vanished since the last read: `entries` start again
    /// from the first event and everything derived from earlier reads must be discarded.
    public var restarted: Bool

    public init(entries: [LedgerEntry<Event>] = [], problems: [LedgerProblem] = [], restarted: Bool = false) {
        self.entries = entries
        self.problems = problems
        self.restarted = restarted
    }

    /// This update followed by `later`, as if both had been read at once.
    func followed(by later: LedgerUpdate<Event>) -> LedgerUpdate<Event> {
        if later.restarted { return later }
        return LedgerUpdate(
            entries: entries + later.entries,
            problems: problems + later.problems,
            restarted: restarted
        )
    }
}
