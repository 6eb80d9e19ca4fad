/// Checking a whole ledger at once.
extension LedgerFile {
    /// The `count` bytes after the last line read, as the file holds them now.
    func tailBytes(count: Int) throws(LedgerError) -> [UInt8] {
        do throws(FileSystemError) {
            let file = try fileSystem.open(path, access: .readOnly, options: [], permissions: 0)
            defer { try? fileSystem.close(file) }
            return try fileSystem.readAll(file, count: count, at: cursor.offset)
        } catch {
            throw .fileSystem(error)
        }
    }

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
        return try ledger.withLock { () throws(LedgerError) in
            let incompleteBytes = ledger.cursor.isHalted ? 0 : ledger.cursor.observedSize - ledger.cursor.offset
            var problems = ledger.cursor.problems
            // A whole line that lacks only its newline is what the next writer refuses, as it does;
            // one whose newline a writer was still appending is not (the file grew meanwhile).
            if incompleteBytes > 0, incompleteBytes <= LedgerLineCodec.maximumLineBytes,
               let problem = try ledger.wholeLastLineProblem(tail: ledger.tailBytes(count: incompleteBytes)[...], cursor: ledger.cursor,
                                                             markBytes: markBytes),
               (try? fileSystem.status(atPath: path).size) == ledger.cursor.observedSize {
                problems.append(problem)
            }
            return LedgerVerification(
                path: path,
                lineCount: ledger.cursor.lineCount,
                entryCount: entryCount,
                lastSequence: ledger.cursor.lastSequence,
                problems: problems,
                incompleteLastLineBytes: incompleteBytes,
                headMAC: ledger.cursor.previousMAC.map { String(decoding: $0, as: UTF8.self) }
            )
        }
    }
}
