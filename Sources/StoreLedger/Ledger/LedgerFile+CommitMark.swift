import Glibc

/// Recording and checking the commit mark (see `LedgerCommitMark`) in the lock file.
extension LedgerFile {
    /// Reads the lock file `file`, which holds the commit mark.
    func readCommitMark(from file: OpenFile) throws(LedgerError) -> [UInt8] {
        do {
            return try fileSystem.readAll(file, count: LedgerCommitMark.maximumLength, at: 0)
        } catch {
            throw .fileSystem(error)
        }
    }

    /// Reads the lock file at `lockPath` without locking it; a missing file holds no mark.
    func readCommitMark() throws(LedgerError) -> [UInt8] {
        do throws(FileSystemError) {
            return try readCommitMarkBytes()
        } catch {
            throw .fileSystem(error)
        }
    }

    private func readCommitMarkBytes() throws(FileSystemError) -> [UInt8] {
        let file: OpenFile
        do throws(FileSystemError) {
            file = try fileSystem.open(lockPath, access: .readOnly, options: [], permissions: 0)
        } catch where error.isNotFound {
            return []
        }
        defer { try? fileSystem.close(file) }
        return try fileSystem.readAll(file, count: LedgerCommitMark.maximumLength, at: 0)
    }

    /// What the commit mark `markBytes` says is wrong with what `cursor` has read from an
    /// existing ledger file, if anything.
    ///
    /// A cursor whose header verified checks the mark with its key. A file cut inside line 1
    /// is checked with the key file's key: beside a mark, it lost committed lines; without one,
    /// it is a ledger whose creation was cut short (a new ledger empties the lock file before
    /// writing its first line). An empty file starts over like a missing one, since a crash
    /// between creating it and emptying the lock file leaves the same. A cursor whose header
    /// did not verify, or that stopped reading, has a problem already.
    /// `tail`: the bytes after the ledger's last newline, which may be the committed line
    /// itself with only its newline taken away.
    func commitMarkProblem(_ markBytes: [UInt8], cursor: LedgerCursor, tail: ArraySlice<UInt8> = []) throws(LedgerError) -> LedgerProblem? {
        // A halted read stopped at a problem already reported; what lies after it is unread.
        if cursor.isHalted { return nil }
        let key: LedgerKey
        if cursor.isVerifying, case .loaded(let loaded) = cursor.key {
            key = loaded
        } else if !cursor.hasReadHeader, cursor.observedSize > 0, !markBytes.isEmpty,
            case .key(let loaded) = try LedgerKey.load(from: keyPath, fileSystem: fileSystem)
        {
            key = loaded
        } else {
            return nil
        }
        switch try LedgerCommitMark.read(markBytes, key: key) {
        case .absent:
            return nil
        case .damaged(let reason):
            return .commitMarkDamaged(lockPath: lockPath, reason: reason, notOwnFile: lockPathNotOwnFile())
        case .mark(let mark):
            if cursor.hasReadHeader, mark.sequence == cursor.lastSequence + 1,
               try Self.isWholeNextLine(tail, cursor: cursor, key: key, mac: mark.lineMAC) {
                // Not cut short: an editor that drops a file's last newline left it whole.
                return .newlineMissing(line: cursor.lineCount + 1, ledgerPath: path)
            }
            if !cursor.hasReadHeader || mark.sequence > cursor.lastSequence {
                if let joined = try linesRunTogether(inTail: tail, cursor: cursor, key: key) { return joined }
                // The last line could not be read as a line, so its sequence number is unknown:
                // it is named for that, not as lines cut from the end after it.
                if case .malformed(let line, _)? = cursor.problems.last, line == cursor.lineCount { return nil }
                return .committedLinesMissing(line: cursor.lineCount + 1, committed: mark.sequence, lockPath: lockPath)
            }
            if let line = cursor.line(holding: mark.sequence), line.mac != mark.lineMAC {
                return .commitMarkMismatch(line: line.number, sequence: mark.sequence, lockPath: lockPath)
            }
            return nil
        }
    }

