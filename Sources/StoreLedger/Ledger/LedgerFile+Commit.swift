import Foundation
import Glibc

/// Appending: the writer's side of `LedgerFile`.
extension LedgerFile {
    public func commit<Result>(
        _ decide: (_ others: LedgerUpdate<Event>) throws -> (events: [Event], result: Result)
    ) throws -> LedgerCommit<Event, Result> {
        try commit(givingUpAfter: nil, decide)
    }

    /// Appends `decide`'s events, decided under the writer lock on what others appended. With
    /// `givingUpAfter`, a lock another process holds longer than that is not waited for:
    /// `LedgerError.writerLockHeld` is thrown, with nothing read or written.
    public func commit<Result>(
        givingUpAfter lockWait: TimeInterval?,
        _ decide: (_ others: LedgerUpdate<Event>) throws -> (events: [Event], result: Result)
    ) throws -> LedgerCommit<Event, Result> {
        lock.lock()
        defer { lock.unlock() }
        let ledgerIsThere = try refuseIfNotAFile()
        if ledgerIsThere, !cursor.hasReadHeader || !cursor.problems.isEmpty { try refuseIfNotALedger() }
        // A ledger not there yet, and never read, is decided on first as the empty ledger it
        // is: a change that writes nothing (refused, or with nothing to do) then creates
        // neither the folder, the lock file nor an empty ledger. One that writes is decided
        // again under the lock, on whatever another writer may have started meanwhile.
        if !ledgerIsThere, cursor.offset == 0, undelivered == nil {
            let decision = try decide(LedgerUpdate())
            if decision.events.isEmpty { return LedgerCommit(result: decision.result, appended: [], others: LedgerUpdate()) }
        }
        // A ledger about to be started needs a key it can use: a refused command creates
        // neither the lock file nor an empty ledger.
        if !cursor.hasReadHeader { try refuseKeyThatCannotStartLedger() }
        let writerLock = try takeWriterLock(givingUpAfter: lockWait)
        defer { releaseWriterLock(writerLock) }
        // Before the lock nothing can be written; from here an append may follow.
        try ChangeSent.markBegun()
        let ledger: OpenFile
        let ledgerIsNew: Bool
        do {
            (ledger, ledgerIsNew) = try fileSystem.openCreatingIfMissing(
                path, access: .readWrite, options: [.append], permissions: 0o600)
        } catch {
            throw ledgerOpeningError(error)
        }
        defer { try? fileSystem.close(ledger) }

        let markBytes = try readCommitMark(from: writerLock)
        var next = cursor
        let read = try readNewLines(from: ledger, cursor: &next, holdingWriterLock: true)
        guard read.status.owner == geteuid() else {
            throw LedgerError.notYours(path: path, owner: read.status.owner)
        }
        // Appending to a file with another name would write wherever that name is.
        guard read.status.linkCount == 1 else {
            throw LedgerError.hasOtherNames(path: path, count: read.status.linkCount)
        }
        // From here on, what was read stays read; if the commit fails it is delivered later.
        var others = undelivered.map { $0.followed(by: read.update) } ?? read.update
        cursor = next
        undelivered = others
        publishObservation()
        // Checked before a torn last line is moved aside: if the mark says that line was
        // committed, it is damage to report, not a crash to clean up.
        if !ledgerIsNew, let problem = try commitMarkProblem(markBytes, cursor: cursor, tail: read.incompleteTail),
            !cursor.problems.contains(problem)
        {
            cursor.problems.append(problem)
        }
        if let problem = try wholeLastLineProblem(tail: read.incompleteTail, cursor: cursor, markBytes: markBytes),
           !cursor.problems.contains(problem) {
            cursor.problems.append(problem)
        }
        guard cursor.problems.isEmpty else {
            throw LedgerError.refusedForWriting(path: path, problems: cursor.problems)
        }
        if !read.incompleteTail.isEmpty {
            others.tornTails.append(try moveAside(read.incompleteTail, of: ledger))
            undelivered = others
        }

        let decision = try decide(others)
        let startsLedger = !cursor.hasReadHeader
        var written = cursor
        let lines = try buildLines(for: decision.events, startingLedger: startsLedger, cursor: &written)
        let appended: LedgerScan<Event> = try written.scan(
            lines, dateEncoding: dateEncoding, keyPath: keyPath
        ) { () throws(LedgerError) in WatchedKeyFile(found: .success(.missing), watch: LedgerKeyFileWatch(fingerprint: nil)) }
        if let problem = appended.problems.first {
            throw LedgerError.eventNotStorable(reason: "it does not read back from its own line (\(problem))")
        }
        if !lines.isEmpty {
            if startsLedger, !markBytes.isEmpty { try forgetCommitMark(markBytes, in: writerLock) }
            try append(lines, to: ledger, restoringLength: cursor.offset, startsLedger: startsLedger)
            recordCommitMark(in: writerLock, after: written, replacing: markBytes.count)
        }
        written.observedSize = written.offset
        if !lines.isEmpty { noteOwnWrite(to: ledger, cursor: &written) }
        cursor = written
        undelivered = nil
        publishObservation()
        return LedgerCommit(result: decision.result, appended: appended.entries, others: others)
    }

