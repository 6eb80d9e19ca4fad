import StoreEngine
import StoreLedger

/// The two round trips of a commit: everything up to the decision goes to the server in one
/// pipeline, and everything after it in another, so the writer lock is held for two round trips
/// and the server's flush instead of one round trip per statement.
///
/// Nothing is decided on a guess: the second pipeline is built only after the first one's
/// answers (the lock taken, the rows others committed) are in, so the decision still runs
/// under the lock against fresh state.
extension PostgresEventLog {
    /// What a commit's first round trip found.
    struct CommitOpening {
        /// The schema version found under the lock; 0 when this commit made the schema.
        var schemaFound: Int
        /// What the chain lacked, read with the lock, and what was asked; nil when the commit
        /// started again one statement at a time.
        var rowsRead: (request: RowsRequest, answers: [PostgresConnection.Rows])?
    }

    /// Begins the commit's transaction, takes the writer lock, and reads the schema version and
    /// what the chain lacks (the rows committed since the last read, and the header and a
    /// checkpoint's row on a first read), in one round trip; refuses a schema of another version.
    /// Where the schema does not show, it starts again one statement at a time and makes the
    /// schema, as the first writer.
    ///
    /// Unless `waitingForLock`, every statement of this round trip waits only briefly for a
    /// lock (the writer lock, or a table lock another session took with `LOCK TABLE`), and
    /// `StoreWriterLockHeld` is thrown when one stays held; none of the answers is taken in, so
    /// the chain stays as it was. The statements after it wait as long as the session's
    /// `lock_timeout` again. Call under `lock`.
    func beginCommit(waitingForLock: Bool = true) throws -> CommitOpening {
        let request = rowsRequest()
        // Whether the commit marks may be written is asked once a session, with the lock.
        let asksForMarks = commitMarksWritable == nil
        let session = connection.lockTimeoutMilliseconds
        let wait = session == 0 ? Self.lockHeldWaitMilliseconds : min(session, Self.lockHeldWaitMilliseconds)
        let beforeTableLock = [PostgresConnection.Statement("BEGIN")] + (waitingForLock ? [] : [PostgresSchema.waitForLocks(wait)])
        // The tables' placement is asked before any lock: a waiting writer does not hold it up.
        let opening = beforeTableLock + [PostgresSchema.tablesTogether, PostgresSchema.lockEventsForInserting, PostgresSchema.takeWriterLock]
            + (asksForMarks ? [PostgresSchema.commitMarksWritable] : []) + [PostgresSchema.versionQuery]
        let statements = opening + request.statements + (waitingForLock ? [] : [PostgresSchema.waitForLocks(session)])
        // A wait that gives up within a moment is never said.
        let answers = waitingForLock ? try pipelineWaitingForLocks(statements) : try connection.pipeline(statements)
        if !waitingForLock, case .lockTimeout? = answers.failure {
            // The caller's ROLLBACK ends the transaction; the statements after the one that gave up never ran.
            throw StoreWriterLockHeld(store: address.shown, waitedMilliseconds: wait)
        }
        try PostgresSchema.refuseTablesApart(answeredIn: answers, at: beforeTableLock.count, inTransaction: true, on: connection)
        if case .readOnlyRole(let store, let reason, let role)? = answers.failure, answers.rows.count == beforeTableLock.count + 1 {
            // Refused the table lock its INSERT takes, before any wait: a role that may only
            // read, or one that may not even read (a copy into the store reads nothing first).
            guard try mayReadTheStore() else { throw PostgresStoreError.readOnlyRole(store: store, reason: reason, role: role) }
            throw PostgresStoreError.insertRefused(store: store, reason: reason, role: role)
        }
        guard let found = try PostgresSchema.version(answeredIn: answers, at: opening.count - 1) else {
            return try beginFirstCommit()
        }
        // The version decides before any later failure: a schema of another version is refused for what it is.
        try refuseUnknownSchema(found)
        let all = try answers.all()
        if asksForMarks { commitMarksWritable = all[opening.count - 2].first?.first == "t" }
        return CommitOpening(schemaFound: found, rowsRead: (request, Array(all.dropFirst(opening.count).prefix(request.statements.count))))
    }

    /// Whether the session's role may read every table a read of the store reads, asked after
    /// the commit's transaction failed (it is rolled back first).
    private func mayReadTheStore() throws -> Bool {
        try connection.execute("ROLLBACK")
        let readTables = ["storefront_schema_version", "storefront_header", "storefront_events", "storefront_checkpoints"]
        let answer = try connection.execute(
            "SELECT bool_and(has_table_privilege(name, 'SELECT')) FROM unnest($1::text[]) AS name",
            ["{" + readTables.joined(separator: ",") + "}"])
        return answer.first?.first == "t"
    }

