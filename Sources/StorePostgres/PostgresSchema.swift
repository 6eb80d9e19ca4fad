/// The tables, constraints and triggers of a store on PostgreSQL, and the steps between versions.
///
/// The database enforces what it can of the file's guarantees: events are never updated or
/// deleted (a trigger refuses it, also TRUNCATE), sequence numbers start at 1 and have no gaps
/// (a trigger checks each insert against the last row), and transaction ids, spend ids and
/// renewal keys are unique where the events carry them. Checkpoints (version 2) are not
/// events: one row per name, replaced when a newer fold is saved, so no trigger guards them;
/// their own MAC does. Commit marks (version 3) are not store data either: after a commit that
/// let the writer lock go without waiting for the server's flush, a writer writes its mark in a
/// transaction that does wait, and so waits for that commit's flush too (see
/// `PostgresEventLog+Durability.swift`).
enum PostgresSchema {
    /// The version this build creates and writes.
    static let currentVersion = 3

    /// The key of the transaction-scoped advisory lock every writer takes (ASCII "storefnt").
    static let writerLockKey: Int64 = 0x73746F726566_6E74

    /// How the gapless trigger's refusal begins (the trigger's text is part of the schema, so
    /// a store made by an earlier version says the same).
    static let gaplessRefusal = "storefront events have gapless sequence numbers"

    /// The numbers the gapless trigger's refusal in `message` names: the `seq` given and the one
    /// the table expected; nil for any other message.
    static func gaplessRefusalNumbers(in message: String) -> (given: Int, expected: Int)? {
        guard message.hasPrefix(gaplessRefusal + ": ") else { return nil }
        let words = message.dropFirst(gaplessRefusal.count + 2).split(separator: " ")
        guard words.count >= 4, words[1] == "given,", words[3].hasPrefix("expected"),
              let given = Int(words[0]), let expected = Int(words[2]) else { return nil }
        return (given, expected)
    }

    /// The channel a commit notifies with its last sequence number, for readers that listen.
    static let changeChannel = "storefront_events"

    /// The statements that bring a database from `version - 1` to `version`, in order; index 0
    /// creates version 1 from nothing.
    ///
    /// Each step may run again over what it made (IF NOT EXISTS, OR REPLACE, triggers dropped
    /// and made anew): a database whose version row lags behind its tables, restored from
    /// parts or migrated by hand, is brought to the version and recorded rather than refused
    /// with "already exists".
    static let steps: [[String]] = [versionOne, versionTwo, versionThree]

    /// How many rows the commit marks have at most: sessions share one by their process id.
    static let commitMarkSlots = 4096

    /// Version 3: commit marks, one small row per slot, written in a transaction that waits
    /// for the server's flush. Every role that can write the events must be able to write
    /// them, and they hold nothing of the store, so they are open to every role.
    private static let versionThree = [
        """
        CREATE TABLE IF NOT EXISTS storefront_commit_marks (
            slot integer PRIMARY KEY CHECK (slot >= 0 AND slot < \(commitMarkSlots)),
            commits bigint NOT NULL DEFAULT 1
        )
        """,
        "GRANT SELECT, INSERT, UPDATE ON storefront_commit_marks TO PUBLIC",
    ]

    /// Version 2: saved folds of the events, one per app, so opening need not fold them all.
    private static let versionTwo = [
        """
        CREATE TABLE IF NOT EXISTS storefront_checkpoints (
            name text PRIMARY KEY,
            seq bigint NOT NULL CHECK (seq > 0),
            content bytea NOT NULL,
            saved_at timestamptz NOT NULL DEFAULT now()
        )
        """,
    ]