    /// The lines for `events`, preceded by a header when they start the ledger; `cursor`
    /// gets the key used, so the lines can be read back through it.
    private func buildLines(
        for events: [Event], startingLedger: Bool, cursor: inout LedgerCursor
    ) throws(LedgerError) -> [UInt8] {
        if startingLedger {
            let (key, watch) = try LedgerKey.forNewLedgerWatched(keyPath: keyPath, storeName: path, fileSystem: fileSystem)
            cursor.key = .loaded(key)
            cursor.keyFileWatch = watch
        }
        guard case .loaded(let key) = cursor.key, startingLedger || cursor.previousMAC != nil else {
            throw LedgerError.refusedForWriting(path: path, problems: [.keyMissing(keyPath: keyPath)])
        }
        var builder = LedgerLineBuilder<Event>(
            key: key, dateEncoding: dateEncoding,
            previousMAC: cursor.previousMAC ?? [], lastSequence: cursor.lastSequence)
        if startingLedger {
            try builder.appendHeader(LedgerHeader.new(createdAt: now()))
        }
        for event in events {
            try builder.append(event)
        }
        return builder.bytes
    }

    /// Refuses, before anything is created, a key file that no ledger can be started with
    /// (one others can read, one without a key, a symbolic link); a missing one is made later.
    private func refuseKeyThatCannotStartLedger() throws(LedgerError) {
        if case .missing = try LedgerKey.load(from: keyPath, fileSystem: fileSystem) { return }
        _ = try LedgerKey.forNewLedger(keyPath: keyPath, storeName: path, fileSystem: fileSystem)
    }

    /// Appends `lines` in one write and flushes them; on any failure cuts the file back to
    /// `length`, so it is exactly as before.
    private func append(
        _ lines: [UInt8], to ledger: OpenFile, restoringLength length: Int, startsLedger: Bool
    ) throws(LedgerError) {
        let written: Int
        do {
            written = try fileSystem.write(ledger, lines)
        } catch {
            // A failed write() stores nothing, so there is nothing to cut back.
            throw .appendFailed(path: path, cause: error)
        }
        // On a regular file a short write means the disk or quota is full: a second write
        // would fail too, so the commit fails instead of leaving half of it behind.
        guard written == lines.count else {
            try cutBack(ledger, to: length, cause: "only \(written) of \(lines.count) bytes were written")
            throw .shortWrite(path: path, written: written, expected: lines.count)
        }
        do {
            try fileSystem.synchronize(ledger, dataOnly: true)
            if startsLedger {
                try fileSystem.synchronizeDirectory(containing: path)
            }
        } catch {
            // Never flushed again: after a failed flush the kernel may have dropped the pages,
            // so only cutting them off leaves a known state.
            try cutBack(ledger, to: length, cause: "\(error)")
            throw .appendFailed(path: path, cause: error)
        }
    }

    private func cutBack(_ ledger: OpenFile, to length: Int, cause: String) throws(LedgerError) {
        do {
            try fileSystem.truncate(ledger, toLength: length)
            try fileSystem.synchronize(ledger, dataOnly: true)
        } catch {
            throw .rollbackFailed(path: path, length: length, cause: cause, rollback: error)
        }
    }

    /// Refuses a ledger path that names a directory, symbolic link, device or pipe before
    /// anything is created beside it; a missing ledger is fine, the commit creates it, unless
    /// its name leaves no room for the files made beside it (the first commit would then fail
    /// halfway, leaving an empty ledger and lock file). Returns whether the ledger is there.
    @discardableResult
    func refuseIfNotAFile() throws(LedgerError) -> Bool {
        let existing: FileStatus
        do throws(FileSystemError) {
            existing = try fileSystem.status(atPath: path)
        } catch where error.isNotFound {
            let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
            let longest = LedgerFamily.fileNameLimit - LedgerFamily.longestSiblingSuffixBytes
            if name.utf8.count > longest { throw .nameTooLong(path: path, bytes: name.utf8.count, longest: longest) }
            return false
        } catch {
            throw .fileSystem(error)
        }
        guard existing.isRegularFile else { throw .notAFile(path: path, isDirectory: existing.isDirectory, found: existing.kind) }
        return true
    }

    /// Refuses a file at the ledger's path that is no ledger (notes, a catalog, a file under
    /// /proc) before the lock file is made beside it: one whose size lies, or whose first line
    /// is no ledger header (whole, or with no line break and not beginning as a header does).
    /// A ledger damaged otherwise, or still being started by another writer, is read under the
    /// lock, which says what is wrong with it.
    func refuseIfNotALedger() throws(LedgerError) {
        try withFileStart { start, file throws(LedgerError) in
            // Bytes where the size says none: `holdsDataItsSizeDoesNotCount` asks the size again.
            if !start.isEmpty, try holdsDataItsSizeDoesNotCount(file) { throw .sizeNotKept(path: path) }
            let firstLine = start.firstIndex(of: LedgerLineCodec.newline).map { end in
                LedgerCursor.problem(ofHeaderLine: start[..<end], following: start[(end + 1)...], ledgerPath: path)
            } ?? LedgerCursor.problem(ofUnterminatedStart: start[...])
            guard let problem = firstLine, case .notALedger = problem else { return }
            // The header and the first event in each other's place: the read under the lock names that.
            if let end = start.firstIndex(of: LedgerLineCodec.newline),
               LedgerCursor.headerBelowEventLine(start[..<end], following: start[(end + 1)...]) != nil { return }
            throw .refusedForWriting(path: path, problems: [problem])
        }
    }