    /// Whether `tail` is a whole line, the next after those `cursor` read, chained onto the
    /// last of them by `key` (and with the MAC `mac`, when given).
    ///
    /// Bytes typed after its MAC field count as its own (they are named once the newline is
    /// back): a crash cuts a line short, it adds nothing after a whole one, so such a tail is
    /// never taken for a torn line and moved aside with its transaction id handed out again.
    private static func isWholeNextLine(_ tail: ArraySlice<UInt8>, cursor: LedgerCursor, key: LedgerKey,
                                        mac: [UInt8]? = nil) throws(LedgerError) -> Bool {
        let line = LedgerLineCodec.endingAtMAC(tail)
        guard !line.isEmpty, let previousMAC = cursor.previousMAC, let split = LedgerLineCodec.split(line),
              LedgerLineCodec.sequenceNumber(in: split.content) == cursor.lastSequence + 1,
              mac.map({ Array(split.mac) == $0 }) ?? true else { return false }
        return try key.macText(previous: previousMAC, content: split.content) == Array(split.mac)
    }

    /// The MAC text of `tail` when it is a whole line but for bytes typed after its MAC field.
    private static func macText(ofWholeTail tail: ArraySlice<UInt8>) -> String? {
        let line = LedgerLineCodec.endingAtMAC(tail)
        return LedgerLineCodec.split(line) == nil ? nil : LedgerLineCodec.macText(ofWholeLine: line)
    }

    /// `tail` as lines run together, the first of them the whole next line: a crash never
    /// leaves that (every line is written with its newline), so it is no torn line to move
    /// aside, but newlines deleted by hand to put back. Nil for any other tail.
    private func linesRunTogether(inTail tail: ArraySlice<UInt8>, cursor: LedgerCursor, key: LedgerKey) throws(LedgerError) -> LedgerProblem? {
        guard cursor.hasReadHeader, let first = LedgerLineCodec.breaksOfLinesRunTogether(in: tail).first,
              try Self.isWholeNextLine(tail.prefix(first.end), cursor: cursor, key: key) else { return nil }
        return LedgerCursor.linesRunTogether(tail, number: cursor.lineCount + 1, ledgerPath: path)
    }

    /// For a writer, which holds the lock so no line is being written: `tail`, the bytes after
    /// the last newline, as a whole line that verifies and lacks only its newline. Without a
    /// commit mark (the lock file emptied) it cannot be told from a line a crash cut short just
    /// before its newline, but it verifies, so it is kept for a person to settle rather than
    /// moved aside and its transaction id handed out again. A mark `markBytes` that records an
    /// earlier line says it was never committed: its write was cut short (a commit is written
    /// whole, newline and all, before its mark and before it is reported), so it is a torn line,
    /// which the next write moves aside as any other.
    func wholeLastLineProblem(tail: ArraySlice<UInt8>, cursor: LedgerCursor, markBytes: [UInt8]) throws(LedgerError) -> LedgerProblem? {
        // The second of two swapped lines, at the end without its newline: read with the first
        // (its MAC showed it whole), so it lacks only the newline.
        // What an editor added after its MAC is named after the swap.
        if case .linesSwapped(let line, _, _, let earlierMAC)? = cursor.problems.last(where: { if case .linesSwapped = $0 { true } else { false } }),
           line == cursor.lineCount, Self.macText(ofWholeTail: tail) == earlierMAC {
            return .newlineMissing(line: cursor.lineCount + 1, ledgerPath: path)
        }
        guard cursor.hasReadHeader, cursor.problems.isEmpty, cursor.isVerifying, case .loaded(let key) = cursor.key else { return nil }
        guard try Self.isWholeNextLine(tail, cursor: cursor, key: key) else {
            return try linesRunTogether(inTail: tail, cursor: cursor, key: key)
        }
        if case .mark(let mark) = try LedgerCommitMark.read(markBytes, key: key), mark.sequence <= cursor.lastSequence { return nil }
        return .newlineMissing(line: cursor.lineCount + 1, ledgerPath: path)
    }

    /// Empties the lock file `file`, which holds `markBytes`, before a new ledger is started
    /// beside it, so that a mark left by a ledger that was moved aside is never taken for this
    /// one's. Anything but a mark is left alone: the lock file's path may not be ours to empty.
    func forgetCommitMark(_ markBytes: [UInt8], in file: OpenFile) throws(LedgerError) {
        guard LedgerCommitMark.claimedSequence(in: markBytes) != nil else {
            throw .refusedForWriting(
                path: path, problems: [.commitMarkDamaged(lockPath: lockPath, reason: "it holds something other than a commit mark",
                                                          notOwnFile: lockPathNotOwnFile())])
        }
        do {
            try fileSystem.truncate(file, toLength: 0)
        } catch {
            throw .fileSystem(error)
        }
    }