    private static let versionOne = [
        """
        CREATE TABLE IF NOT EXISTS storefront_schema_version (
            version integer NOT NULL,
            migrated_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS storefront_header (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            line text NOT NULL
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS storefront_events (
            seq bigint PRIMARY KEY CHECK (seq > 0),
            kind text NOT NULL,
            app text NOT NULL,
            transaction_id text,
            spend_id text,
            renewal_key text,
            line text NOT NULL,
            committed_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE UNIQUE INDEX IF NOT EXISTS storefront_events_transaction_id ON storefront_events (transaction_id)
            WHERE kind IN ('purchase', 'purchaseFailed', 'renew')
        """,
        "CREATE UNIQUE INDEX IF NOT EXISTS storefront_events_spend_id ON storefront_events (app, spend_id) WHERE kind = 'spend'",
        "CREATE UNIQUE INDEX IF NOT EXISTS storefront_events_renewal_key ON storefront_events (app, renewal_key) WHERE kind = 'renew'",
        """
        CREATE OR REPLACE FUNCTION storefront_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'storefront events are append-only: % on % refused', TG_OP, TG_TABLE_NAME
                USING ERRCODE = 'restrict_violation';
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION storefront_require_next_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE expected bigint;
        BEGIN
            SELECT coalesce(max(seq), 0) + 1 INTO expected FROM storefront_events;
            IF NEW.seq <> expected THEN
                RAISE EXCEPTION '\(gaplessRefusal): % given, % expected', NEW.seq, expected
                    USING ERRCODE = 'check_violation';
            END IF;
            RETURN NEW;
        END $$
        """,
        "DROP TRIGGER IF EXISTS storefront_events_append_only ON storefront_events",
        """
        CREATE TRIGGER storefront_events_append_only BEFORE UPDATE OR DELETE ON storefront_events
            FOR EACH ROW EXECUTE FUNCTION storefront_refuse_change()
        """,
        "DROP TRIGGER IF EXISTS storefront_events_no_truncate ON storefront_events",
        """
        CREATE TRIGGER storefront_events_no_truncate BEFORE TRUNCATE ON storefront_events
            FOR EACH STATEMENT EXECUTE FUNCTION storefront_refuse_change()
        """,
        "DROP TRIGGER IF EXISTS storefront_events_gapless ON storefront_events",
        """
        CREATE TRIGGER storefront_events_gapless BEFORE INSERT ON storefront_events
            FOR EACH ROW EXECUTE FUNCTION storefront_require_next_sequence()
        """,
        "DROP TRIGGER IF EXISTS storefront_header_append_only ON storefront_header",
        """
        CREATE TRIGGER storefront_header_append_only BEFORE UPDATE OR DELETE ON storefront_header
            FOR EACH ROW EXECUTE FUNCTION storefront_refuse_change()
        """,
        "DROP TRIGGER IF EXISTS storefront_header_no_truncate ON storefront_header",
        """
        CREATE TRIGGER storefront_header_no_truncate BEFORE TRUNCATE ON storefront_header
            FOR EACH STATEMENT EXECUTE FUNCTION storefront_refuse_change()
        """,
    ]

    /// The schema version the database holds, 0 when it has none yet.
    ///
    /// The table is looked for in `pg_class` with the statement's own snapshot, not with
    /// `to_regclass`: that goes through the session's catalog cache, which remembers "no such
    /// table" from an earlier look and takes no note of tables others created while this session
    /// waited for the writer lock, so a second first writer would create the schema again.
    ///
    /// Store tables without a version row (deleted by hand, or left out of a partial restore)
    /// are refused rather than taken for an empty database, whose first write would then fail
    /// on the tables that are there.
    static func version(on connection: PostgresConnection) throws(PostgresStoreError) -> Int {
        let tables = try tablesPresent(on: connection)
        // Tables missing from sight may be in another schema, or would be made in one.
        if !tables.isSuperset(of: Self.tables) { try refuseStoreOutOfSight(on: connection) }
        guard !tables.isEmpty else { return 0 }
        try refuseTablesApart(on: connection)
        // The version the tables look like, for the advice: checkpoints came with version 2,
        // commit marks with 3.
        let likely = tables.contains("storefront_commit_marks") ? 3 : tables.contains("storefront_checkpoints") ? 2 : 1
        guard tables.contains("storefront_schema_version") else {
            let found = describe(try placement(on: connection).tables)
            // Without the version, only the events and header tables with their lines say a store
            // was here: relations that merely share a name (another program's, a view) are no store
            // to mend, and nothing is made beside them.
            guard try hasStoreLines(on: connection) else { throw .notAStore(store: connection.address.shown, found: found) }
            throw .incompleteSchema(store: connection.address.shown, missing: "the table storefront_schema_version",
                                    likelyVersion: likely, found: found)
        }
        let row = try connection.execute(versionQuery)
        guard let version = row.first?.first.flatMap({ $0.flatMap(Int.init) }) else {
            throw .incompleteSchema(store: connection.address.shown, missing: "its row in storefront_schema_version",
                                    likelyVersion: likely)
        }
        return version
    }