    /// How many times a writer opens the lock file again after finding, once it held the lock,
    /// that the file had been removed or replaced meanwhile.
    private static var lockAttempts: Int { 16 }

    /// Waits for the exclusive writer lock on the lock file, creating the ledger's directory
    /// and the lock file when needed.
    ///
    /// A lock on a file that is no longer at `lockPath` excludes nobody: a writer that opens
    /// the path afresh locks another file. So once locked, the open file is compared with
    /// what is at the path now, and the lock is taken again until they are the same.
    func takeWriterLock(givingUpAfter lockWait: TimeInterval? = nil) throws(LedgerError) -> OpenFile {
        // A store whose ledger is another user's is theirs: refused as that before the lock file
        // is opened, or made, in it (root's lock file there would lock its owner out), and before
        // its lock file's owner could be taken for the only file in the way.
        if let ledger = try? fileSystem.status(atPath: path), ledger.isRegularFile, ledger.owner != geteuid() {
            throw .notYours(path: path, owner: ledger.owner)
        }
        for _ in 1...Self.lockAttempts {
            let file = try openLockFile()
            let took: Bool
            do throws(FileSystemError) {
                if let lockWait {
                    took = try lockWithin(lockWait, file)
                } else {
                    try WriterLockWait.whileWaiting(for: .file(lockPath: lockPath)) { () throws(FileSystemError) in try fileSystem.lockExclusively(file) }
                    took = true
                }
            } catch {
                try? fileSystem.close(file)
                throw .fileSystem(error)
            }
            guard took else {
                try? fileSystem.close(file)
                throw .writerLockHeld(lockPath: lockPath, waitedMilliseconds: Int(((lockWait ?? 0) * 1_000).rounded()))
            }
            do throws(FileSystemError) {
                let held = try fileSystem.status(of: file)
                if try lockFileIsInPlace(held) { return file }
            } catch {
                try? fileSystem.close(file)
                throw .fileSystem(error)
            }
            try? fileSystem.close(file)
        }
        throw .lockFileUnstable(lockPath: lockPath, attempts: Self.lockAttempts)
    }

    /// Takes the lock on `file` if it comes free within `seconds`, looking every 5 ms.
    private func lockWithin(_ seconds: TimeInterval, _ file: OpenFile) throws(FileSystemError) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if try fileSystem.lockExclusivelyIfFree(file) { return true }
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Whether `held`, the locked file, is the file now at `lockPath`.
    private func lockFileIsInPlace(_ held: FileStatus) throws(FileSystemError) -> Bool {
        do throws(FileSystemError) {
            return try fileSystem.status(atPath: lockPath).identity == held.identity
        } catch where error.isNotFound {
            return false
        }
    }

    /// Opens (creating when missing) the lock file, refusing anything but this user's ordinary file.
    private func openLockFile() throws(LedgerError) -> OpenFile {
        let file: OpenFile
        let status: FileStatus
        do throws(FileSystemError) {
            try fileSystem.makeDirectories(FilePath.parent(of: path), permissions: 0o700)
            file = try fileSystem.openCreatingIfMissing(
                lockPath, access: .readWrite, options: [], permissions: 0o600
            ).file
            do {
                status = try fileSystem.status(of: file)
            } catch {
                try? fileSystem.close(file)
                throw error
            }
        } catch {
            // Another user's lock file that may not be opened (root's, 0600) is named for what it
            // is, with the rm that mends it, not as a permission to fix.
            if error.isWriteRefused, let owner = try? fileSystem.status(atPath: lockPath).owner, owner != geteuid() {
                throw .notYours(path: lockPath, owner: owner)
            }
            throw .fileSystem(error)
        }
        // The lock file holds the commit mark, so it is written: never into a file that is not
        // an ordinary file of this user's with this one name.
        guard status.isRegularFile, status.owner == geteuid(), status.linkCount == 1 else {
            try? fileSystem.close(file)
            if !status.isRegularFile { throw .notAFile(path: lockPath, isDirectory: status.isDirectory, found: status.kind) }
            if status.owner != geteuid() { throw .notYours(path: lockPath, owner: status.owner) }
            throw .hasOtherNames(path: lockPath, count: status.linkCount)
        }
        return file
    }

    func releaseWriterLock(_ file: OpenFile) {
        // The commit's outcome is already settled here, and closing the descriptor releases
        // the lock even if unlocking failed, so neither failure changes the result.
        try? fileSystem.unlock(file)
        try? fileSystem.close(file)
    }
}
