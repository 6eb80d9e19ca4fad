import Foundation
import StoreEngine
import StoreLedger

/// Calls about the store as a whole rather than its events: its header line, its schema and
/// the role's privileges, and a check of every row.
extension PostgresEventLog {
    /// The store's header line, as every machine reads it; nil while the database holds no
    /// store yet (the first write makes it).
    public func storeHeaderLine() throws -> String? {
        try lock.withLock { () throws -> String? in
            guard try PostgresSchema.version(on: connection) > 0 else { return nil }
            return try connection.execute("SELECT line FROM storefront_header").first?.first ?? nil
        }
    }

    /// Upgrades the schema to the version this build writes, or at that version makes again
    /// the tables that are missing; returns the versions before and after, and those tables.
    public func migrate() throws -> (from: Int, to: Int, remade: [String]) {
        try lock.withLock {
            // Sent from here, the schema's change may be committed however this process ends.
            try ChangeSent.markBegun()
            return try connection.inTransaction {
                try connection.execute(PostgresSchema.takeWriterLock)
                if !address.namesDatabase, try PostgresSchema.version(on: connection) == 0 {
                    throw PostgresStoreError.databaseNotNamed(store: address.shown, database: connection.database)
                }
                let (found, remade) = try PostgresSchema.upgradeMending(on: connection)
                return (found, PostgresSchema.currentVersion, remade)
            }
        }
    }

    /// Why this connection may not write the store: the privilege its role lacks ("the role
    /// viewer has no INSERT on storefront_events"), or a session the server keeps read-only; nil
    /// when it may write. A database without the store's tables is written by making them,
    /// which takes CREATE on the schema they go in.
    ///
    /// A session keeps the `default_transaction_read_only` it connected with, so one read-only
    /// by the role's or the database's setting is asked again on a new session: once the owner
    /// turned the setting off, the log goes on with that session.
    public func writeRefusal() -> String? {
        lock.withLock {
            guard let facts = writeFacts(on: connection) else { return nil }
            if ["user", "database", "database user"].contains(facts.readOnlySource), facts.readOnly,
               let fresh = try? PostgresConnection(address), let freshFacts = writeFacts(on: fresh), !freshFacts.readOnly {
                connection = fresh
                mustConfirmContinuity = fetchedThrough > 0
                commitMarksWritable = nil
                return refusal(freshFacts)
            }
            return refusal(facts)
        }
    }

    /// What `writeRefusal` asks a session, in one query.
    private struct WriteFacts {
        var hasNoTables: Bool
        /// INSERT on the events, or CREATE on the schema while there are no tables.
        var mayWrite: Bool
        /// SELECT on the events (true while there are no tables): a commit reads before it writes.
        var mayRead: Bool
        var schema: String
        var readOnly: Bool
        var inRecovery: Bool
        var readOnlySource: String
        var database: String
    }

    private func writeFacts(on session: PostgresConnection) -> WriteFacts? {
        let rows = try? session.execute("""
            SELECT to_regclass('storefront_events') IS NULL,
                   CASE WHEN to_regclass('storefront_events') IS NULL
                        THEN coalesce(has_schema_privilege(current_schema(), 'CREATE'), false)
                        ELSE has_table_privilege('storefront_events', 'INSERT') END,
                   to_regclass('storefront_events') IS NULL OR has_table_privilege('storefront_events', 'SELECT'),
                   coalesce(current_schema(), ''), \(Self.readOnlyFacts)
            """)
        guard let row = rows?.first, row.count == 8 else { return nil }
        return WriteFacts(hasNoTables: row[0] == "t", mayWrite: row[1] == "t", mayRead: row[2] == "t", schema: row[3] ?? "",
                          readOnly: row[4] == "on", inRecovery: row[5] == "t", readOnlySource: row[6] ?? "", database: row[7] ?? "")
    }

