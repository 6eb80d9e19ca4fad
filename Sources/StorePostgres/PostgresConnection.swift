internal import CPostgres
import Foundation

/// One libpq connection: statements with text parameters and text results, nothing more.
///
/// Not `Sendable`: the event log that owns it serializes every call.
final class PostgresConnection {
    let address: PostgresAddress
    let handle: OpaquePointer
    /// How long a statement waits for a lock before it fails (PostgreSQL's `lock_timeout`, in
    /// milliseconds; 0 waits for ever): `defaultLockTimeoutMilliseconds` unless the address,
    /// `PGOPTIONS`, the role or the database set it.
    private(set) var lockTimeoutMilliseconds = 0
    /// The session's `statement_timeout` (0: none), which ends a wait for a lock too.
    private(set) var statementTimeoutMilliseconds = 0
    /// The statements pipelines prepared on this session, by their text, under the names the
    /// server knows them by (see `pipeline`).
    var preparedStatementNames: [String: String] = [:]
    /// How many names pipelines have given out, so each new preparation gets a new one.
    var preparedStatementCount = 0
    /// How many times this connection has sent something and waited for the answer (one
    /// statement, or one pipeline of them): what a read or a commit costs beyond the server's
    /// own work, which tests pin.
    var roundTrips = 0

    /// The wait a writer accepts behind another session's lock before it gives up. Every
    /// commit holds the writer lock for milliseconds, so a wait this long means a session
    /// that holds it and does nothing (a psql left in a transaction, a stopped process).
    static let defaultLockTimeoutMilliseconds = 10_000

    /// One statement and its parameters ($1, $2, …), sent as text.
    struct Statement {
        let sql: String
        let parameters: [String?]

        init(_ sql: String, _ parameters: [String?] = []) {
            self.sql = sql
            self.parameters = parameters
        }
    }

    /// The rows a statement returned, each column as text (nil for NULL).
    struct Rows {
        var values: [[String?]]

        var first: [String?]? { values.first }
    }

    /// Connects, or throws `unreachable` with libpq's reason.
    /// The server process of this session, read when it connected: libpq answers 0 once the
    /// connection has gone bad, which is when a cut-off commit needs it (`outcomeOfCutOffCommit`).
    let backendPID: Int32

    /// What the server said outside its answers; it must outlive `handle`, which reports to it.
    let notices: ServerNotices

    init(_ address: PostgresAddress) throws(PostgresStoreError) {
        self.address = address
        let notices = ServerNotices()
        guard let handle = Self.connect(address.connectionString, notices: notices) else {
            throw .unreachable(store: address.shown, reason: "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let failure = Self.connectFailure(handle, address: address, notices: notices)
            PQfinish(handle)
            throw failure
        }
        self.handle = handle
        self.notices = notices
        backendPID = PQbackendPID(handle)
        try setUpSession()
    }

    /// The name a session shows in `pg_stat_activity` unless the address or `PGAPPNAME` gives one,
    /// so whoever looks for the session holding the writer lock can tell a storefront's.
    static let applicationName = "storefront"

    /// Sets `lock_timeout` to the default unless something set it already (its source is then
    /// not `default`), so a user's `options=-c lock_timeout=…` or `PGOPTIONS` wins, 0 included;
    /// and has the session plan each prepared statement once (`force_generic_plan`, where the
    /// server knows the setting): the server would otherwise plan the read of new rows again on
    /// every execution, which cost more than running it. Its transactions are READ COMMITTED
    /// whatever the database, role or `PGOPTIONS` make the default: a commit reads, under the
    /// writer lock, the rows committed while it waited, which a snapshot taken before the lock
    /// (REPEATABLE READ) would not show, and SERIALIZABLE would fail commits the lock already
    /// keeps apart. One round trip: CASE evaluates `set_config` only for the default.
    private func setUpSession() throws(PostgresStoreError) {
        let row = try execute(
            """
            SELECT CASE WHEN source = 'default' THEN pg_catalog.set_config('lock_timeout', $1, false) END, setting,
                   (SELECT pg_catalog.set_config(name, 'force_generic_plan', false) FROM pg_catalog.pg_settings
                    WHERE name = 'plan_cache_mode'),
                   pg_catalog.set_config('default_transaction_isolation', 'read committed', false),
                   (SELECT setting FROM pg_catalog.pg_settings WHERE name = 'statement_timeout')
            FROM pg_catalog.pg_settings WHERE name = 'lock_timeout'
            """, [String(Self.defaultLockTimeoutMilliseconds)]).first
        let (setByUs, setting) = (row?[0] ?? nil, row?[1] ?? nil)
        lockTimeoutMilliseconds = setByUs != nil ? Self.defaultLockTimeoutMilliseconds : setting.flatMap { Int($0) } ?? 0
        statementTimeoutMilliseconds = (row.flatMap { $0.count > 4 ? $0[4] : nil }).flatMap { Int($0) } ?? 0
    }

    deinit { PQfinish(handle) }

    /// The user the server knows this connection as.
    var user: String { PQuser(handle).map { String(cString: $0) } ?? "" }
    /// The database this session is connected to.
    var database: String { PQdb(handle).map { String(cString: $0) } ?? "" }

    /// Runs one statement with `parameters` ($1, $2, …) sent as text.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresStoreError) -> Rows {
        let result = try run(sql, parameters, binaryResult: false)
        defer { PQclear(result) }
        return Self.rows(of: result)
    }

