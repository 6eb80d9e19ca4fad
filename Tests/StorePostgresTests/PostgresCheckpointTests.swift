import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger
import StorePostgres
import StorefrontTesting
import Testing

/// Checkpoints kept in the database: opening from one gives the state a full read gives, and a
/// checkpoint that was changed, or that is ahead of the events, is passed over for a full read.
@Suite("PostgreSQL checkpoints", .serialized)
struct PostgresCheckpointTests {
    /// 24 events (6 purchases of 5 faces, each followed by 3 spends), then an opening that saves
    /// a checkpoint of them all, then 2 more purchases after it.
    private func storeWithCheckpoint() throws -> PostgresStoreFixture {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        for _ in 0..<6 {
            _ = try writer.purchase(face, buyer: phone, storefront: "USA")
            for _ in 0..<3 { _ = try writer.spend("rage-faces", buyer: phone) }
        }
        _ = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(), checkpointInterval: 10)
        for _ in 0..<2 { _ = try writer.purchase(face, buyer: phone, storefront: "USA") }
        return fixture
    }

    /// What a reader sees of the store: event count, balance and every transaction.
    private func summary(_ store: Store) -> String {
        let state = store.snapshot
        let transactions = state.transactions(of: phone.account).map { "\($0.id) \($0.sequence) \($0.state)" }
        return "\(state.eventCount) \(state.balance(of: "rage-faces", for: phone)) \(transactions)"
    }

    /// The summary of a store opened with no checkpoint in the database at all.
    private func summaryOfFullRead(_ fixture: PostgresStoreFixture) throws -> String {
        try fixture.server.psql("DELETE FROM storefront_checkpoints")
        return summary(try fixture.store())
    }

    private func checkpointRows(_ fixture: PostgresStoreFixture) throws -> String {
        try fixture.server.psql("SELECT name, seq FROM storefront_checkpoints").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("an opening that folded many events saves a checkpoint; the next reads only the rows after it, to the same state")
    func openingFromCheckpointMatchesFullRead() throws {
        let fixture = try storeWithCheckpoint()
        #expect(try checkpointRows(fixture) == "com.example.rage|24")
        let log = try fixture.log()
        let checkpoint = try #require(log.loadCheckpoint(named: "com.example.rage"))
        #expect(checkpoint.sequence == 24)
        log.resume(from: checkpoint)
        let batch = try log.readNew()
        #expect(!batch.restarted && batch.entries.map(\.sequence) == [25, 26], "only the rows after the checkpoint")
        let fromCheckpoint = summary(try fixture.store())
        #expect(fromCheckpoint.hasPrefix("26 22 "))
        #expect(fromCheckpoint == (try summaryOfFullRead(fixture)))
        let reopened = try fixture.store()
        _ = try reopened.purchase(face, buyer: phone, storefront: "USA")
        #expect(try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath).isIntact,
                "a commit after resuming continues the MAC chain")
    }

    @Test("a checkpoint row changed by hand is ignored: everything is read, to the same state")
    func tamperedCheckpointIsIgnored() throws {
        let fixture = try storeWithCheckpoint()
        try fixture.server.psql("UPDATE storefront_checkpoints SET content = set_byte(content, 60, get_byte(content, 60) # 1)")
        let log = try fixture.log()
        #expect(log.loadCheckpoint(named: "com.example.rage") == nil)
        let opened = summary(try fixture.store())
        #expect(opened.hasPrefix("26 22 "))
        #expect(opened == (try summaryOfFullRead(fixture)))
    }

    @Test("a row before the checkpoint changed by hand is found on opening, as without the checkpoint (before: the opening trusted the checkpoint and saw nothing)")
    func rowChangedBeforeTheCheckpointIsFound() throws {
        let fixture = try storeWithCheckpoint()
        try fixture.server.rewriteEventRow(seq: 3, replacing: "\"amount\":1", with: "\"amount\":2")
        let log = try fixture.log()
        #expect(log.loadCheckpoint(named: "com.example.rage") == nil, "the server counts a row changed: the checkpoint is passed over")
        let opened = try fixture.store()
        #expect(opened.ledgerProblems.contains { $0.line != nil }, "the opening read every row and found the changed one: \(opened.ledgerProblems)")
        // Once the rows are as they were and the counts reset (as after `verify`), the checkpoint is used again.
        try fixture.server.rewriteEventRow(seq: 3, replacing: "\"amount\":2", with: "\"amount\":1")
        try fixture.server.psql("SELECT pg_stat_reset()")
        #expect(try fixture.log().loadCheckpoint(named: "com.example.rage")?.sequence == 24)
    }

    @Test("a checkpoint ahead of the events (a database restored from an older backup) is ignored and replaced")
    func checkpointAheadOfEventsIsIgnored() throws {
        let fixture = try storeWithCheckpoint()
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq > 20")
        // A restored database starts with no count of rows changed: the deletion standing in for it must not show.
        try fixture.server.psql("SELECT pg_stat_reset()")
        let log = try fixture.log()
        let checkpoint = try #require(log.loadCheckpoint(named: "com.example.rage"), "the checkpoint itself is genuine")
        log.resume(from: checkpoint)
        let batch = try log.readNew()
        #expect(batch.restarted && batch.entries.first?.sequence == 1 && batch.entries.count == 20)
        let opened = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(), checkpointInterval: 10)
        #expect(summary(opened).hasPrefix("20 10 "))
        #expect(try checkpointRows(fixture) == "com.example.rage|20", "the stale checkpoint gives way")
        #expect(summary(opened) == (try summaryOfFullRead(fixture)))
    }

    @Test("a checkpoint whose row went another way after a restore is ignored")
    func checkpointOfAnotherHistoryIsIgnored() throws {
        let fixture = try storeWithCheckpoint()
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq > 20")
        try fixture.server.psql("SELECT pg_stat_reset()")  // as a restored database, which counts no row changed
        let writer = try fixture.store()
        for _ in 0..<6 { _ = try writer.purchase(face, buyer: phone, storefront: "USA") }
        let opened = summary(try fixture.store())
        #expect(opened.hasPrefix("26 40 "), "seq 24 is now another event than the checkpoint's")
        #expect(opened == (try summaryOfFullRead(fixture)))
    }

    @Test("store migrate upgrades a version 1 store, which is refused until then, and keeps its events")
    func migrateFromVersionOne() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("DROP TABLE storefront_checkpoints, storefront_commit_marks; DELETE FROM storefront_schema_version WHERE version > 1")
        #expect {
            try fixture.store()
        } throws: { error in
            guard case .olderSchema(_, let found, _) = error as? PostgresStoreError else { return false }
            return found == 1 && "\(error)".contains("storefront store migrate")
        }
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: folder + "/unused.jsonl")
        cli.environment["STOREFRONT_STORE_KEY"] = fixture.keyPath
        cli.storeArguments = ["--store", fixture.server.url()]
        let migrated = try cli.run(["store", "migrate"])
        #expect(migrated.status == 0, "\(migrated.stdout)\(migrated.stderr)")
        #expect(try fixture.log().migrate() == (from: 3, to: 3, remade: []))
        let store = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(), checkpointInterval: 1)
        #expect(store.balance(of: "rage-faces", for: phone) == 5)
        #expect(try checkpointRows(fixture) == "com.example.rage|1")
    }

    @Test("store migrate at the current version makes a dropped table again, and says so; with nothing missing it changes nothing")
    func migrateMakesADroppedTableAgain() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let triggers = "SELECT string_agg(oid::text, ',' ORDER BY tgname) FROM pg_trigger WHERE tgname LIKE 'storefront_%'"
        let triggersBefore = try fixture.server.psql(triggers)
        try fixture.server.psql("DROP TABLE storefront_commit_marks")
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: folder + "/unused.jsonl")
        cli.environment["STOREFRONT_STORE_KEY"] = fixture.keyPath
        cli.storeArguments = ["--store", fixture.server.url()]
        let migrated = try cli.run(["store", "migrate"])
        #expect(migrated.status == 0 && migrated.stdout.contains("has schema version 3; made its missing table "
            + "storefront_commit_marks again"), "\(migrated.stdout)\(migrated.stderr)")
        #expect(try fixture.server.psql("SELECT count(*) FROM storefront_commit_marks") == "0\n")
        #expect(try fixture.server.psql(triggers) == triggersBefore,
                "only the missing table's step ran: the events' triggers (and their writers) were left alone")
        #expect(try fixture.log().migrate() == (from: 3, to: 3, remade: []))
        #expect(try fixture.store().balance(of: "rage-faces", for: phone) == 5)

        try fixture.server.psql("DROP TABLE storefront_commit_marks")
        let initialized = try cli.run(["store", "init"])
        #expect(initialized.status == 0 && initialized.stdout.contains("made its missing table storefront_commit_marks again"),
                "store init mends it too: \(initialized.stdout)\(initialized.stderr)")
        #expect(try cli.run(["store", "init"]).stdout.contains("exists already (schema version 3); nothing changed"))

        // The events' table itself: reads say what is missing and what makes it again; init makes
        // it, as migrate does (before: the server's 'does not exist' from both, and no advice).
        try fixture.server.psql("DROP TABLE storefront_events")
        let refused = try cli.run(["verify"])
        #expect(refused.status == 3 && refused.stderr.contains("lacks one of its tables (relation \"storefront_events\" does not "
            + "exist), so nothing was read or written. `storefront store migrate --store ") && refused.stderr.contains("makes it again, empty"),
                "\(refused.stderr)")
        let remade = try cli.run(["store", "init"])
        #expect(remade.status == 0 && remade.stdout.contains("made its missing table storefront_events again"), "\(remade.stdout)\(remade.stderr)")
        #expect(try cli.run(["verify"]).status == 0)

        // The header's table, with rows left: init makes the table, then the store is refused for
        // the row that went with it, and init says what it did write (before: only "Nothing was written").
        #expect(try cli.run(["buy", face]).status == 0)
        try fixture.server.psql("DROP TABLE storefront_header")
        // Its row signed every other: a read says so, rather than advising migrate as for another table.
        let unread = try cli.run(["buy", face])
        #expect(unread.status == 3 && unread.stderr.contains("lacks its table storefront_header") && unread.stderr.contains(
            "none of the store's rows can be verified: restore the database from a backup")
                && unread.stderr.contains("A store that held no events yet is mended by `storefront store migrate"), "\(unread.stderr)")
        // migrate makes the table, and says the store stays refused (before: exit 0, "made its missing table again").
        let headerMade = try cli.run(["store", "migrate"])
        #expect(headerMade.status == 3 && headerMade.stderr.contains("Only the missing table storefront_header was made again, empty; "
            + "nothing else was written. "), "\(headerMade.stdout)\(headerMade.stderr)")
        let again = try cli.run(["store", "migrate", "--json"])
        #expect(again.status == 3 && again.stderr.contains("the storefront_header row is missing") && again.stderr.contains("Nothing was written."),
                "a second migrate is no success either: \(again.stdout)\(again.stderr)")
        try fixture.server.psql("DROP TABLE storefront_header")
        let headerless = try cli.run(["store", "init"])
        #expect(headerless.status == 3 && headerless.stderr.contains("Only the missing table storefront_header was made again, empty; "
            + "nothing else was written. ") && !headerless.stderr.contains("Nothing was written")
                && headerless.stderr.contains("it was deleted with the triggers bypassed, or its table dropped"), "\(headerless.stderr)")
    }

    @Test("store migrate on tables already at version 3 whose version row says 1 records version 3 and keeps the checkpoints")
    func migrateRecordsAVersionTheTablesAlreadyHave() throws {
        let fixture = try PostgresStoreFixture()
        let first = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(), checkpointInterval: 1)
        _ = try first.purchase(face, buyer: phone, storefront: "USA")
        _ = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(), checkpointInterval: 1)
        try fixture.server.psql("DELETE FROM storefront_schema_version WHERE version > 1")
        #expect(try fixture.log().schemaVersion() == 1)
        #expect(try fixture.log().migrate() == (from: 1, to: 3, remade: []))
        #expect(try fixture.log().schemaVersion() == 3)
        #expect(try checkpointRows(fixture) == "com.example.rage|1", "the checkpoint table was kept, not made anew")
        #expect(try fixture.store().balance(of: "rage-faces", for: phone) == 5)
        #expect(throws: ThrowawayPostgres.Failure.self, "the events stay append-only") {
            try fixture.server.psql("UPDATE storefront_events SET app = 'x'")
        }
    }
}
