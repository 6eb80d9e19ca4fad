/// What a read found since the previous one.
public struct LedgerUpdate<Event: Codable & Sendable>: Sendable {
    /// New complete entries in file order, including unverified ones.
    public var entries: [LedgerEntry<Event>]
    /// Problems found in the lines read this time.
    public var problems: [LedgerProblem]
    /// The file was replaced, shrank or vanished since the last read: `entries` start again
    /// from the first event and everything derived from earlier reads must be discarded.
    public var restarted: Bool
    /// Incomplete last lines this instance found while committing and moved into side files.
    public var tornTails: [TornTailReport]
    /// Only the first part of what is new was read (`LedgerFile.readNew(upTo:)`): read again
    /// for the rest.
    public var isPartial: Bool

    public init(
        entries: [LedgerEntry<Event>] = [], problems: [LedgerProblem] = [], restarted: Bool = false,
        tornTails: [TornTailReport] = [], isPartial: Bool = false
    ) {
        self.entries = entries
        self.problems = problems
        self.restarted = restarted
        self.tornTails = tornTails
        self.isPartial = isPartial
    }

    /// This update followed by `later`, as if both had been read at once.
    func followed(by later: LedgerUpdate<Event>) -> LedgerUpdate<Event> {
        if later.restarted {
            var restarted = later
            restarted.tornTails = tornTails + later.tornTails
            return restarted
        }
        return LedgerUpdate(
            entries: entries + later.entries,
            problems: problems + later.problems,
            restarted: restarted,
            tornTails: tornTails + later.tornTails,
            isPartial: later.isPartial
        )
    }
}