    /// Overwrites the lock file `file` (held, and positioned at its start) with the mark of
    /// the line `cursor` ends on; `previousLength` is how much the file held before.
    ///
    /// The commit is durable already, so a failure here does not fail it: the lock file is
    /// emptied instead, as far as that works, so that it records nothing rather than
    /// something wrong. A later commit records the mark again.
    func recordCommitMark(in file: OpenFile, after cursor: LedgerCursor, replacing previousLength: Int) {
        guard case .loaded(let key) = cursor.key, let lineMAC = cursor.previousMAC,
            let mark = try? LedgerCommitMark(sequence: cursor.lastSequence, lineMAC: lineMAC).line(key: key)
        else { return }
        do throws(FileSystemError) {
            guard try fileSystem.write(file, mark) == mark.count else {
                throw FileSystemError(operation: .write, path: file.path, code: ENOSPC)
            }
            if previousLength > mark.count {
                try fileSystem.truncate(file, toLength: mark.count)
            }
        } catch {
            try? fileSystem.truncate(file, toLength: 0)
        }
    }

    /// The commit mark as a reader sees it: the lock file's bytes, or, when it cannot be read
    /// (a symbolic link or FIFO planted at its path, say), why not.
    func markForReading() -> Result<[UInt8], FileSystemError> {
        do throws(FileSystemError) {
            return .success(try readCommitMarkBytes())
        } catch {
            return .failure(error)
        }
    }

    /// After a read that reached the end of the ledger, adds to the cursor's problems what the
    /// commit mark read before it says is wrong: lines cut from the end are noticed by readers
    /// too, not only by the next writer. A problem is confirmed with a second reading of the
    /// mark, since a writer may have replaced the ledger and its mark between the two reads.
    func noteCommitMarkProblem(_ markBytes: Result<[UInt8], FileSystemError>, tail: ArraySlice<UInt8>) throws(LedgerError) {
        guard cursor.identity != nil else { return }
        // What stood at the lock file's path is looked at anew on each read: once removed, as
        // advised, it is no longer a problem (the commit mark it held is simply absent).
        if cursor.problems.contains(where: \.isAboutLockFileNotOwn), lockPathNotOwnFile() == nil {
            cursor.problems.removeAll(where: \.isAboutLockFileNotOwn)
        }
        var problem = try readerMarkProblem(markBytes, tail: tail)
        if problem != nil {
            problem = try readerMarkProblem(markForReading(), tail: tail)
        }
        // A lock file that every writer refuses (another user's, a link) is named even when its
        // mark reads and agrees: else `verify` called a store sound that no change could be made to.
        if problem == nil, let notOwnFile = lockPathNotOwnFile() {
            problem = .commitMarkDamaged(lockPath: lockPath, reason: "it is \(notOwnFile)", notOwnFile: notOwnFile)
        }
        if let problem, !cursor.problems.contains(problem) {
            cursor.problems.append(problem)
        }
    }

    private func readerMarkProblem(_ markBytes: Result<[UInt8], FileSystemError>, tail: ArraySlice<UInt8>) throws(LedgerError) -> LedgerProblem? {
        switch markBytes {
        case .success(let bytes):
            return try commitMarkProblem(bytes, cursor: cursor, tail: tail)
        case .failure(let error):
            return .commitMarkDamaged(lockPath: lockPath, reason: "it cannot be read: \(error)", notOwnFile: lockPathNotOwnFile())
        }
    }

    /// What stands at the lock file's path when it is no ordinary file of this ledger's own
    /// with one name: "a symbolic link", "a directory", "one of 2 names of a file", "a file of
    /// another user (uid 0)", a file that holds no commit mark; nil otherwise (also when nothing
    /// is there, or it cannot be looked at).
    func lockPathNotOwnFile() -> String? {
        guard let status = try? fileSystem.status(atPath: lockPath) else { return nil }
        if status.isSymbolicLink { return "a symbolic link" }
        if status.isDirectory { return "a directory" }
        if !status.isRegularFile { return status.kind == .unknown ? "not an ordinary file" : status.kind.description }
        if status.linkCount > 1 { return "one of \(status.linkCount) names of a file (a hard link)" }
        // Another user's lock file (root's, made by an earlier version): its owner's mark is not
        // this ledger's to trust, and its owner can neither read it (0600) nor empty it.
        if let ledger = try? fileSystem.status(atPath: path), status.owner != ledger.owner {
            return "a file of another user (uid \(status.owner))"
        }
        // Notes written there: emptying the file, the remedy for a damaged mark, would lose them.
        if status.size > 0, let bytes = try? readCommitMarkBytes(), !LedgerCommitMark.isMarkLike(bytes) {
            return LedgerProblem.holdsNoCommitMark
        }
        return nil
    }
}
