import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger
@testable import StorePostgres
import StorefrontText
import StorefrontTesting
import Testing

/// The event log on PostgreSQL: what one connection commits, another reads; the database
/// refuses what the store never does; the MAC chain catches what the database cannot.
@Suite("PostgresEventLog", .serialized)
struct PostgresEventLogTests {
    @Test("a purchase committed on one connection is read, verified, by another")
    func purchaseIsSharedAcrossConnections() throws {
        let fixture = try PostgresStoreFixture()
        let buyer = try fixture.store()
        guard case .purchased = try buyer.purchase(face, buyer: phone, storefront: "USA") else {
            Issue.record("the purchase did not go through")
            return
        }
        let reader = try fixture.store()
        #expect(reader.balance(of: "rage-faces", for: phone) == 5)
        #expect(reader.ledgerProblems.isEmpty)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.isIntact && report.entryCount == 1 && report.lastSequence == 1)
    }

    @Test("an identifier with an escape or a bidi control is advised in the U&\"…\" form, which names the same database when run (before: the characters were dropped from the screen, naming another)")
    func oddIdentifiersAreAdvisedWithEscapes() throws {
        let name = "\u{1B}[31mred\u{202E}\"x\\"
        let quoted = PostgresStoreError.quotedIdentifier(name)
        #expect(quoted == #"U&"\+00001B[31mred\+00202E""x\\""#, "\(quoted)")
        #expect(!ShellWord.hasUnseenCharacters(quoted))
        let fixture = try PostgresStoreFixture()
        try fixture.server.psql("CREATE DATABASE \(quoted)")
        let found = try fixture.server.psql("SELECT count(*) FROM pg_database WHERE datname = $$\(name)$$")
        #expect(found.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(found)")
    }

    @Test("a store made in sight after a session looked and found none is not taken for one out of its sight (before: a reader starting as another process made the store was refused, naming the schema it searches)")
    func storeMadeMeanwhileIsNotOutOfSight() throws {
        let fixture = try PostgresStoreFixture()
        let connection = try PostgresConnection(fixture.address)
        // The look that found no tables came first; the store was made in sight after it.
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try PostgresSchema.refuseStoreOutOfSight(on: connection)
        try fixture.server.psql("CREATE SCHEMA elsewhere; CREATE TABLE elsewhere.storefront_events (seq bigint)")
        #expect(throws: (any Error).self) { try PostgresSchema.refuseStoreOutOfSight(on: connection) }
    }

