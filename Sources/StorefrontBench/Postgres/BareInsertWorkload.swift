import CPostgres
import Foundation

/// The baseline for the PostgreSQL commit figure: the same event lines written as a bare
/// INSERT, one transaction each, into a one-table schema on the same server.
///
/// It checks nothing and decides nothing, so what Storefront adds on top of it (the advisory
/// lock, reading others' events, the MAC chain, the unique keys, the notification) is the gap.
final class BareInsertWorkload {
    private let connection: OpaquePointer
    private var sequence = 0

    /// Connects to `url` and makes the table (the server is the run's own, so it is new).
    init(url: String) throws {
        guard let connection = PQconnectdb(url), PQstatus(connection) == CONNECTION_OK else {
            throw BenchError.unexpectedResult("cannot connect the bare-insert baseline to \(url)")
        }
        self.connection = connection
        try run("CREATE TABLE bare_events (seq bigint PRIMARY KEY, line text NOT NULL)")
    }

    deinit { PQfinish(connection) }

    /// Inserts `line` as the next row in a transaction of its own.
    func insert(_ line: String) throws {
        sequence += 1
        try run("BEGIN")
        try run("INSERT INTO bare_events (seq, line) VALUES ($1, $2)", [String(sequence), line])
        try run("COMMIT")
    }

    private func run(_ sql: String, _ parameters: [String] = []) throws {
        let copies = parameters.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let result = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            PQexecParams(connection, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
        }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            throw BenchError.unexpectedResult("the bare-insert baseline failed: \(String(cString: PQerrorMessage(connection)))")
        }
    }
}