    /// Refuses a database whose store lies in a schema the session's `search_path` does not
    /// find (a role's own default, `ALTER ROLE … SET search_path`), where this session would
    /// read an empty store and make a second one beside it under the same name and key file.
    /// Asked only where no store, or only part of one, is in sight, so reads and commits of a
    /// whole store never ask; a store
    /// another session made in sight since the look that found none (this statement's snapshot
    /// is newer) is not out of sight, and the caller reads it as new.
    ///
    /// Tables in sight in another schema than the one new tables go in (`current_schema()`,
    /// the first of the `search_path`) are refused too: a missing table of the store would be
    /// made apart from the others, where only this role finds it.
    static func refuseStoreOutOfSight(on connection: PostgresConnection) throws(PostgresStoreError) {
        let storeSchemas = { (visible: Bool) in
            """
            (SELECT string_agg(DISTINCT quote_ident(n.nspname), ', ')
             FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
             WHERE c.relname = ANY($1::text[]) AND c.relkind IN ('r', 'p') AND \(visible ? "" : "NOT ")pg_catalog.pg_table_is_visible(c.oid))
            """
        }
        let answer = try connection.execute(
            """
            SELECT \(storeSchemas(false)), \(storeSchemas(true)), quote_ident(current_schema()),
                   current_setting('search_path'), (SELECT source FROM pg_catalog.pg_settings WHERE name = 'search_path')
            """, ["{" + tables.joined(separator: ",") + "}"])
        guard let row = answer.first, row.count > 4 else { return }
        let (outOfSight, inSight, madeIn) = (row[0], row[1], row[2])
        let schemas: String
        if let outOfSight {
            schemas = outOfSight
        } else if let inSight, inSight != madeIn {
            schemas = inSight
        } else {
            return
        }
        throw .storeOutOfSight(store: connection.address.shown, schemas: schemas, searchPath: row[3] ?? "",
                               setBy: row[4] ?? "", role: connection.user, database: connection.database,
                               missingWouldGoTo: outOfSight == nil ? madeIn ?? "no schema" : nil)
    }

    /// The tables of the current version, each with the version whose step makes it.
    static let tablesByVersion: [(table: String, version: Int)] = [
        ("storefront_schema_version", 1), ("storefront_header", 1), ("storefront_events", 1), ("storefront_checkpoints", 2),
        (commitMarksTable, 3),
    ]

    /// The table of the commit marks (see `PostgresEventLog+Durability.swift`), which every role may write.
    static let commitMarksTable = "storefront_commit_marks"

    /// The tables of the current version.
    static let tables = tablesByVersion.map(\.table)

