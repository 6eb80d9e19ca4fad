/// Checking a whole ledger at once.
extension LedgerFile {
    /// Reads and checks every line of the ledger at `path` without changing anything.
    ///
    /// Throws `LedgerError.ledgerMissing` when there is no file, and file system errors;
    /// everything wrong with the content is in the returned problems.
    public static func verify(
        path: String, fileSystem: any FileSystem = POSIXFileSystem(), dateEncoding: LedgerDateEncoding = .iso8601
    ) throws(LedgerError) -> LedgerVerification {
        do throws(FileSystemError) {
            _ = try fileSystem.status(atPath: path)
        } catch where error.isNotFound {
            throw .ledgerMissing(path: path)
        } catch {
            throw .fileSystem(error)
        }
        let ledger = LedgerFile(path: path, fileSystem: fileSystem, dateEncoding: dateEncoding)
        // Which line to remember for checking the commit mark, which the last read checks.
        let markBytes = (try? ledger.markForReading().get()) ?? []
        ledger.withLock { ledger.cursor.watchedSequence = LedgerCommitMark.claimedSequence(in: markBytes) }
        // Read in parts, so checking a large ledger does not hold all of its events at once.
        var entryCount = 0
        var update: LedgerUpdate<Event>
        repeat {
            update = try ledger.readNew(upTo: LedgerFile.readPartBytes)
            entryCount += update.entries.count
        } while update.isPartial
        return ledger.withLock {
            LedgerVerification(
                path: path,
                lineCount: ledger.cursor.lineCount,
                entryCount: entryCount,
                lastSequence: ledger.cursor.lastSequence,
                problems: ledger.cursor.problems,
                incompleteLastLineBytes: ledger.cursor.isHalted ? 0 : ledger.cursor.observedSize - ledger.cursor.offset,
                headMAC: ledger.cursor.previousMAC.map { String(decoding: $0, as: UTF8.self) }
            )
        }
    }
}
