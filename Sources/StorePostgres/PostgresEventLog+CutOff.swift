import Foundation
import StoreEngine
import StoreLedger

/// A commit whose connection went after its COMMIT was sent was made wholly or not at all, and
/// the client was not told which. Rather than leave the person to guess (a transaction number
/// not recorded goes to the next purchase, which may be theirs), the writer asks on a new
/// connection, once the old session has ended on the server or gone idle, so its transaction
/// can no longer commit: the row at the commit's first sequence number holds its very line, or
/// it does not.
extension PostgresEventLog {
    enum CutOffOutcome: Equatable {
        case recorded
        case notRecorded
    }

    /// How long the old session may take to end on the server before the outcome is left unknown.
    static let cutOffSessionWaitLimit: TimeInterval = 2

    /// The outcome of the commit of `lines`, or nil when it cannot be told now (the server cannot
    /// be reached, or the old session is still in a transaction after `cutOffSessionWaitLimit`).
    /// When recorded, the log goes on over the new connection, and the commit is made durable
    /// first (it may have been made without waiting for the flush). Call under `lock`.
    func outcomeOfCutOffCommit(lines: [[UInt8]]) -> CutOffOutcome? {
        let oldSession = connection.backendPID
        guard oldSession > 0, let first = lines.first,
              let sequence = LedgerLineChain<StoreEvent>.sequenceNumber(ofLine: first),
              let fresh = try? PostgresConnection(address) else { return nil }
        let deadline = Date().addingTimeInterval(Self.cutOffSessionWaitLimit)
        while true {
            guard let sessions = try? fresh.execute("SELECT state FROM pg_stat_activity WHERE pid = $1", [String(oldSession)])
            else { return nil }
            guard let session = sessions.values.first else { break }
            // Idle, or in a transaction that failed: nothing of it can commit any more. Another
            // role's session shows no state, so it counts as busy until it is gone.
            let state = session.first ?? nil
            if state == "idle" || state == "idle in transaction (aborted)" { break }
            guard Date() < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let stored = try? fresh.execute("SELECT line FROM storefront_events WHERE seq = $1", [String(sequence)]) else {
            return nil
        }
        guard stored.first?.first == String(decoding: first, as: UTF8.self) else { return .notRecorded }
        connection = fresh
        commitMarksWritable = nil
        guard (try? waitForTheServersFlush()) != nil else { return nil }
        return .recorded
    }
}