    private func refusal(_ facts: WriteFacts) -> String? {
        if facts.readOnly {
            return Self.readOnlySessionReason(inRecovery: facts.inRecovery, settingSource: facts.readOnlySource,
                                              role: connection.user, database: facts.database)
        }
        let role = connection.user
        // Quoted as PostgreSQL writes identifiers, as every message about a role does.
        let shownRole = PostgresStoreError.quotedIdentifier(role)
        guard facts.mayRead else {
            return "the role \(shownRole) has no SELECT on storefront_events, so it can neither read nor change the store; the owner "
                + "runs `\(PostgresStoreError.grantReading(to: role))`"
                + (facts.mayWrite ? "" : " and `\(PostgresStoreError.grantWriting(to: role))`")
        }
        guard !facts.mayWrite else { return nil }
        guard facts.hasNoTables else {
            return "the role \(shownRole) has no INSERT on storefront_events; the owner runs `\(PostgresStoreError.grantWriting(to: role))`"
        }
        let schema = facts.schema.isEmpty ? "any schema on its search_path" : "schema \(facts.schema)"
        return "the store has no tables yet, and the role \(shownRole) has no CREATE on \(schema) to make them; "
            + "the database's owner makes them with `storefront store init`"
    }

    /// What tells whether, and why, the server keeps a session read-only: the session's
    /// `transaction_read_only`, whether the server is a standby, where
    /// `default_transaction_read_only` was set (`pg_settings.source`), and the database.
    private static let readOnlyFacts = "current_setting('transaction_read_only'), pg_is_in_recovery(), "
        + "(SELECT source FROM pg_settings WHERE name = 'default_transaction_read_only'), current_database()"

    /// Why the server keeps this session read-only, asked after a change it refused (SQLSTATE
    /// 25006) outside any transaction; nil when it does not, or the server cannot say. Call
    /// under `lock`.
    func readOnlySessionCause() -> String? {
        guard let facts = writeFacts(on: connection), facts.readOnly else { return nil }
        return refusal(facts)
    }

    /// Why the server runs this session read-only, from where `default_transaction_read_only`
    /// was set (`pg_settings.source`), with what turns it off. The statements are run by the
    /// owner in a read-write transaction, as a psql on the same database is read-only too.
    static func readOnlySessionReason(inRecovery: Bool, settingSource: String, role: String, database: String) -> String {
        if inRecovery { return "the server is a standby, which only reads: use the primary server's address" }
        let quote = PostgresStoreError.quotedIdentifier
        // RESET, not SET … = off: a setting pinned off would later defeat a read-only server or database.
        let turnOff = { (target: String, statement: String) in
            "default_transaction_read_only is on for \(target): the owner turns it off with `BEGIN READ WRITE; \(statement) RESET "
                + "default_transaction_read_only; COMMIT;` in psql"
        }
        return switch settingSource {
        case "client":
            "this session's options turn default_transaction_read_only on (PGOPTIONS, or options in the address): remove it there"
        case "user":
            turnOff("the role \(quote(role))", "ALTER ROLE \(quote(role))")
        case "database user":
            turnOff("the role \(quote(role)) in the database \(quote(database))", "ALTER ROLE \(quote(role)) IN DATABASE \(quote(database))")
        case "database":
            turnOff("the database \(quote(database))", "ALTER DATABASE \(quote(database))")
        case "configuration file":
            // postgresql.conf, or ALTER SYSTEM's postgresql.auto.conf: a superuser's to change.
            "the server's configuration turns default_transaction_read_only on: a superuser turns it off with `ALTER SYSTEM "
                + "RESET default_transaction_read_only; SELECT pg_reload_conf();` in psql, or by removing it from postgresql.conf "
                + "and reloading, if it was set there"
        default:
            "the server's settings turn default_transaction_read_only on (\(settingSource.isEmpty ? "unknown source" : settingSource))"
        }
    }

