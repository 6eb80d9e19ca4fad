/// What `storefront repair` did to a damaged ledger: which lines it kept, which it moved aside
/// and where, and the problem that decided the cut.
public struct LedgerRepair: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    /// Complete lines kept, the header included.
    public var keptLines: Int
    /// The sequence number of the last event kept.
    public var lastKeptSequence: Int
    /// The side file now holding everything after the kept lines; nil when nothing was moved.
    public var movedTo: String?
    /// The first moved line's number, and how many lines (an incomplete last line counted)
    /// and bytes were moved.
    public var firstMovedLine: Int
    public var movedLines: Int
    public var movedBytes: Int
    /// The first problem found, which the cut falls before; nil when only the commit mark or
    /// an incomplete last line needed attention.
    public var firstProblem: LedgerProblem?
    /// Whether the commit mark in the lock file was written again to match the kept lines.
    public var markRewritten: Bool

    public init(
        path: String, keptLines: Int, lastKeptSequence: Int, movedTo: String?, firstMovedLine: Int, movedLines: Int,
        movedBytes: Int, firstProblem: LedgerProblem?, markRewritten: Bool
    ) {
        self.path = path
        self.keptLines = keptLines
        self.lastKeptSequence = lastKeptSequence
        self.movedTo = movedTo
        self.firstMovedLine = firstMovedLine
        self.movedLines = movedLines
        self.movedBytes = movedBytes
        self.firstProblem = firstProblem
        self.markRewritten = markRewritten
    }

    /// Whether anything was changed.
    public var changedAnything: Bool { movedTo != nil || markRewritten }

    public var description: String {
        guard changedAnything else { return "\(path): intact, nothing to repair." }
        var lines = ["Repaired \(path):"]
        if let firstProblem { lines.append("  first problem: \(firstProblem)") }
        lines.append("  kept lines 1-\(keptLines) (events up to sequence number \(lastKeptSequence)); they verify")
        if let movedTo {
            let last = firstMovedLine + movedLines - 1
            let range = movedLines == 1 ? "line \(firstMovedLine)" : "lines \(firstMovedLine)-\(last)"
            lines.append("  moved \(range) (\(movedBytes) byte\(movedBytes == 1 ? "" : "s")) to \(movedTo); nothing was deleted")
            lines.append("  entitlements and balances now stand as of sequence number \(lastKeptSequence): "
                + "what the moved lines recorded is no longer in effect")
        }
        if markRewritten { lines.append("  the commit mark now records the last kept line") }
        return lines.joined(separator: "\n")
    }
}
