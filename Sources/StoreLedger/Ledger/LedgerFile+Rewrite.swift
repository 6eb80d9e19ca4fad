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
    /// to show (see `readNewLines`), in steps of `appendSettleStepMicroseconds`: only a file
    /// really edited in place waits it all, once.
    static var appendSettleMicroseconds: UInt32 { 20_000 }
    static var appendSettleStepMicroseconds: UInt32 { 1_000 }

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
