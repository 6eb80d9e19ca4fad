import StoreEngine
import StoreLedger

/// A commit in one round trip, for a store nobody else wrote to since this session last looked:
/// the decision is made on the rows read so far, and the server takes the writer lock, inserts
/// and commits in one pipeline, refusing it by itself when that bet was wrong.
///
/// The gapless trigger refuses any number but the one after the last row, and the first row
/// inserted carries the number after the last one read: once the lock is held, it goes in only
/// if no row came after the ones this decision saw, so the change is what the two-round-trip
/// commit would have decided. What the trigger cannot see is checked by a statement before the
/// inserts (`stillAsRead`): the schema's version, and that the last row read is still there as
/// read. A lost bet is rolled back and the commit is made in two round trips, on fresh rows.
/// The lock is held only while the server runs the pipeline, never over a round trip to this
/// process.
///
/// It asks nothing of where the `search_path` finds the store's tables (`PostgresSchema.tablesTogether`,
/// which every read and two-round-trip commit asks, at about a tenth of a lone commit's time): it
/// is made only after a read, and of the store's tables it writes only `storefront_events` (and
/// its commit mark, which holds nothing of the store). A table of that name, or of
/// `storefront_schema_version`, made since in an earlier schema fails the bet by itself, as it
/// does not hold the version and the row the bet chains onto as read; the commit made after it
/// then refuses the store. One named like another table is not touched by the bet.
extension PostgresEventLog {
    /// Whether the next commit may bet on the rows read so far: a chain read in full and sound,
    /// and no sign that others are writing (the last commit found rows of others under the
    /// lock, or lost its bet), where the bet would mostly be lost. Call under `lock`.
    var mayCommitAtOnce: Bool {
        !othersAreWriting && fetchedThrough > 0 && chain.hasHeader && chain.problems.isEmpty
            && !mustRestart && !isReadingInParts && pendingCheckpoint == nil
    }

    /// Commits `decide`'s events in one round trip when the store is as this session last read
    /// it; nil when the commit is to be made in two round trips instead: the bet was not made
    /// (see `mayCommitAtOnce`; or `decide` refused or wanted nothing written on the rows read
    /// so far, which only fresh rows can confirm), or it was lost, or the server refused
    /// something that the commit in two round trips tells in its words. Call under `lock`.
    ///
    /// A lock that stays held past `lock_timeout` is thrown, as the other commit would wait as
    /// long again; a connection lost once COMMIT was sent is settled as `finishCommit`'s is.
    func commitAtOnce<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch)? {
        guard mayCommitAtOnce,
              let decision = try? decide(EventBatch()), !decision.events.isEmpty,
              let lines = try? chain.lines(for: decision.events, storeName: address.display) else { return nil }
        guard let headMAC = chain.headMAC else { return nil }
        let opening = [PostgresConnection.Statement("BEGIN"), PostgresSchema.lockEventsForInserting,
                       PostgresSchema.takeWriterLock, Self.stillAsRead(lastRow: fetchedThrough, mac: headMAC)]
        let statements = opening + Self.insertions(of: decision.events, lines: lines)
            + [Self.notification(after: lines), PostgresConnection.Statement("COMMIT")].compactMap { $0 }
        do {
            let answers = try pipelineWaitingForLocks(statements)
            if let failure = answers.failure {
                // A wait the server ended (lock_timeout, statement_timeout) would end the other
                // commit's the same way, after waiting as long again. The caller rolls back what it throws.
                if case .lockTimeout = failure { throw failure }
                if case .statementFailed(_, "57014", _) = failure { throw failure }
                _ = try? connection.execute("ROLLBACK")
                // The gapless trigger refused the first row: another session wrote first.
                if answers.rows.count == opening.count, case .statementFailed(_, "23514", _) = failure { othersAreWriting = true }
                return nil
            }
        } catch PostgresStoreError.unreachable(let store, let reason) {
            try settleCutOffCommit(store: store, reason: reason, events: decision.events, lines: lines)
        }
        var batch = EventBatch()
        batch.entries = try appendRead(lines)
        return (decision.result, batch)
    }

    /// Fails unless the store is as this session last read it where the gapless trigger cannot
    /// tell: the schema is `currentVersion` (it is upgraded only under the writer lock, which
    /// this statement runs with), and the row numbered `lastRow` is still the one read, by its
    /// MAC (its last rows deleted by hand and others committed in their place, or an older
    /// backup restored, would have the new row chain onto a row that is gone; see
    /// `isLastRowRead`). The failure is a text that is no boolean (22P02), since plain SQL has
    /// no RAISE; it is built from what was found, so the planner cannot work it out in advance.
    static func stillAsRead(lastRow: Int, mac: String) -> PostgresConnection.Statement {
        PostgresConnection.Statement(
            """
            SELECT CASE WHEN found = $1 AND witnessed THEN true
                        ELSE ('the store changed since this session read it (schema version ' || coalesce(found, 0)
                              || ', row ' || $2 || ' as read: ' || witnessed || '); the commit is decided again')::boolean END
            FROM (SELECT (SELECT max(version) FROM storefront_schema_version) AS found,
                         coalesce((SELECT right(line, char_length($3)) = $3 FROM storefront_events WHERE seq = $2), false)
                             AS witnessed) AS seen
            """,
            [String(PostgresSchema.currentVersion), String(lastRow), ",\"mac\":\"\(mac)\"}"])
    }
}
