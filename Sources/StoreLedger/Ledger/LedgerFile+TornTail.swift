import Foundation

/// Moving an incomplete last line, left by a crash mid-write, out of the ledger.
extension LedgerFile {
    /// Copies `tail` (the bytes after the last newline) into a new side file
    /// `<path>.torn-<UTC time>`, flushes it, then cuts the ledger back to its last newline.
    /// Only called by a writer holding the lock, so the tail is not a write in progress.
    /// The report is also kept in `lastMovedTail`, since the commit may still be refused.
    func moveAside(_ tail: ArraySlice<UInt8>, of ledger: OpenFile) throws(LedgerError) -> TornTailReport {
        let sidePath: String
        do {
            sidePath = try createSideFile(.torn, holding: Array(tail))
        } catch {
            throw .tornTailNotMoved(path: path, cause: error)
        }
        do {
            try fileSystem.truncate(ledger, toLength: cursor.offset)
            try fileSystem.synchronize(ledger, dataOnly: true)
        } catch {
            throw .tornTailNotMoved(path: path, cause: error)
        }
        cursor.observedSize = cursor.offset
        noteOwnWrite(to: ledger, cursor: &cursor)
        publishObservation()
        let report = TornTailReport(ledgerPath: path, movedTo: sidePath, line: cursor.lineCount + 1, byteCount: tail.count)
        lastMovedTail = report
        return report
    }

    /// How many numbered alternatives to try when side files of the same second exist.
    static var sideFileAttempts: Int { 100 }

    /// Creates `<path>.<label>-<UTC time>` (numbered when that exists) holding `bytes`,
    /// flushed with its directory, and returns its path; never overwrites anything.
    func createSideFile(_ kind: LedgerFamily.SideFile, holding bytes: [UInt8]) throws(FileSystemError) -> String {
        let stamp = now().formatted(
            Date.ISO8601FormatStyle(dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted))
        for attempt in 1...Self.sideFileAttempts {
            let sidePath = LedgerFamily(ledgerPath: path).sideFilePath(kind, stamp: stamp, attempt: attempt)
            do {
                try fileSystem.createFile(at: sidePath, containing: bytes, permissions: 0o600)
                return sidePath
            } catch where error.code == EEXIST {
                continue
            }
        }
        throw FileSystemError(operation: .open, path: LedgerFamily(ledgerPath: path).sideFilePath(kind, stamp: stamp), code: EEXIST)
    }
}
