/// Cutting a damaged ledger back to the lines that verify: `storefront repair`.
extension LedgerFile {
    /// Keeps the ledger's lines before its first untrusted line, moves every byte after them
    /// into a new side file `<path>.damaged-<UTC time>`, and records the commit mark of the
    /// last kept line, all under the writer lock. Nothing is deleted.
    ///
    /// Refuses (`notRepairable`) when no line can be kept (the header does not verify, the key
    /// is missing) or when the fault is not in the ledger (a key file others can read).
    public static func repair(
        path: String, fileSystem: any FileSystem = POSIXFileSystem(), dateEncoding: LedgerDateEncoding = .iso8601
    ) throws(LedgerError) -> LedgerRepair {
        try LedgerFile(path: path, fileSystem: fileSystem, dateEncoding: dateEncoding).repairUnderLock()
    }

    /// The answer for an empty ledger: intact, with nothing made beside it (no lock file). An
    /// emptied ledger starts over whatever its lock file's commit mark says (DECISIONS.md, "Lines
    /// cut from the end"), so there is nothing to cut and no mark to write; a writer that
    /// appends meanwhile makes the answer no less true of the moment it was looked at.
    private func emptyLedger() throws(LedgerError) -> LedgerRepair? {
        do throws(FileSystemError) {
            guard try fileSystem.status(atPath: path).size == 0 else { return nil }
        } catch where error.isNotFound {
            throw .ledgerMissing(path: path)
        } catch {
            throw .fileSystem(error)
        }
        return LedgerRepair(path: path, keptLines: 0, lastKeptSequence: 0, movedTo: nil, firstMovedLine: 1,
                            movedLines: 0, movedBytes: 0, firstProblem: nil, markRewritten: false)
    }

    private func repairUnderLock() throws(LedgerError) -> LedgerRepair {
        try withLock { () throws(LedgerError) in
            // A missing ledger is said to be missing before the lock would create its folder and lock file.
            guard try refuseIfNotAFile() else { throw .ledgerMissing(path: path) }
            // Nor is the lock file made beside a file that is no ledger, which no cut could mend.
            do throws(LedgerError) {
                try refuseIfNotALedger()
            } catch {
                guard case .refusedForWriting(_, let problems) = error, let problem = problems.first else { throw error }
                throw .notRepairable(path: path, problem: problem)
            }
            if let untouched = try emptyLedger() { return untouched }
            let writerLock = try takeWriterLock()
            defer { releaseWriterLock(writerLock) }
            // From here the ledger may be cut back: a second Ctrl-C no longer finds it untouched.
            try ChangeSent.markBegun()
            let ledger: OpenFile
            do throws(FileSystemError) {
                ledger = try fileSystem.open(path, access: .readWrite, options: [], permissions: 0)
            } catch where error.isNotFound {
                throw .ledgerMissing(path: path)
            } catch {
                throw .fileSystem(error)
            }
            defer { try? fileSystem.close(ledger) }
            let markBytes = try readCommitMark(from: writerLock)
            var read = LedgerCursor()
            let readLines = try readNewLines(from: ledger, cursor: &read, holdingWriterLock: true)
            let status = readLines.status
            var problems = read.problems
            // A lock file that holds no mark at all (notes) is named as no file of the ledger's own,
            // which `repair` refuses below rather than write over it.
            if let markProblem = try commitMarkProblem(markBytes, cursor: read, tail: readLines.incompleteTail) {
                problems.append(markProblem)
            }
            if problems.isEmpty, let whole = try wholeLastLineProblem(tail: readLines.incompleteTail, cursor: read, markBytes: markBytes) {
                problems.append(whole)
            }
            if let unfixable = problems.first(where: { !$0.isRepairable && $0.firstUntrustedLine == nil })
                ?? problems.first(where: { !$0.isRepairable }) {
                throw .notRepairable(path: path, problem: unfixable)
            }
            let firstUntrusted = problems.compactMap(\.firstUntrustedLine).min()
            let bytes: [UInt8]
            do throws(FileSystemError) {
                bytes = try fileSystem.readAll(ledger, count: status.size, at: 0)
            } catch {
                throw .fileSystem(error)
            }
            let cut = Self.cut(bytes, before: firstUntrusted)
            let movedBytes = bytes.count - cut.keptLength
            let markNeedsRewrite = problems.contains { $0.firstUntrustedLine == nil } || movedBytes > 0
                || problems.contains { if case .committedLinesMissing = $0 { true } else { false } }
            guard markNeedsRewrite else {
                return LedgerRepair(path: path, keptLines: cut.keptLines, lastKeptSequence: read.lastSequence, movedTo: nil,
                                    firstMovedLine: cut.keptLines + 1, movedLines: 0, movedBytes: 0, firstProblem: nil,
                                    markRewritten: false)
            }
            var movedTo: String?
            do throws(FileSystemError) {
                if movedBytes > 0 {
                    movedTo = try createSideFile(.damaged, holding: Array(bytes[cut.keptLength...]))
                    try fileSystem.truncate(ledger, toLength: cut.keptLength)
                    try fileSystem.synchronize(ledger, dataOnly: true)
                }
            } catch {
                throw .fileSystem(error)
            }
            var kept = LedgerCursor()
            _ = try readNewLines(from: ledger, cursor: &kept, holdingWriterLock: true)
            do throws(FileSystemError) {
                try fileSystem.truncate(writerLock, toLength: 0)
            } catch {
                throw .fileSystem(error)
            }
            recordCommitMark(in: writerLock, after: kept, replacing: 0)
            return LedgerRepair(
                path: path, keptLines: kept.lineCount, lastKeptSequence: kept.lastSequence, movedTo: movedTo,
                firstMovedLine: kept.lineCount + 1, movedLines: cut.movedLines, movedBytes: movedBytes,
                firstProblem: problems.min { ($0.firstUntrustedLine ?? .max) < ($1.firstUntrustedLine ?? .max) },
                markRewritten: true)
        }
    }

    /// Where to cut `bytes`: after the line before `firstUntrusted` (1-based), or after the
    /// last complete line when every line is trusted; how many lines are kept and moved.
    private static func cut(_ bytes: [UInt8], before firstUntrusted: Int?) -> (keptLength: Int, keptLines: Int, movedLines: Int) {
        var keptLength = 0
        var keptLines = 0
        var lineCount = 0
        for (index, byte) in bytes.enumerated() where byte == LedgerLineCodec.newline {
            lineCount += 1
            if firstUntrusted.map({ lineCount < $0 }) ?? true {
                keptLength = index + 1
                keptLines = lineCount
            }
        }
        let incompleteTail = bytes.last == LedgerLineCodec.newline || bytes.isEmpty ? 0 : 1
        return (keptLength, keptLines, lineCount + incompleteTail - keptLines)
    }
}
