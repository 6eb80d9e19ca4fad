/// The result of checking a whole ledger file, for `storefront verify`.
public struct LedgerVerification: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    /// Complete lines, the header included.
    public var lineCount: Int
    /// Event lines that decoded.
    public var entryCount: Int
    /// The sequence number of the last event line.
    public var lastSequence: Int
    /// Every problem, in file order.
    public var problems: [LedgerProblem]
    /// Bytes after the last newline: an incomplete line, which the next write moves aside.
    /// It is not a problem by itself.
    public var incompleteLastLineBytes: Int
    /// The MAC text of the last complete line: with `lastSequence`, the ledger's head, to keep
    /// elsewhere and compare later (nil when that line had none).
    public var headMAC: String?

    /// Whether every line verified.
    public var isIntact: Bool { problems.isEmpty }

    public init(
        path: String, lineCount: Int, entryCount: Int, lastSequence: Int, problems: [LedgerProblem],
        incompleteLastLineBytes: Int, headMAC: String? = nil
    ) {
        self.headMAC = headMAC
        self.path = path
        self.lineCount = lineCount
        self.entryCount = entryCount
        self.lastSequence = lastSequence
        self.problems = problems
        self.incompleteLastLineBytes = incompleteLastLineBytes
    }

    public var description: String {
        var lines: [String] = []
        if isIntact {
            lines.append("\(path): intact, \(entryCount) event\(entryCount == 1 ? "" : "s"), last sequence number \(lastSequence)")
        } else {
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            lines.append("\(path): \(count)")
            lines += problems.map { "  - \($0)" }
        }
        // A whole line that lost only its newline, or lines run together there, is said as that,
        // among the problems: no crash left it, and `repair` does not move it aside.
        if incompleteLastLineBytes > 0, !problems.contains(where: { problem in
            switch problem {
            case .newlineMissing: true
            case .linesRunTogether(let line, _, _): line > lineCount
            default: false
            }
        }) {
            // A damaged ledger refuses every write, so only `repair` can move the line aside.
            let remedy = isIntact ? "the next write moves it aside into a .torn file"
                : "`storefront repair` moves it aside with the lines that cannot be trusted"
            let bytes = "\(incompleteLastLineBytes) byte\(incompleteLastLineBytes == 1 ? "" : "s")"
            lines.append("  note: the last line is incomplete (\(bytes)); \(remedy)")
        }
        return lines.joined(separator: "\n")
    }
}