    @Test("events are append-only: UPDATE, DELETE and TRUNCATE are refused by the database")
    func eventsAreAppendOnly() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        for statement in ["UPDATE storefront_events SET app = 'x'", "DELETE FROM storefront_events",
                          "TRUNCATE storefront_events", "DELETE FROM storefront_header"] {
            #expect(throws: ThrowawayPostgres.Failure.self) { try fixture.server.psql(statement) }
        }
        #expect(try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test("a sequence number out of order is refused by the database")
    func sequenceIsGapless() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        #expect(throws: ThrowawayPostgres.Failure.self) {
            try fixture.server.psql("INSERT INTO storefront_events (seq, kind, app, line) VALUES (3, 'spend', 'a', '{}')")
        }
    }

    @Test("a row changed by hand with the trigger bypassed is found, and named by its seq")
    func tamperingIsLocated() throws {
        let fixture = try PostgresStoreFixture()
        let store = try fixture.store()
        for _ in 0..<3 { _ = try store.purchase(face, buyer: phone, storefront: "USA") }
        try fixture.server.psql("""
            SET session_replication_role = replica;
            UPDATE storefront_events SET line = replace(line, '"quantity":1', '"quantity":9') WHERE seq = 2
            """)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.problems == [.tampered(line: 3)])
        #expect(StoreProblemText.describe(report.problems[0], in: try fixture.store().medium).hasPrefix("storefront_events row seq 2 "))
        let reopened = try fixture.store()
        #expect(reopened.balance(of: "rage-faces", for: phone) == 5, "only the event before the damage is folded")
        #expect(throws: (any Error).self) { try reopened.purchase(face, buyer: phone, storefront: "USA") }
    }

    @Test("two rows whose lines were swapped by hand, with the trigger bypassed, are named together by their seq, and the rows after them verify")
    func swappedRowsAreNamedTogether() throws {
        let fixture = try PostgresStoreFixture()
        let store = try fixture.store()
        for _ in 0..<4 { _ = try store.purchase(face, buyer: phone, storefront: "USA") }
        try fixture.server.psql("""
            SET session_replication_role = replica;
            UPDATE storefront_events SET line = CASE seq WHEN 2 THEN (SELECT line FROM storefront_events WHERE seq = 3)
                                                         ELSE (SELECT line FROM storefront_events WHERE seq = 2) END
            WHERE seq IN (2, 3)
            """)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        guard case .linesSwapped(line: 3, ledgerPath: nil, _, _)? = report.problems.first else {
            Issue.record("\(report.problems)")
            return
        }
        // Nothing is said of row seq 4, which follows them: only the columns kept beside the two lines disagree with them.
        #expect(report.problems.dropFirst().allSatisfy { if case .columnsDisagree(3...4, _) = $0 { true } else { false } }, "\(report.problems)")
        #expect(StoreProblemText.describe(report.problems[0], in: try fixture.store().medium)
            .hasPrefix("storefront_events rows seq 2 and 3 hold each other's lines: they were changed by hand; restore"))
    }

    @Test("rows deleted from the middle with the trigger bypassed: the problems name the rows by their seq, and what is missing")
    func deletedRowsAreNamedByTheirSeq() throws {
        let fixture = try PostgresStoreFixture()
        let store = try fixture.store()
        for _ in 0..<5 { _ = try store.purchase(face, buyer: phone, storefront: "USA") }
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq = 3")
        var report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        // Row seq 4 is the chain's third line after the header, but its problem names it as seq 4; its MAC fails only
        // because row seq 3 is gone, so the missing row is the one problem.
        #expect(report.problems == [.sequenceGap(line: 5, expected: 3, found: 4)])
        let medium = try fixture.store().medium
        #expect(report.problems.map { StoreProblemText.describe($0, in: medium) }.map { $0.prefix(while: { $0 != ";" }) } == [
            "storefront_events has no row seq 3: row seq 4 comes next, so a row was deleted",
        ])
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq = 4")
        report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.problems.count == 1 && StoreProblemText.describe(report.problems[0], in: medium)
            .hasPrefix("storefront_events has no rows seq 3 to 4: row seq 5 comes next, so rows were deleted;"))
        let reopened = try fixture.store()
        #expect(reopened.ledgerProblems == report.problems, "an open store names the rows as verify does")
        #expect(reopened.balance(of: "rage-faces", for: phone) == 10, "the events before the gap are folded")
        #expect {
            try reopened.purchase(face, buyer: phone, storefront: "USA")
        } throws: { error in
            (error as? StoreDamaged)?.problems == report.problems
        }
    }

    @Test("the last row deleted by hand and another committed in its place: an open store reads again from the first row, never chains onto the row it read")
    func lastRowReplacedUnderAnOpenStore() throws {
        let fixture = try PostgresStoreFixture()
        let open = try fixture.store()
        for _ in 0..<2 { _ = try open.purchase(face, buyer: phone, storefront: "USA") }
        #expect(open.balance(of: "rage-faces", for: phone) == 10)
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq = 2")
        let other = Buyer(account: "other", device: "tablet")
        _ = try fixture.store().purchase(face, buyer: other, storefront: "USA")
        // A read sees that row 2 is another one and folds the store as it now is.
        _ = try open.refresh()
        #expect(open.balance(of: "rage-faces", for: phone) == 5 && open.balance(of: "rage-faces", for: other) == 5)
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq = 2")
        _ = try fixture.store().purchase(face, buyer: other, storefront: "USA")
        // A commit, with no read before it, does the same under the writer lock.
        _ = try open.purchase(face, buyer: phone, storefront: "USA")
        #expect(open.balance(of: "rage-faces", for: phone) == 10 && open.balance(of: "rage-faces", for: other) == 5)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.problems.isEmpty && report.lastSequence == 3, "\(report.problems)")
    }

    @Test("the header row deleted by hand: the store is damaged, not empty, and nothing writes a new header")
    func deletedHeaderIsDamage() throws {
        let fixture = try PostgresStoreFixture()
        for _ in 0..<2 { _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA") }
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_header")
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.problems == [.headerMissing(firstRowSequence: 1)])
        #expect(StoreProblemText.describe(report.problems[0], in: try fixture.store().medium)
            .hasPrefix("the storefront_header row is missing, yet storefront_events holds rows from seq 1 on"))
        let store = try fixture.store()
        #expect(store.ledgerProblems == report.problems)
        #expect(throws: StoreDamaged.self) { try store.purchase(face, buyer: phone, storefront: "USA") }
        #expect(throws: StoreDamaged.self) { try fixture.log().initialize() }
        #expect(try fixture.server.psql("SELECT count(*) FROM storefront_header").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines) == "2")
    }

    @Test("a role that may only SELECT reads the store and is refused writing, with nothing written")
    func readOnlyRoleReadsButCannotWrite() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("CREATE ROLE reader LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
        let readerAddress = try PostgresAddress(fixture.server.url(user: "reader"))
        let log = try fixture.log(address: readerAddress)
        #expect(log.writeRefusal() != nil)
        let store = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: log)
        #expect(store.balance(of: "rage-faces", for: phone) == 5)
        #expect {
            try store.purchase(face, buyer: phone, storefront: "USA")
        } throws: { error in
            guard case .insertRefused = error as? PostgresStoreError else { return false }
            return "\(error)".contains("lets the role \"reader\" read it but not change it")
                && "\(error)".contains("`GRANT INSERT ON storefront_events TO \"reader\"`") && !"\(error)".contains("GRANT SELECT")
        }
        #expect(try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test("a transaction id, spend id or renewal key stored twice is refused by the database")
    func idempotencyKeysAreUnique() throws {
        let fixture = try PostgresStoreFixture()
        let store = try fixture.store()
        _ = try store.purchase(face, buyer: phone, storefront: "USA")
        _ = try store.spend("rage-faces", buyer: phone)
        let row = try fixture.server.psql("SELECT transaction_id FROM storefront_events WHERE seq = 1")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let spend = try fixture.server.psql("SELECT spend_id FROM storefront_events WHERE seq = 2")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!row.isEmpty && !spend.isEmpty)
        #expect(throws: ThrowawayPostgres.Failure.self) {
            try fixture.server.psql("INSERT INTO storefront_events (seq, kind, app, transaction_id, line) "
                + "SELECT 3, 'purchase', app, '\(row)', line FROM storefront_events WHERE seq = 1")
        }
        #expect(throws: ThrowawayPostgres.Failure.self) {
            try fixture.server.psql("INSERT INTO storefront_events (seq, kind, app, spend_id, line) "
                + "SELECT 3, 'spend', app, '\(spend)', line FROM storefront_events WHERE seq = 2")
        }
        try fixture.server.psql("INSERT INTO storefront_events (seq, kind, app, renewal_key, line) VALUES (3, 'renew', 'a', 'k', '{}')")
        #expect(throws: ThrowawayPostgres.Failure.self) {
            try fixture.server.psql("INSERT INTO storefront_events (seq, kind, app, renewal_key, line) VALUES (4, 'renew', 'a', 'k', '{}')")
        }
    }

    @Test("migrate makes the schema of an empty database and then changes nothing")
    func migrateMakesTheSchema() throws {
        let fixture = try PostgresStoreFixture()
        #expect(try fixture.log().migrate() == (from: 0, to: 3, remade: []))
        #expect(try fixture.log().migrate() == (from: 3, to: 3, remade: []))
        #expect(try fixture.store().snapshot.eventCount == 0)
    }

    @Test("a newer schema is refused with what to do")
    func newerSchemaIsRefused() throws {
        let fixture = try PostgresStoreFixture()
        try fixture.log().initialize()
        try fixture.server.psql("INSERT INTO storefront_schema_version (version) VALUES (99)")
        #expect(throws: PostgresStoreError.newerSchema(store: fixture.address.shown, found: 99, supported: 3)) {
            _ = try fixture.store()
        }
    }

    @Test("the address shown never holds the password")
    func addressHidesPassword() throws {
        let uri = try PostgresAddress("postgresql://alice:s3cret@db.example:5433/shop")
        #expect(uri.display == "postgresql://alice@db.example:5433/shop")
        let keywords = try PostgresAddress("host=/tmp/x port=5999 user=bob password=s3cret dbname=lab")
        #expect(!keywords.display.contains("s3cret") && keywords.storeName == "local-5999-lab")
        #expect(throws: PostgresStoreError.self) { try PostgresAddress("postgresql://alice:s3cret@db:notaport/x?bogus=1") }
    }

    @Test("what the address leaves out comes from libpq's variables, so one database has one name")
    func addressTakesLibpqVariables() throws {
        let environment = ["PGHOST": "db.example", "PGPORT": "5433", "PGDATABASE": "shop", "PGUSER": "alice"]
        let bare = try PostgresAddress("postgresql://", environment: environment)
        let full = try PostgresAddress("postgresql://alice@db.example:5433/shop")
        #expect(bare.storeName == full.storeName && bare.storeName == "db.example-5433-shop")
        #expect(bare.display == full.display)
        let given = try PostgresAddress("postgresql://bob@other:5999/lab", environment: environment)
        #expect(given.storeName == "other-5999-lab", "what the address says wins")
        #expect(try PostgresAddress("host=db.example", environment: ["PGUSER": "carol"]).storeName == "db.example-5432-carol")
    }

    @Test("a control character in the address is shown percent-encoded, never raw")
    func addressShowsControlCharactersEncoded() throws {
        let address = try PostgresAddress("host=db dbname='shop\nfake line\u{1B}[2J'")
        #expect(address.display == "postgresql://db/shop%0Afake line%1B[2J")
    }

    @Test("libpq's lines are read as its sentences: an indented line goes on the one before, others are joined by semicolons")
    func libpqLinesReadAsSentences() {
        #expect(PostgresConnection.oneLine("server closed the connection unexpectedly\n\tThis probably means the server terminated "
                    + "abnormally\n\tbefore or while processing the request.\n")
                == "server closed the connection unexpectedly. This probably means the server terminated abnormally before or while "
                    + "processing the request.")
        #expect(PostgresConnection.oneLine("connection to server at \"127.0.0.1\", port 1 failed: Connection refused\n\tIs the "
                    + "server running on that host and accepting TCP/IP connections?\nconnection to server at \"::1\", port 1 failed: "
                    + "Connection refused\n")
                == "connection to server at \"127.0.0.1\", port 1 failed: Connection refused. Is the server running on that host and "
                    + "accepting TCP/IP connections?; connection to server at \"::1\", port 1 failed: Connection refused")
        #expect(PostgresConnection.oneLine("FATAL:  terminating connection due to administrator command\n")
                == "FATAL: terminating connection due to administrator command")
        // The same refusal for the attempt with SSL and the one without is said once.
        let refused = "connection to server at \"db\", port 5432 failed: FATAL:  unrecognized configuration parameter \"nosuch\""
        #expect(PostgresConnection.oneLine(refused + "\n" + refused + "\n")
                == "connection to server at \"db\", port 5432 failed: FATAL: unrecognized configuration parameter \"nosuch\"")
    }

    @Test("a lost session's reason is the server's own line, without its severity, libpq's guess or the statement")
    func serversReasonLeadsALostSession() {
        #expect(PostgresConnection.serversReason(in: "FATAL:  terminating connection due to administrator command\nserver closed the "
                    + "connection unexpectedly\n\tThis probably means the server terminated abnormally\n")
                == "terminating connection due to administrator command")
        #expect(PostgresConnection.serversReason(in: "FATAL:  terminating connection due to administrator command\nLINE 1: SELECT "
                    + "max(version) FROM storefront_schema_version\n                   ^\n")
                == "terminating connection due to administrator command")
        #expect(PostgresConnection.serversReason(in: "server closed the connection unexpectedly\n") == nil)
        #expect(PostgresConnection.serversReason(in: "connection to server at \"db\" failed: FATAL:  password authentication failed") == nil)
    }

    @Test("libpq's reason is quoted on one line, as one sentence")
    func unreachableReasonReadsAsASentence() {
        let error = PostgresStoreError.unreachable(store: ShownStoreAddress("postgresql://db/shop"),
                                                   reason: "Connection refused; Is the server running?")
        #expect(error.description.contains("Is the server running? Nothing was read or written"))
        let plain = PostgresStoreError.unreachable(store: ShownStoreAddress("postgresql://db/shop"), reason: "timeout expired")
        #expect(plain.description.contains("timeout expired. Nothing was read or written"))
        #expect(plain.description.contains("No PostgreSQL server answered within connect_timeout") && !plain.description.contains("password"),
                "a silent server is no matter of passwords: \(plain.description)")
        let dropped = PostgresStoreError.unreachable(
            store: ShownStoreAddress("postgresql://db/shop"),
            reason: "connection to server at \"db\" failed: server closed the connection unexpectedly; This probably means the server terminated abnormally")
        #expect(dropped.description.contains("closed the connection at once") && !dropped.description.contains("password"),
                "a server that dropped the connection is no matter of passwords (before: it named them): \(dropped.description)")
        let noLogin = PostgresStoreError.unreachable(
            store: ShownStoreAddress("postgresql://db/shop"),
            reason: "connection to server at \"db\" failed: FATAL:  role \"nolog\" is not permitted to log in")
        #expect(noLogin.description.contains("refused this session") && noLogin.description.contains("ALTER ROLE … LOGIN")
                && !noLogin.description.contains("check that the server runs"),
                "the server answered: whether it runs is not in question (before: it was asked): \(noLogin.description)")
    }
}
