import StoreEngine
import StoreLedger

/// Checkpoints kept in the database (`storefront_checkpoints`, one row per app), in the file's
/// signed format: a store with many events opens from its saved fold and fetches only the rows
/// after it.
///
/// A checkpoint is trusted only when the store's key signed it, the row with its sequence
/// number still carries the MAC it names, and the server counts no row of the store ever
/// changed or deleted (`handChangesQuery`, which the store itself never moves); otherwise it is
/// passed over and every event is read, and a row changed by hand before it is found as any
/// opening without a checkpoint finds it. The rows before it are not fetched, so a change the
/// server's statistics do not count (made before a reset of them or a crash of the server) is
/// found by `verify`, not on opening.
extension PostgresEventLog {
    public func loadCheckpoint(named name: String) -> LedgerCheckpoint? {
        lock.withLock {
            // The count is asked in the checkpoint's own statement: no round trip more.
            guard (try? PostgresSchema.version(on: connection)) == PostgresSchema.currentVersion,
                  let bytes = try? connection.bytes(
                    "SELECT content FROM storefront_checkpoints WHERE name = $1 AND (\(PostgresSchema.handChangesQuery.sql)) = 0", [name])
            else { return nil }
            return chain.checkpoint(fromStored: bytes)
        }
    }

    public func resume(from checkpoint: LedgerCheckpoint) {
        lock.withLock {
            guard !chain.hasHeader, fetchedThrough == 0 else { return }
            pendingCheckpoint = checkpoint
        }
    }

    @discardableResult
    public func saveCheckpoint(named name: String, payload: [UInt8]) -> Bool {
        lock.withLock {
            // Only a fold of exactly the rows read, every one of them checked or vouched for.
            guard !mustRestart, pendingCheckpoint == nil, !connection.isBroken, fetchedThrough == chain.lastSequence,
                  let bytes = chain.storedCheckpoint(payload: payload)
            else { return false }
            // Replaced whatever its sequence number: a checkpoint ahead of a store restored from an
            // older backup must give way to the first fold of what the store now holds.
            let saved = try? connection.execute(
                """
                INSERT INTO storefront_checkpoints (name, seq, content) VALUES ($1, $2, $3::bytea)
                ON CONFLICT (name) DO UPDATE SET seq = EXCLUDED.seq, content = EXCLUDED.content, saved_at = now()
                """,
                [name, String(chain.lastSequence), Self.byteaText(bytes)])
            return saved != nil
        }
    }

    /// Moves the chain past `checkpoint` when `storedLine`, the store's row with its sequence
    /// number, is the one it was folded up to; false (the chain unchanged) when that row is
    /// missing or differs. Call under `lock`, right after the header was read.
    func resume(after checkpoint: LedgerCheckpoint, storedLine: String?) -> Bool {
        guard let storedLine, chain.resume(after: checkpoint, line: Array(storedLine.utf8)) else { return false }
        fetchedThrough = checkpoint.sequence
        return true
    }

    /// `bytes` as PostgreSQL's hex text for a `bytea` parameter (`\x0a1b…`).
    static func byteaText(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        text.reserveCapacity(2 + bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
