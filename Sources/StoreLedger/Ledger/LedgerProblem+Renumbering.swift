/// Problems found by position, named by where the lines really are.
///
/// A chain counts the lines it was fed; a database keeps each line in a row with its own
/// `seq`, and once a row is missing the two disagree. The store that fed the lines knows which
/// row each position held and renumbers its problems with that.
extension LedgerProblem {
    /// This problem with every line number it holds passed through `renumber`.
    public func renumberingLines(_ renumber: (Int) -> Int) -> LedgerProblem {
        switch self {
        case .tampered(let line): .tampered(line: renumber(line))
        case .malformed(let line, let reason): .malformed(line: renumber(line), reason: reason)
        case .sequenceGap(let line, let expected, let found): .sequenceGap(line: renumber(line), expected: expected, found: found)
        case .committedLinesMissing(let line, let committed, let lockPath):
            .committedLinesMissing(line: renumber(line), committed: committed, lockPath: lockPath)
        case .commitMarkMismatch(let line, let sequence, let lockPath):
            .commitMarkMismatch(line: renumber(line), sequence: sequence, lockPath: lockPath)
        case .lineTooLong(let line, let limit): .lineTooLong(line: renumber(line), limit: limit)
        case .bytesAfterMAC(let line, let ledgerPath, let lineMAC, let otherBytes):
            .bytesAfterMAC(line: renumber(line), ledgerPath: ledgerPath, lineMAC: lineMAC, otherBytes: otherBytes)
        case .newlineMissing(let line, let ledgerPath): .newlineMissing(line: renumber(line), ledgerPath: ledgerPath)
        case .indented(let line, let ledgerPath, let lineMAC): .indented(line: renumber(line), ledgerPath: ledgerPath, lineMAC: lineMAC)
        case .linesRunTogether(let line, let ledgerPath, let joins):
            .linesRunTogether(line: renumber(line), ledgerPath: ledgerPath, joins: joins)
        case .blankLine(let line, let ledgerPath): .blankLine(line: renumber(line), ledgerPath: ledgerPath)
        case .lineRepeated(let line, let ledgerPath): .lineRepeated(line: renumber(line), ledgerPath: ledgerPath)
        case .linesSwapped(let line, let ledgerPath, let laterMAC, let earlierMAC):
            .linesSwapped(line: renumber(line), ledgerPath: ledgerPath, laterMAC: laterMAC, earlierMAC: earlierMAC)
        case .columnsDisagree(let line, let columns): .columnsDisagree(line: renumber(line), columns: columns)
        case .keyChangedWhileOpen(let problem, let firstUnverifiedLine):
            .keyChangedWhileOpen(problem.renumberingLines(renumber), firstUnverifiedLine: renumber(firstUnverifiedLine))
        case .keyMissing, .keyUnderFormerName, .keyUnderOtherHost, .keyInvalid, .keyNotPrivate, .keyUnreadable, .keyMismatch, .newerVersion, .notALedger,
             .windowsLineEnds, .byteOrderMark, .blankLinesAboveHeader, .commitMarkDamaged, .headerMissing:
            self
        }
    }
}