    /// Refuses a session whose `search_path` finds the store's tables in more than one schema:
    /// a relation of one of their names (a table, a view) in a schema earlier in the path hides
    /// the store's own, and reads and inserts would go to it. A store only some of whose tables
    /// are in sight is `refuseStoreOutOfSight`'s to judge.
    static func refuseTablesApart(on connection: PostgresConnection) throws(PostgresStoreError) {
        let (tablesBySchema, searchPath) = try placement(on: connection)
        guard tablesBySchema.count > 1 else { return }
        // The schema holding most of the tables is taken for the store's, and put first.
        let storeSchema = tablesBySchema.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key ?? ""
        let others = searchPath.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0 != storeSchema }
        throw .storeTablesApart(store: connection.address.shown, placement: describe(tablesBySchema), searchPath: searchPath,
                                role: connection.user, database: connection.database,
                                pathFindingTheStore: ([storeSchema] + others).joined(separator: ", "))
    }

    /// The store's tables the session's `search_path` finds, by the schema each is found in, and
    /// that `search_path`.
    static func placement(on connection: PostgresConnection) throws(PostgresStoreError) -> (tables: [String: [String]], searchPath: String) {
        let found = try connection.execute(
            """
            SELECT c.relname, quote_ident(n.nspname), current_setting('search_path')
            FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relname = ANY($1::text[]) AND pg_catalog.pg_table_is_visible(c.oid)
            ORDER BY c.relname
            """, ["{" + tables.joined(separator: ",") + "}"])
        let rows = found.values.compactMap { row in row.count > 2 ? row : nil }
        var tablesBySchema: [String: [String]] = [:]
        for row in rows {
            guard let table = row[0], let schema = row[1] else { continue }
            tablesBySchema[schema, default: []].append(table)
        }
        return (tablesBySchema, rows.first?[2] ?? "")
    }

    /// "storefront_events in early; storefront_checkpoints, … in public": the schema holding the
    /// fewest of the tables first, most likely the stray one.
    static func describe(_ tablesBySchema: [String: [String]]) -> String {
        tablesBySchema.sorted { ($0.value.count, $0.key) < ($1.value.count, $1.key) }
            .map { "\($0.value.joined(separator: ", ")) in \($0.key)" }.joined(separator: "; ")
    }

    /// Fails (SQLSTATE 22P02, as `stillAsRead` does) where the session's `search_path` finds
    /// the store's tables in more than one schema; sent ahead of a read's or a commit's
    /// statements, so none of them runs on a stray table (see `refuseTablesApart`, which then
    /// says which are where). The answer is one row whatever the tables.
    static let tablesTogether = PostgresConnection.Statement(
        """
        SELECT CASE WHEN count(DISTINCT relnamespace) <= 1 THEN true
                    ELSE ('the search_path finds the store''s tables in ' || count(DISTINCT relnamespace) || ' schemas')::boolean END
        FROM pg_catalog.pg_class WHERE relname = ANY('{\(tables.joined(separator: ","))}'::text[]) AND pg_catalog.pg_table_is_visible(oid)
        """)

    /// Throws `storeTablesApart` when `tablesTogether`, the statement at `index` of a pipeline,
    /// is the one that failed; a failed explicit transaction (`inTransaction`) is rolled back
    /// first. Where the tables are found together again by then, the pipeline's failure is thrown.
    static func refuseTablesApart(answeredIn answers: PostgresConnection.PipelineAnswers, at index: Int,
                                  inTransaction: Bool, on connection: PostgresConnection) throws(PostgresStoreError) {
        guard answers.rows.count == index, let failure = answers.failure,
              case .statementFailed(_, "22P02", _) = failure else { return }
        if inTransaction { try connection.execute("ROLLBACK") }
        try refuseTablesApart(on: connection)
        throw failure
    }

    /// Whether the session finds `storefront_events` and `storefront_header` as tables with a
    /// `line` column each, as every version of the store made them.
    static func hasStoreLines(on connection: PostgresConnection) throws(PostgresStoreError) -> Bool {
        let answer = try connection.execute(
            """
            SELECT count(*) FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
            WHERE c.relname IN ('storefront_events', 'storefront_header') AND c.relkind IN ('r', 'p')
              AND pg_catalog.pg_table_is_visible(c.oid) AND a.attname = 'line' AND NOT a.attisdropped
            """)
        return answer.first?.first == "2"
    }

    /// Which of `tables` the database has, looked for with the statement's own snapshot (see `version(on:)`).
    static func tablesPresent(on connection: PostgresConnection) throws(PostgresStoreError) -> Set<String> {
        let found = try connection.execute(
            """
            SELECT relname FROM pg_catalog.pg_class
            WHERE relname = ANY($1::text[]) AND pg_catalog.pg_table_is_visible(oid)
            """, ["{" + tables.joined(separator: ",") + "}"])
        return Set(found.values.compactMap { $0.first ?? nil })
    }

    /// How many rows of the events and header tables the server has ever seen updated or
    /// deleted, by its statistics. The store only inserts there and its triggers refuse the
    /// rest, so a count that moves means rows were changed by hand with the triggers bypassed
    /// (or the statistics were reset): a reader then checks every row again. The counts are
    /// the server's cumulative statistics, sent by the changing session within about a second.
    static let handChangesQuery = PostgresConnection.Statement(
        """
        SELECT pg_stat_get_tuples_updated('storefront_events'::regclass) + pg_stat_get_tuples_deleted('storefront_events'::regclass)
            + pg_stat_get_tuples_updated('storefront_header'::regclass) + pg_stat_get_tuples_deleted('storefront_header'::regclass)
        """)

    /// `handChangesQuery`'s count, the highest `seq` of the events, the count of header rows and
    /// of the schemas the session finds the store's tables in: the slow look of an open store,
    /// which reads again when rows were inserted that no notification announced (a row appended
    /// by hand by a role that may insert, which only the read's MAC check catches), and when
    /// its tables are found apart (see `refuseTablesApart`).
    static let handChangesAndLastRowQuery = PostgresConnection.Statement(
        "SELECT (\(handChangesQuery.sql)), (SELECT coalesce(max(seq), 0) FROM storefront_events), (SELECT count(*) FROM storefront_header), "
            + "(SELECT count(DISTINCT relnamespace) FROM pg_catalog.pg_class WHERE relname = ANY('{\(tables.joined(separator: ","))}'::text[]) "
            + "AND pg_catalog.pg_table_is_visible(oid))")

    /// Reads the version from the table, in the pipelines of reads and commits; fails with
    /// `undefinedTable` where there is no schema, and then `version(on:)` looks (see
    /// `version(answeredIn:at:)`).
    static let versionQuery = PostgresConnection.Statement("SELECT max(version) FROM storefront_schema_version")

    /// The version `versionQuery`, the statement at `index` of a pipeline, read; nil where it
    /// read none (no table as the session's catalog cache saw it, or no version row), so
    /// `version(on:)` must look. Throws the failure of a statement up to `index` for any other reason.
    static func version(answeredIn answers: PostgresConnection.PipelineAnswers, at index: Int) throws(PostgresStoreError) -> Int? {
        guard answers.rows.indices.contains(index) else {
            if case .statementFailed(_, undefinedTable, _)? = answers.failure { return nil }
            if let failure = answers.failure { throw failure }
            return nil
        }
        let found = answers.rows[index].first?.first.flatMap { $0.flatMap(Int.init) } ?? 0
        return found > 0 ? found : nil
    }

    /// The SQLSTATE of a statement naming a table the database does not have (as seen by it).
    static let undefinedTable = "42P01"
    /// The SQLSTATE of a statement naming a column its table does not have.
    static let undefinedColumn = "42703"

    /// Writes this session's commit mark in a transaction of its own, which the server makes
    /// durable before it answers, and with it everything committed before.
    static let writeCommitMark = PostgresConnection.Statement(
        """
        INSERT INTO storefront_commit_marks (slot) VALUES (pg_backend_pid() % \(commitMarkSlots))
        ON CONFLICT (slot) DO UPDATE SET commits = storefront_commit_marks.commits + 1
        """)

    /// Whether this session's role may write its commit mark ('t' or 'f'): the table is there
    /// and the role has what `writeCommitMark` needs (SELECT, INSERT and UPDATE on it).
    static let commitMarksWritable = PostgresConnection.Statement(
        """
        SELECT coalesce(has_table_privilege(marks, 'SELECT') AND has_table_privilege(marks, 'INSERT')
                        AND has_table_privilege(marks, 'UPDATE'), false)
        FROM (SELECT to_regclass('storefront_commit_marks') AS marks) AS found
        """)

    /// Takes the writer lock until the transaction ends.
    static let takeWriterLock = PostgresConnection.Statement("SELECT pg_advisory_xact_lock($1)", [String(writerLockKey)])

    /// The table lock an INSERT of events takes, taken first in a commit: a role that may only
    /// read is refused it at once (42501) rather than after waiting for the writer lock, and a
    /// `LOCK TABLE` of another session that would hold up the INSERT (SHARE or stronger) is
    /// waited for here, before the writer lock is held, not under it.
    static let lockEventsForInserting = PostgresConnection.Statement("LOCK TABLE storefront_events IN ROW EXCLUSIVE MODE")

    /// Has the transaction's later statements wait at most `milliseconds` for a lock (0: for
    /// ever) and then fail with `lock_not_available`; the session's own `lock_timeout` is back
    /// once the transaction ends.
    static func waitForLocks(_ milliseconds: Int) -> PostgresConnection.Statement {
        PostgresConnection.Statement("SELECT pg_catalog.set_config('lock_timeout', $1, true)", [String(milliseconds)])
    }

    /// Brings the schema to `currentVersion` inside the caller's transaction, which holds the
    /// writer lock; refuses a newer schema. Returns the version found.
    @discardableResult
    static func upgrade(on connection: PostgresConnection) throws(PostgresStoreError) -> Int {
        try upgradeMending(on: connection).found
    }

    /// `upgrade`, which at the current version also makes again the tables that are missing
    /// (dropped by hand), running again only the steps that make them (a later step alone
    /// touches no other table, so writers at work meanwhile are not locked out of theirs);
    /// returns the version found and the tables made again.
    static func upgradeMending(on connection: PostgresConnection) throws(PostgresStoreError) -> (found: Int, remade: [String]) {
        let found = try version(on: connection)
        guard found <= currentVersion else {
            throw .newerSchema(store: connection.address.shown, found: found, supported: currentVersion)
        }
        var missing: [String] = []
        if found == currentVersion {
            let present = try tablesPresent(on: connection)
            missing = tables.filter { !present.contains($0) }
        }
        do {
            let versionsToRedo = Set(tablesByVersion.filter { missing.contains($0.table) }.map(\.version))
            for version in versionsToRedo.sorted() {
                for statement in steps[version - 1] { try connection.execute(statement) }
            }
            for version in (found + 1)..<(currentVersion + 1) {
                for statement in steps[version - 1] { try connection.execute(statement) }
                try connection.execute("INSERT INTO storefront_schema_version (version) VALUES ($1)", [String(version)])
            }
        } catch .readOnlyRole(let store, let reason, let role) {
            throw .tablesRefused(store: store, reason: reason, role: role)
        }
        return (found, missing)
    }
}
