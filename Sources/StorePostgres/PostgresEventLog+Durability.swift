import Foundation

/// Making commits durable without holding the writer lock through the server's flush.
///
/// A commit made with `synchronous_commit` off lets the lock go as soon as it is written, and
/// other sessions may read it before it is on disk. The session then writes its commit mark in
/// a transaction that waits for the flush (`PostgresSchema.writeCommitMark`): the server's log is
/// flushed in order, so when the mark is durable, so is every commit before it. Where the role
/// may not write the marks, the session waits for the server's WAL writer instead, which flushes
/// such commits within a few of its delays (200 ms each unless set): slower, but as durable.
extension PostgresEventLog {
    /// How long a wait for the WAL writer's flush may take before it is given up as a server
    /// that does not flush: far beyond the three delays PostgreSQL allows itself.
    static let flushWaitLimit: TimeInterval = 10
    /// How often the flush position is asked for meanwhile.
    static let flushPollInterval: TimeInterval = 0.005

    /// Returns once everything committed so far, by any session, is durable: through a commit
    /// mark when the role may write it, or else by waiting for the WAL writer. Call under `lock`,
    /// outside a transaction.
    func makeEverythingCommittedDurable() throws(PostgresStoreError) {
        if commitMarksWritable == nil {
            commitMarksWritable = try connection.execute(PostgresSchema.commitMarksWritable).first?.first == "t"
        }
        if commitMarksWritable == true {
            do {
                try connection.execute(PostgresSchema.writeCommitMark)
                return
            } catch .statementFailed, .readOnlyRole, .insertRefused, .readOnlyServer {
                // The table dropped, or the grant taken away, since the session asked.
                commitMarksWritable = false
            }
        }
        try waitForTheServersFlush()
    }

    /// Waits until the server has flushed its log up to where it is written now, which covers
    /// every commit made before; fails as `unreachable` when that takes more than
    /// `flushWaitLimit`. Call under `lock`, outside a transaction.
    func waitForTheServersFlush() throws(PostgresStoreError) {
        flushWaits += 1
        let written = try connection.execute("SELECT pg_current_wal_insert_lsn()").first?.first ?? nil
        guard let written else { return }
        let deadline = Date().addingTimeInterval(Self.flushWaitLimit)
        while try connection.execute("SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn", [written]).first?.first != "t" {
            guard Date() < deadline else {
                throw .unreachable(store: address.shown, reason: "the server did not write its log to disk within "
                    + "\(Int(Self.flushWaitLimit)) s, so the last change may not outlive a crash of the server")
            }
            Thread.sleep(forTimeInterval: Self.flushPollInterval)
        }
    }
}
