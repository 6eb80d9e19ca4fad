/// Noticing that a followed ledger changed other than by appending, which a reader that reads
/// only past its offset would misread.
extension LedgerFile {
    /// Whether the file `cursor` followed must be read again from its first line: it was
    /// replaced or shrank; it grew, but the last line read no longer ends where it did with
    /// the MAC it had (a line was edited by hand to another length, which reading on would take
    /// for new lines or a torn tail); or it was found damaged and has changed since (repaired,
    /// restored or edited again), so what was found no longer stands.
    func mustReadFromStart(_ file: OpenFile, status: FileStatus, cursor: LedgerCursor) throws(LedgerError) -> Bool {
        guard let identity = cursor.identity else { return false }
        if identity != status.identity || status.size < cursor.offset { return true }
        if !cursor.problems.isEmpty { return status.size != cursor.fileSize }
        return try !lastReadLineIsIntact(file, status: status, cursor: cursor)
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