    /// Starts the commit again where the pipeline saw no schema table, or one without its
    /// version row. Its look went by the session's catalog cache, which may not yet know of a
    /// schema another writer made while this one waited for the lock; `PostgresSchema.version(on:)`
    /// looks with the statement's own snapshot. The first writer makes the schema, under the
    /// lock, so two cannot race.
    private func beginFirstCommit() throws -> CommitOpening {
        try connection.execute("ROLLBACK")
        try connection.execute("BEGIN")
        try connection.execute(PostgresSchema.takeWriterLock)
        let found = try PostgresSchema.version(on: connection)
        try refuseUnknownSchema(found)
        if found == 0 {
            guard address.namesDatabase else { throw PostgresStoreError.databaseNotNamed(store: address.shown, database: connection.database) }
            try PostgresSchema.upgrade(on: connection)
        }
        return CommitOpening(schemaFound: found, rowsRead: nil)
    }

    /// Inserts the decided events, notifies listeners with the last sequence number and
    /// commits, in one round trip. The first statement the server refuses (a unique key, the
    /// role's rights, a lost connection) is thrown and the ones after it do not run, COMMIT
    /// included, so the caller's ROLLBACK leaves nothing. Call under `lock`, in `beginCommit`'s
    /// transaction.
    ///
    /// When `flushAfterUnlock`, the transaction commits without waiting for the server's flush,
    /// which lets the writer lock go at once, and the same round trip then writes this session's
    /// commit mark in a transaction that does wait for it: the server answers only once this
    /// commit is durable too, as the log is written in order. Writers that queue for the lock
    /// then take their turns while the flushes of those before them are still under way, and
    /// the server flushes several commits at once.
    func finishCommit(_ events: [StoreEvent], lines: [[UInt8]], flushAfterUnlock: Bool) throws {
        var statements = flushAfterUnlock ? [PostgresConnection.Statement("SET LOCAL synchronous_commit = off")] : []
        statements += Self.insertions(of: events, lines: lines)
        statements += [Self.notification(after: lines), PostgresConnection.Statement("COMMIT")].compactMap { $0 }
        guard flushAfterUnlock else {
            _ = try connection.pipeline(statements).all()
            return
        }
        let committedAnswers = statements.count
        statements.append(PostgresSchema.writeCommitMark)
        let answers = try connection.pipeline(statements)
        guard let failure = answers.failure else { return }
        guard answers.rows.count >= committedAnswers else { throw failure }
        // Committed, but the mark was refused since the session asked (a grant taken away, the
        // table dropped): the commit is still made durable before this returns.
        commitMarksWritable = false
        try waitForTheServersFlush()
    }

    /// The columns kept beside each event's line for the unique keys, in `keyColumnValues`' order.
    static let keyColumns = ["kind", "app", "transaction_id", "spend_id", "renewal_key"]

    /// What `event`'s row holds in `keyColumns`.
    static func keyColumnValues(of event: StoreEvent) -> [String?] {
        [event.kind.rawValue, event.app, event.transactionId, event.spendId, event.renewalKey]
    }

    /// The INSERTs of `events`' rows, each with its line.
    static func insertions(of events: [StoreEvent], lines: [[UInt8]]) -> [PostgresConnection.Statement] {
        zip(events, lines).compactMap { insertion(of: $0, line: $1) }
    }

    /// The notification that tells listeners the last sequence number of `lines`.
    static func notification(after lines: [[UInt8]]) -> PostgresConnection.Statement? {
        guard let last = lines.last, let sequence = LedgerLineChain<StoreEvent>.sequenceNumber(ofLine: last) else { return nil }
        return PostgresConnection.Statement("SELECT pg_notify($1, $2)", [PostgresSchema.changeChannel, String(sequence)])
    }

    /// The INSERT of one event's row, with its idempotency keys beside the line.
    private static func insertion(of event: StoreEvent, line: [UInt8]) -> PostgresConnection.Statement? {
        guard let sequence = LedgerLineChain<StoreEvent>.sequenceNumber(ofLine: line) else { return nil }
        return PostgresConnection.Statement(
            """
            INSERT INTO storefront_events (seq, \(keyColumns.joined(separator: ", ")), line)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """,
            [String(sequence)] + keyColumnValues(of: event) + [String(decoding: line, as: UTF8.self)])
    }
}
