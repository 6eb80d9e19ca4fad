import Foundation

/// Saving the fold of what was read as a checkpoint, and resuming from one.
extension LedgerFile {
    /// Where the checkpoint called `name` is kept: beside the ledger, one per name (per app).
    public func checkpointPath(named name: String) -> String {
        LedgerFamily(ledgerPath: path).checkpointPath(named: name)
    }

    /// The checkpoint saved under `name`, when there is one this ledger's key made; nil when
    /// there is none or it cannot be used (then everything is read, as without one).
    public func loadCheckpoint(named name: String) -> LedgerCheckpoint? {
        // The file first: most openings find none, and then the key need not be read twice.
        guard let bytes = try? readCheckpointFile(checkpointPath(named: name)),
              case .key(let key)? = try? LedgerKey.load(from: keyPath, fileSystem: fileSystem)
        else { return nil }
        return LedgerCheckpoint(fileBytes: bytes, key: key)
    }

    /// Reads from here on as if `checkpoint`'s events had been read: their lines are still
    /// verified but not decoded. Only before the first read; if the ledger turns out not to
    /// hold the checkpoint's line, the next read starts over (`restarted`) and reads all.
    public func resume(from checkpoint: LedgerCheckpoint) {
        withLock {
            guard !cursor.hasReadHeader else { return }
            cursor.resumePoint = LedgerResumePoint(sequence: checkpoint.sequence, mac: checkpoint.mac)
        }
    }

    /// Saves `payload`, the fold of every event read so far, as the checkpoint `name`. Nothing
    /// is saved (false) while the ledger read has problems or events wait to be delivered, or
    /// when the key is not at hand; a checkpoint only saves time, so it is written without
    /// syncing and replaced whole by a rename.
    @discardableResult
    public func saveCheckpoint(named name: String, payload: [UInt8]) -> Bool {
        let checkpoint: LedgerCheckpoint? = withLock {
            guard undelivered == nil, cursor.problems.isEmpty, cursor.isVerifying, !cursor.isHalted,
                  cursor.lastSequence > 0, let mac = cursor.previousMAC,
                  cursor.resumePoint.map(\.isConfirmed) != false
            else { return nil }
            return LedgerCheckpoint(sequence: cursor.lastSequence, mac: mac, payload: payload[...])
        }
        guard let checkpoint, case .loaded(let key) = withLock({ cursor.key }),
              let bytes = try? checkpoint.fileBytes(key: key)
        else { return false }
        let destination = checkpointPath(named: name)
        guard mayReplace(destination) else { return false }
        let temporary = destination + ".new-" + POSIXFileSystem.unpredictableSuffix()
        do throws(FileSystemError) {
            let file = try fileSystem.open(temporary, access: .writeOnly, options: [.create, .exclusive], permissions: 0o600)
            do throws(FileSystemError) {
                try fileSystem.writeAll(file, bytes)
                try fileSystem.close(file)
            } catch {
                try? fileSystem.close(file)
                throw error
            }
            try fileSystem.rename(temporary, to: destination)
            return true
        } catch {
            try? fileSystem.remove(temporary)
            return false
        }
    }

    /// Whether a checkpoint may be renamed onto `destination`: nothing is there, or a checkpoint
    /// of this user's with one name. Anything else (a FIFO, socket, device, link or directory,
    /// another user's file, a file that is no checkpoint) is left as it is and no checkpoint is
    /// saved: a checkpoint only saves time, and the rename would put it in that file's place.
    private func mayReplace(_ destination: String) -> Bool {
        let found: FileStatus
        do throws(FileSystemError) {
            found = try fileSystem.status(atPath: destination)
        } catch {
            return error.isNotFound
        }
        guard found.isRegularFile, found.owner == geteuid(), found.linkCount == 1,
              let file = try? fileSystem.open(destination, access: .readOnly, options: [], permissions: 0) else { return false }
        defer { try? fileSystem.close(file) }
        return (try? fileSystem.read(file, upTo: LedgerCheckpoint.magic.count, at: 0)) == LedgerCheckpoint.magic
    }

    /// The checkpoint file's bytes. Only a regular file is opened (a FIFO would block the
    /// opening), and only one no larger than the ledger and a margin: a fold is always smaller
    /// than the lines it folds, and a planted huge file must not be read into memory.
    private func readCheckpointFile(_ checkpointPath: String) throws(FileSystemError) -> [UInt8]? {
        let found = try fileSystem.status(atPath: checkpointPath)
        let ledgerSize = try fileSystem.status(atPath: path).size
        guard found.isRegularFile, found.size <= ledgerSize + (1 << 20) else { return nil }
        let file = try fileSystem.open(checkpointPath, access: .readOnly, options: [], permissions: 0)
        defer { try? fileSystem.close(file) }
        let status = try fileSystem.status(of: file)
        guard status.isRegularFile, status.identity == found.identity else { return nil }
        return try fileSystem.readAll(file, count: status.size, at: 0)
    }
}
