import Foundation
@testable import StorePostgres
import StorefrontTesting
import Testing

/// Statements sent together in one pipeline: answered in order, stopped at the first refusal
/// with the refusal's SQLSTATE, and a connection lost on the way reported as lost.
@Suite("PostgresConnection: pipelines", .serialized)
struct PostgresPipelineTests {
    @Test("every statement of a pipeline answers with its own rows, in order")
    func answersInOrder() throws {
        let fixture = try PostgresStoreFixture()
        let connection = try PostgresConnection(fixture.address)
        let answers = try connection.pipeline([
            .init("SELECT $1::int + 1", ["41"]), .init("SELECT NULL::text, 'b'"), .init("SELECT generate_series(1, 3)"),
        ])
        #expect(answers.failure == nil)
        #expect(answers.rows.map(\.values) == [[["42"]], [[nil, "b"]], [["1"], ["2"], ["3"]]])
        #expect(!connection.isBroken)
        #expect(try connection.execute("SELECT 'after'").first == ["after"], "the connection leaves pipeline mode")
    }

    @Test("a session's transactions are READ COMMITTED whatever the address, PGOPTIONS or the database make the default, as the writer lock's reads need (before: a SERIALIZABLE default failed commits with 40001)",
          arguments: ["repeatable read", "serializable"])
    func transactionsAreReadCommitted(isolation: String) throws {
        let fixture = try PostgresStoreFixture()
        let database = String(fixture.server.url().split(separator: "/").last ?? "")
        let setting = "options='-c default_transaction_isolation=\(isolation.replacingOccurrences(of: " ", with: #"\\ "#))'"
        let fromAddress = try PostgresConnection(try PostgresAddress(fixture.server.keywordString() + " " + setting))
        try fromAddress.execute("BEGIN")
        #expect(try fromAddress.execute("SHOW transaction_isolation").first == ["read committed"])
        try fromAddress.execute("ROLLBACK")
        let other = try fixture.server.newDatabase()
        let name = String(other.split(separator: "/").last ?? "")
        try fixture.server.psql("ALTER DATABASE \(name) SET default_transaction_isolation = '\(isolation)'")
        let fromDatabase = try PostgresConnection(try PostgresAddress(other))
        try fromDatabase.execute("BEGIN")
        #expect(try fromDatabase.execute("SHOW transaction_isolation").first == ["read committed"], "\(database)")
        try fromDatabase.execute("ROLLBACK")
    }

    @Test("a session read-only by the server's configuration (ALTER SYSTEM, postgresql.conf) is told the ALTER SYSTEM RESET and reload that turn it off (before: only the setting's source)")
    func readOnlyByTheConfigurationSaysWhatTurnsItOff() {
        let reason = PostgresEventLog.readOnlySessionReason(inRecovery: false, settingSource: "configuration file", role: "qa", database: "shop")
        #expect(reason.contains("`ALTER SYSTEM RESET default_transaction_read_only; SELECT pg_reload_conf();`"), "\(reason)")
    }

    @Test("a refused statement is reported with its SQLSTATE, the ones after it do not run, and ROLLBACK leaves nothing")
    func refusalStopsThePipeline() throws {
        let fixture = try PostgresStoreFixture()
        let connection = try PostgresConnection(fixture.address)
        let answers = try connection.pipeline([
            .init("BEGIN"), .init("CREATE TABLE pipelined (n int PRIMARY KEY)"), .init("INSERT INTO pipelined VALUES (1)"),
            .init("INSERT INTO pipelined VALUES (1)"), .init("INSERT INTO pipelined VALUES (2)"), .init("COMMIT"),
        ])
        #expect(answers.rows.count == 3, "BEGIN, CREATE and the first INSERT ran")
        guard case .statementFailed(_, let sqlState, _)? = answers.failure else {
            Issue.record("expected the duplicate key to be refused, got \(String(describing: answers.failure))")
            return
        }
        #expect(sqlState == "23505")
        #expect(throws: PostgresStoreError.self) { try answers.all() }
        // COMMIT was not run: the transaction is still open, aborted, for the caller to end.
        try connection.execute("ROLLBACK")
        #expect(try connection.execute("SELECT to_regclass('pipelined')::text").first == [nil])
        #expect(!connection.isBroken)
    }

    @Test("each statement text is prepared once per session, however often pipelines run it")
    func statementsArePreparedOnce() throws {
        let fixture = try PostgresStoreFixture()
        let connection = try PostgresConnection(fixture.address)
        let twice: [PostgresConnection.Statement] = [.init("SELECT $1::int"), .init("SELECT $1::int"), .init("SELECT 'other'")]
        for value in ["1", "2"] {
            let answers = try connection.pipeline(twice.map { .init($0.sql, $0.sql.contains("$1") ? [value] : []) })
            #expect(answers.rows.map(\.values) == [[[value]], [[value]], [["other"]]])
        }
        #expect(try connection.execute("SELECT count(*) FROM pg_prepared_statements").first == ["2"])
    }

    @Test("a statement whose table did not exist yet is prepared again once it does")
    func failedPreparationIsRetried() throws {
        let fixture = try PostgresStoreFixture()
        let connection = try PostgresConnection(fixture.address)
        let read = PostgresConnection.Statement("SELECT count(*) FROM made_later")
        guard case .statementFailed(_, "42P01", _)? = try connection.pipeline([read]).failure else {
            Issue.record("a missing table must be refused as undefined_table")
            return
        }
        try connection.execute("CREATE TABLE made_later (n int)")
        #expect(try connection.pipeline([read]).all().map(\.values) == [[["0"]]])
    }

    @Test("a connection the server ends during a pipeline is reported unreachable and counts as lost")
    func lostConnectionIsUnreachable() throws {
        let fixture = try PostgresStoreFixture()
        let connection = try PostgresConnection(fixture.address)
        #expect {
            try connection.pipeline([.init("SELECT pg_terminate_backend(pg_backend_pid())"), .init("SELECT 1")])
        } throws: { error in
            guard case .unreachable = error as? PostgresStoreError else { return false }
            return true
        }
        #expect(connection.isBroken)
    }
}
