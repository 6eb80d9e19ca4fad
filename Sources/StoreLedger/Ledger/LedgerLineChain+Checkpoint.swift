/// Checkpoints for a chain kept outside a file: the same signed bytes as the file's checkpoint
/// (`LedgerCheckpoint`), stored wherever the lines are.
extension LedgerLineChain {
    /// The checkpoint held in `bytes` when this chain's key made them and they are whole; nil
    /// otherwise (a changed byte, another store's key, no key), and then every line is read.
    public func checkpoint(fromStored bytes: [UInt8]) -> LedgerCheckpoint? {
        guard case .key(let key)? = try? LedgerKey.load(from: keyPath, fileSystem: fileSystem) else { return nil }
        return LedgerCheckpoint(fileBytes: bytes, key: key)
    }

    /// The bytes to store `payload` as the fold of every event read so far, signed with the key
    /// and naming the last line read; nil while the chain has problems, no verified key, or no
    /// event, since a checkpoint must never vouch for what was not checked.
    public func storedCheckpoint(payload: [UInt8]) -> [UInt8]? {
        guard cursor.problems.isEmpty, cursor.isVerifying, !cursor.isHalted, cursor.lastSequence > 0,
              let mac = cursor.previousMAC, case .loaded(let key) = cursor.key
        else { return nil }
        return try? LedgerCheckpoint(sequence: cursor.lastSequence, mac: mac, payload: payload[...]).fileBytes(key: key)
    }

    /// Continues the chain after `checkpoint`'s event, whose stored line is `line`, without
    /// reading the lines before it; the next line read must chain from that line's MAC.
    ///
    /// Only right after the header was read cleanly, and only when `line` holds the checkpoint's
    /// sequence number and MAC (a store restored from an older backup, or one that went another
    /// way after it, does not): false otherwise, and the chain is unchanged.
    public func resume(after checkpoint: LedgerCheckpoint, line: [UInt8]) -> Bool {
        guard cursor.hasReadHeader, cursor.lastSequence == 0, cursor.isVerifying, cursor.problems.isEmpty,
              !cursor.isHalted, let split = LedgerLineCodec.split(line[...]),
              LedgerLineCodec.sequenceNumber(in: split.content) == checkpoint.sequence,
              split.mac.elementsEqual(checkpoint.mac)
        else { return false }
        cursor.lastSequence = checkpoint.sequence
        cursor.previousMAC = Array(split.mac)
        // Line numbers in problems count as in a file: event N is line N + 1.
        cursor.lineCount = checkpoint.sequence + 1
        return true
    }
}