    /// Runs `statement` on its own, as `execute` does.
    @discardableResult
    func execute(_ statement: Statement) throws(PostgresStoreError) -> Rows {
        try execute(statement.sql, statement.parameters)
    }

    /// The text rows of a result the server accepted.
    static func rows(of result: OpaquePointer?) -> Rows {
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        var values: [[String?]] = []
        values.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            values.append((0..<columnCount).map { column in
                PQgetisnull(result, Int32(row), Int32(column)) == 1 ? nil : String(cString: PQgetvalue(result, Int32(row), Int32(column)))
            })
        }
        return Rows(values: values)
    }

    /// The first column of the first row as raw bytes (binary result format, so a `bytea` comes
    /// back as it is stored, without hex text to decode); nil when there is no row or it is NULL.
    func bytes(_ sql: String, _ parameters: [String?] = []) throws(PostgresStoreError) -> [UInt8]? {
        let result = try run(sql, parameters, binaryResult: true)
        defer { PQclear(result) }
        guard PQntuples(result) > 0, PQnfields(result) > 0, PQgetisnull(result, 0, 0) == 0,
              let value = PQgetvalue(result, 0, 0)
        else { return nil }
        let count = Int(PQgetlength(result, 0, 0))
        return value.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// Sends one statement with text parameters; the result when the server accepted it (the
    /// caller clears it), else the error.
    private func run(_ sql: String, _ parameters: [String?], binaryResult: Bool) throws(PostgresStoreError) -> OpaquePointer? {
        roundTrips += 1
        let result = Self.withCStrings(parameters) { values, count in
            PQexecParams(handle, sql, count, nil, values, nil, nil, binaryResult ? 1 : 0)
        }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let error = failure(result)
            PQclear(result)
            throw error
        }
        return result
    }

    /// Calls `body` with `parameters` as C strings (NULL for nil) and their count, as libpq takes them.
    static func withCStrings<T>(
        _ parameters: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?, Int32) -> T
    ) -> T {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { body($0.baseAddress, Int32($0.count)) }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            // A broken connection has no transaction left to roll back; the server drops it.
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// The error for a failed statement: `unreachable` when the connection is gone, else the
    /// server's SQLSTATE and message.
    func failure(_ result: OpaquePointer?) -> PostgresStoreError {
        guard PQstatus(handle) == CONNECTION_OK else {
            return .unreachable(store: address.shown, reason: lostReason)
        }
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? Self.message(of: handle)
        // Class 08 is a connection exception; 57P01 and its kin are the server shutting down.
        if state.hasPrefix("08") || state.hasPrefix("57P") {
            return .unreachable(store: address.shown, reason: message)
        }
        // Class 55P03 is lock_not_available: lock_timeout ran out behind another session.
        if state == "55P03" {
            return .lockTimeout(store: address.shown, milliseconds: lockTimeoutMilliseconds)
        }
        if state == "42501" { return .readOnlyRole(store: address.shown, reason: message, role: user) }
        if state == "25006" { return .readOnlyServer(store: address.shown, reason: message, role: user) }
        return .statementFailed(store: address.shown, sqlState: state, message: message)
    }

    /// Why the connection is gone: the server's reason when it gave one, else libpq's.
    var lostReason: String { Self.lostReason(handle, notices: notices) }

    private static func lostReason(_ handle: OpaquePointer, notices: ServerNotices) -> String {
        notices.sessionEndReason ?? serversReason(in: String(cString: PQerrorMessage(handle))) ?? message(of: handle)
    }

    /// The server's own reason when libpq's message for a lost session starts with it
    /// ("FATAL:  terminating connection due to administrator command", then libpq's guess
    /// that the server "terminated abnormally" and the statement it was running): that first
    /// line alone, without its severity.
    static func serversReason(in text: String) -> String? {
        guard let first = text.split(whereSeparator: \.isNewline).first else { return nil }
        for severity in ["FATAL:", "PANIC:"] where first.hasPrefix(severity) {
            let reason = first.dropFirst(severity.count).trimmingCharacters(in: .whitespaces)
            return reason.isEmpty ? nil : reason
        }
        return nil
    }

    /// Why a connection failed: `noDatabase` when the server answered that the database does not
    /// exist, which no retry mends, else `unreachable`.
    ///
    /// libpq gives no SQLSTATE for a failed connection, so the server's message is matched. It is
    /// in the server's language; another language than English reads as unreachable, as before.
    private static func connectFailure(_ handle: OpaquePointer, address: PostgresAddress, notices: ServerNotices) -> PostgresStoreError {
        let reason = lostReason(handle, notices: notices)
        let text = { (value: UnsafeMutablePointer<CChar>?) in value.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        // The server's words for a setting it will not take at the session's start (a value it refuses or
        // that is out of range, a name it lacks, one it changes only on restart, an option it cannot parse);
        // retrying does not mend them.
        let refusedSetting = ["parameter \"", "invalid command-line argument", "requires a value"]
        if reason.contains("FATAL"), refusedSetting.contains(where: reason.contains) {
            return .settingRefused(store: address.shown, reason: reason)
        }
        // The name as the server wrote it, before its line breaks were joined into one line.
        let serversWords = String(cString: PQerrorMessage(handle))
        guard let database = text(PQdb(handle)), [reason, serversWords].contains(where: { $0.contains("database \"\(database)\" does not exist") }) else {
            return .unreachable(store: address.shown, reason: reason)
        }
        return .noDatabase(store: address.shown, database: database,
                           server: ServerAddress(host: text(PQhost(handle)), port: text(PQport(handle)), user: text(PQuser(handle))))
    }

    static func message(of handle: OpaquePointer) -> String {
        oneLine(String(cString: PQerrorMessage(handle)))
    }

    /// `text` (libpq's words) on one line. libpq indents the lines that go on with the message
    /// before them: one starting in lower case goes on its sentence, one starting in capitals
    /// is a sentence of its own; lines not indented are messages of their own, joined by "; ",
    /// each once (libpq repeats the server's refusal for each way it tried, with SSL and without).
    static func oneLine(_ text: String) -> String {
        var messages: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let first = words.first else { continue }
            if let last = messages.last, line.first?.isWhitespace == true {
                let ended = last.last.map { ".?!:;".contains($0) } ?? true
                messages[messages.count - 1] = last + (first.isUppercase && !ended ? ". " : " ") + words
            } else {
                messages.append(words)
            }
        }
        var seen = Set<String>()
        return messages.filter { seen.insert($0).inserted }.joined(separator: "; ")
    }
}
