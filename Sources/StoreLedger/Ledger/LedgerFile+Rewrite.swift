import Glibc

/// Noticing that a followed ledger changed other than by appending, which a reader that reads
/// only past its offset would misread.
extension LedgerFile {
    /// Whether the file `cursor` followed must be read again from its first line: it was
    /// replaced or shrank; it kept its size but was written since (a line edited in place to
    /// the same length, or an edit undone); it grew, but the last line read no longer ends
    /// where it did with the MAC it had (a line was edited by hand to another length, which
    /// reading on would take for new lines or a torn tail); or it was found damaged and has
    /// changed since (repaired, restored or edited again), so what was found no longer stands.
    func mustReadFromStart(_ file: OpenFile, status: FileStatus, cursor: LedgerCursor) throws(LedgerError) -> Bool {
        guard let identity = cursor.identity else { return false }
        if identity != status.identity || status.size < cursor.offset { return true }
        if wasRewrittenInPlace(status, cursor: cursor) { return true }
        if !cursor.problems.isEmpty { return status.size != cursor.fileSize }
        return try !lastReadLineIsIntact(file, status: status, cursor: cursor)
    }

    /// How long a look that found new times with the old size waits for an append's new size
    /// to show while no writer holds the lock (a lock file that cannot be looked at, or a
    /// writer that locked a lock file since replaced), and while one does, in steps of
    /// `appendSettleStepMicroseconds`. Only a file really edited in place waits, once.
    static var appendSettleMicroseconds: UInt32 { 20_000 }
    static var appendUnderLockMicroseconds: UInt32 { 1_000_000 }
    static var appendSettleStepMicroseconds: UInt32 { 1_000 }

    /// The file's status once an append that `seen` may have caught halfway shows its size.
    ///
    /// An append moves the file's times before its size, so a look between the two sees what
    /// an edit in place leaves (new times, the old size) and would read everything again. A
    /// writer appends only while it holds the writer lock and its size shows before it lets
    /// go; so a look made after the lock was seen free, that still finds the old size, finds
    /// an edit. While a writer holds the lock (a process can be held up in the middle of its
    /// write on a loaded machine), the look waits for the size, up to a second: a writer that
    /// holds the lock while the file was edited costs that second, once.
    func statusOnceAppendShows(_ file: OpenFile, seen: FileStatus, cursor: LedgerCursor) throws(FileSystemError) -> FileStatus {
        let lockFile = try? fileSystem.open(lockPath, access: .readOnly, options: [], permissions: 0)
        defer { if let lockFile { try? fileSystem.close(lockFile) } }
        var status = seen
        var waited: UInt32 = 0
        var limit = Self.appendSettleMicroseconds
        while wasRewrittenInPlace(status, cursor: cursor), waited < limit {
            usleep(Self.appendSettleStepMicroseconds)
            waited += Self.appendSettleStepMicroseconds
            // The lock is looked at before the file, so a free lock vouches for the look after it.
            let writerIsBusy = lockFile.map { (try? fileSystem.isLockedExclusivelyByAnother($0)) ?? false } ?? false
            limit = writerIsBusy ? Self.appendUnderLockMicroseconds : Self.appendSettleMicroseconds
            status = try fileSystem.status(of: file)
        }
        return status
    }

    /// Whether the file has its size of the last read but changed since. Appending always
    /// changes the size (the kernel moves the times before the size, so a read during an
    /// append sees the new times with the old size, and then a new size: `readNewLines` looks
    /// again), so this is an edit, a file put back, or a change of attributes only (`chmod`,
    /// `touch`): reading it all again finds which, at the cost of one whole read.
    func wasRewrittenInPlace(_ status: FileStatus, cursor: LedgerCursor) -> Bool {
        guard let seen = cursor.changeTimes else { return false }
        return status.size == cursor.fileSize && status.changeTimes != seen
    }

    /// Takes in `file`'s size and change times after this instance changed it itself, so its
    /// own write is not taken for someone else's edit. When they cannot be read, nothing is
    /// compared with them until the next read takes them in.
    func noteOwnWrite(to file: OpenFile, cursor: inout LedgerCursor) {
        let status = try? fileSystem.status(of: file)
        cursor.fileSize = status?.size ?? cursor.observedSize
        cursor.changeTimes = status?.changeTimes
    }

    /// Whether the bytes before `cursor`'s offset still end the way the last line it read
    /// ended, with its MAC and newline; checked only when there is something new to read.
    private func lastReadLineIsIntact(_ file: OpenFile, status: FileStatus, cursor: LedgerCursor) throws(LedgerError) -> Bool {
        guard status.size > cursor.offset, let mac = cursor.previousMAC else { return true }
        let ending = LedgerLineCodec.macFieldOpening + mac + LedgerLineCodec.lineClosing + [LedgerLineCodec.newline]
        guard cursor.offset >= ending.count else { return true }
        do throws(FileSystemError) {
            return try fileSystem.readAll(file, count: ending.count, at: cursor.offset - ending.count) == ending
        } catch {
            throw .fileSystem(error)
        }
    }
}