    /// Why this log reads an empty store when its address gives no database and libpq's
    /// default one (named after the role) holds no store: a reading command would otherwise
    /// show an empty store without a word. Nil when the address names its database or a store is there.
    public func unnamedDatabaseWithoutStore() -> PostgresStoreError? {
        guard !address.namesDatabase else { return nil }
        return lock.withLock { () -> PostgresStoreError? in
            guard (try? PostgresSchema.version(on: connection)) == 0 else { return nil }
            return .databaseNotNamed(store: address.shown, database: connection.database)
        }
    }

    /// The schema version this storefront creates and writes.
    public static var schemaVersionWritten: Int { PostgresSchema.currentVersion }

    /// The schema version the database holds, 0 when it holds no store yet.
    public func schemaVersion() throws -> Int {
        try lock.withLock { try PostgresSchema.version(on: connection) }
    }

    /// Reads and checks every event of the store at `address` without writing anything.
    public static func verify(address: PostgresAddress, keyPath: String) throws -> LedgerVerification {
        let log = try PostgresEventLog(address: address, keyPath: keyPath)
        guard try log.schemaVersion() > 0 else {
            throw PostgresStoreError.noStore(store: address.shown, namesDatabase: address.namesDatabase)
        }
        var entryCount = 0
        var batch: EventBatch
        var columnProblems: [LedgerProblem] = []
        repeat {
            batch = try log.readNew()
            entryCount += batch.entries.count
            columnProblems += try log.keyColumnProblems(of: batch.entries)
        } while batch.isPartial
        return log.lock.withLock {
            LedgerVerification(path: address.display, lineCount: log.fetchedThrough + 1, entryCount: entryCount,
                               lastSequence: log.chain.lastSequence, problems: log.rowProblems + columnProblems,
                               incompleteLastLineBytes: 0, headMAC: log.chain.headMAC)
        }
    }

    /// The line of the store's row with `sequence` as it is stored (unverified), the header row's
    /// for 0; nil when there is none.
    public static func storedLine(address: PostgresAddress, keyPath: String, sequence: Int) throws -> [UInt8]? {
        let log = try PostgresEventLog(address: address, keyPath: keyPath)
        let statement = sequence == 0 ? PostgresConnection.Statement("SELECT line FROM storefront_header") : Self.row(sequence)
        let line = try log.lock.withLock { try log.connection.execute(statement).first?.first ?? nil }
        return line.map { Array($0.utf8) }
    }

    /// The rows of `entries` whose key columns do not hold what their verified lines say.
    private func keyColumnProblems(of entries: [(sequence: Int, event: StoreEvent)]) throws -> [LedgerProblem] {
        guard let first = entries.first?.sequence, let last = entries.last?.sequence else { return [] }
        let rows = try lock.withLock {
            try connection.execute(
                "SELECT seq, \(Self.keyColumns.joined(separator: ", ")) FROM storefront_events WHERE seq BETWEEN $1 AND $2 ORDER BY seq",
                [String(first), String(last)])
        }
        var stored: [Int: [String?]] = [:]
        for row in rows.values { if let sequence = row.first.flatMap({ $0.flatMap(Int.init) }) { stored[sequence] = Array(row.dropFirst()) } }
        return entries.compactMap { entry in
            // No row numbered as the line: the line is in a row whose seq was changed (its other
            // columns, looked up by the wrong number, would all seem to differ).
            guard let found = stored[entry.sequence] else {
                return LedgerProblem.columnsDisagree(line: entry.sequence + 1, columns: ["seq"])
            }
            let expected = Self.keyColumnValues(of: entry.event)
            let differing = Self.keyColumns.indices.filter { $0 >= found.count || found[$0] != expected[$0] }.map { Self.keyColumns[$0] }
            // A chain's line 1 is the header, so the event with sequence N is on line N + 1.
            return differing.isEmpty ? nil : LedgerProblem.columnsDisagree(line: entry.sequence + 1, columns: differing)
        }
    }
}
