import CSQLite

/// A connection to an SQLite database, just enough for the side-by-side commit benchmark.
final class SQLiteDatabase {
    private let handle: OpaquePointer

    /// Opens (creating if needed) the database at `path`.
    init(path: String) throws {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw BenchError.sqlite(operation: "open \(path)", code: code, message: message)
        }
        handle = opened
        sqlite3_busy_timeout(handle, 60_000)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs SQL statements that return no rows.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error("run \(sql)", code) }
    }

    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error("prepare \(sql)", code) }
        return SQLiteStatement(statement: statement, database: self)
    }

    func error(_ operation: String, _ code: Int32) -> BenchError {
        .sqlite(operation: operation, code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A prepared statement, reset after each use and bound afresh.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    fileprivate init(statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .text(let text):
                code = storefront_sqlite3_bind_text_copied(statement, index, text, -1)
            case .integer(let number):
                code = sqlite3_bind_int64(statement, index, Int64(number))
            case .null:
                code = sqlite3_bind_null(statement, index)
            }
            guard code == SQLITE_OK else { throw database.error("bind parameter \(index)", code) }
        }
    }

    /// Steps once; true when a row is available.
    @discardableResult
    func step() throws -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error("step", code)
        }
    }

    func integer(column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

    /// Runs the statement to the end with `values` bound.
    func run(_ values: [SQLiteValue]) throws {
        try bind(values)
        while try step() {}
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case text(String)
    case integer(Int)
    case null

    init(_ text: String?) { self = text.map { .text($0) } ?? .null }
    init(_ number: Int?) { self = number.map { .integer($0) } ?? .null }
}
