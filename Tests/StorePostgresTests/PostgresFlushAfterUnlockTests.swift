import Foundation
import StoreCatalog
import StoreEngine
@testable import StorePostgres
import StorefrontTesting
import Testing

/// Commits that let the writer lock go before the server's flush and then wait for it through
/// a commit mark; a session that connects again after rows it read may be gone; and the read of
/// new rows keeping to the index while the store grows under one session.
@Suite("PostgresEventLog: the lock let go before the flush, rows read after a reconnect, plans as the store grows", .serialized)
struct PostgresFlushAfterUnlockTests {
    private func marks(_ fixture: PostgresStoreFixture) throws -> Int {
        Int(try fixture.server.psql("SELECT coalesce(sum(commits), 0) FROM storefront_commit_marks")
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// One purchase each by `count` buyers, as events another store can be given (one buyer's
    /// balance has a ceiling).
    private static func purchasesOfManyBuyers(_ count: Int) throws -> [StoreEvent] {
        let memory = InMemoryEventLog()
        let elsewhere = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: memory.connection())
        for index in 0..<count {
            _ = try elsewhere.purchase(face, buyer: Buyer(account: "buyer-\(index)", device: "phone"), storefront: "USA")
        }
        return memory.allEvents
    }

    /// Makes the role `clerk`, which may read the store and add events (the grants a writer is
    /// told to give), and opens a log as it.
    private func clerkLog(_ fixture: PostgresStoreFixture) throws -> PostgresEventLog {
        try fixture.server.psql("CREATE ROLE clerk LOGIN; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO clerk")
        return try fixture.log(address: try PostgresAddress(fixture.server.url(user: "clerk")))
    }

    @Test("a commit that read another writer's rows under the lock waits for its flush through a commit mark; one that read none flushes as it commits")
    func markOnlyAfterOthersCommitted() throws {
        let fixture = try PostgresStoreFixture()
        let events = try Self.purchasesOfManyBuyers(4)
        let first = try fixture.log()
        let second = try fixture.log()
        _ = try first.commit { _ in (events: [events[0]], result: ()) }
        _ = try first.commit { _ in (events: [events[1]], result: ()) }
        #expect(try marks(fixture) == 0, "alone, a writer keeps the lock through its flush")

        let read = try second.commit { fresh in (events: [events[2]], result: fresh.entries.count) }
        #expect(read.result == 2)
        #expect(try marks(fixture) == 1, "after reading the other writer's rows under the lock")
        _ = try first.commit { _ in (events: [events[3]], result: ()) }
        #expect(try marks(fixture) == 2)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.isIntact && report.lastSequence == 4)
    }

    @Test("a commit whose session is ended after its COMMIT ran is looked up on a new connection, found, and returns as made")
    func cutOffAfterCommitIsFoundRecorded() throws {
        let fixture = try PostgresStoreFixture()
        let events = try Self.purchasesOfManyBuyers(4)
        let first = try fixture.log()
        let second = try fixture.log()
        _ = try first.commit { _ in (events: [events[0]], result: ()) }
        _ = try second.commit { _ in (events: [events[1]], result: ()) }
        // The commit mark goes after COMMIT in the same round trip: ending the session there cuts
        // the answer off from a commit that was made.
        try fixture.server.psql("""
            CREATE FUNCTION cut_off() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$;
            CREATE TRIGGER cut_off BEFORE INSERT ON storefront_commit_marks FOR EACH ROW EXECUTE FUNCTION cut_off()
            """)
        let made = try first.commit { fresh in (events: [events[2]], result: fresh.entries.count) }
        #expect(made.result == 1 && made.batch.entries.last?.sequence == 3, "it read the other writer's row, then committed")
        try fixture.server.psql("DROP TRIGGER cut_off ON storefront_commit_marks")
        _ = try first.commit { _ in (events: [events[3]], result: ()) }
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.isIntact && report.lastSequence == 4 && report.entryCount == 4, "\(report)")
    }

    @Test("a commit made on the server whose connection is then lost for good is looked up, found, and returns as made")
    func cutOffOnABrokenConnectionIsFoundRecorded() throws {
        let fixture = try PostgresStoreFixture()
        let events = try Self.purchasesOfManyBuyers(3)
        let log = try fixture.log()
        _ = try log.commit { _ in (events: [events[0]], result: ()) }
        // A standby that never answers: a COMMIT is made on the server, then waits for it, and
        // ending the waiting session breaks the connection with the commit already made.
        try fixture.server.psql("ALTER SYSTEM SET synchronous_standby_names = 'nobody'", database: "postgres")
        try fixture.server.psql("SELECT pg_reload_conf()", database: "postgres")
        let server = fixture.server
        let ender = Thread {
            for _ in 0..<200 {
                let ended = (try? server.psql("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE wait_event = 'SyncRep'",
                                              database: "postgres")) ?? ""
                if ended.trimmingCharacters(in: .whitespacesAndNewlines) != "0" { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        ender.start()
        let made = try log.commit { _ in (events: [events[1]], result: "made") }
        #expect(made.result == "made" && made.batch.entries.last?.sequence == 2)
        try fixture.server.psql("ALTER SYSTEM RESET synchronous_standby_names", database: "postgres")
        try fixture.server.psql("SELECT pg_reload_conf()", database: "postgres")
        _ = try log.commit { _ in (events: [events[2]], result: ()) }
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.isIntact && report.lastSequence == 3 && report.entryCount == 3, "\(report)")
    }

    @Test("a role that may not write the commit marks commits as before, holding the lock through its flush")
    func roleWithoutMarksCommitsAsBefore() throws {
        let fixture = try PostgresStoreFixture()
        let events = try Self.purchasesOfManyBuyers(3)
        let owner = try fixture.log()
        _ = try owner.commit { _ in (events: [events[0]], result: ()) }
        try fixture.server.psql("REVOKE ALL ON storefront_commit_marks FROM PUBLIC")
        let clerk = try clerkLog(fixture)
        let committed = try clerk.commit { fresh in (events: [events[1]], result: fresh.entries.count) }
        #expect(committed.result == 1 && committed.batch.entries.last?.sequence == 2, "it read the owner's row")
        #expect(clerk.commitMarksWritable == false)
        _ = try owner.commit { _ in (events: [events[2]], result: ()) }
        let marksBefore = try marks(fixture)
        _ = try clerk.commit { _ in (events: [], result: ()) }
        try clerk.makeReadEventsDurable()
        #expect(try marks(fixture) == marksBefore, "no mark was written, nor tried")
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.isIntact && report.lastSequence == 3)
    }

    @Test("marks taken away or dropped while a session runs: its commit, made without waiting for the flush, still returns durable, and later commits hold the lock through theirs")
    func marksTakenAwayMidSession() throws {
        let fixture = try PostgresStoreFixture()
        let events = try Self.purchasesOfManyBuyers(6)
        let owner = try fixture.log()
        _ = try owner.commit { _ in (events: [events[0]], result: ()) }
        let clerk = try clerkLog(fixture)
        _ = try clerk.commit { _ in (events: [], result: ()) }
        #expect(clerk.commitMarksWritable == true)
        let server = try fixture.log(address: try PostgresAddress(fixture.server.url(user: "clerk")))
        try server.makeReadEventsDurable()
        #expect(server.commitMarksWritable == true && server.flushWaits == 0)

        try fixture.server.psql("REVOKE ALL ON storefront_commit_marks FROM PUBLIC")
        try server.makeReadEventsDurable()
        #expect(server.commitMarksWritable == false && server.flushWaits == 1, "refused, it waited for the flush instead")
        _ = try owner.commit { _ in (events: [events[1]], result: ()) }
        // The session still believes it may: the commit goes without waiting, the mark is refused.
        let committed = try clerk.commit { fresh in (events: [events[2]], result: fresh.entries.count) }
        #expect(committed.result == 1 && committed.batch.entries.last?.sequence == 3)
        #expect(clerk.commitMarksWritable == false, "the mark was tried and refused")
        #expect(clerk.flushWaits == 1, "the commit waited for the server's flush")

        let afterDrop = try fixture.log()
        _ = try afterDrop.readNew()
        try fixture.server.psql("DROP TABLE storefront_commit_marks")
        _ = try owner.commit { _ in (events: [events[3]], result: ()) }
        _ = try afterDrop.commit { _ in (events: [events[4]], result: ()) }
        #expect(afterDrop.commitMarksWritable == false)
        #expect(afterDrop.flushWaits == 0, "a plain commit, flushed before it let the lock go")
        _ = try owner.commit { _ in (events: [events[5]], result: ()) }
        try afterDrop.makeReadEventsDurable()
        #expect(afterDrop.flushWaits == 1)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.isIntact && report.lastSequence == 6)
    }

    @Test("making what was read durable writes a commit mark")
    func makeReadEventsDurableWritesAMark() throws {
        let fixture = try PostgresStoreFixture()
        let store = try fixture.store()
        _ = try store.purchase(face, buyer: phone, storefront: "USA")
        try store.makeReadEventsDurable()
        #expect(try marks(fixture) == 1)
    }

    @Test("rows read, then gone when the session connects again (a server that lost unflushed commits, a restore): the log reads from the first row, without reporting damage")
    func reconnectAfterRowsWereLost() throws {
        let fixture = try PostgresStoreFixture()
        let reader = try fixture.store()
        let writer = try fixture.store()
        for _ in 0..<3 { _ = try writer.purchase(face, buyer: phone, storefront: "USA") }
        try reader.refresh()
        #expect(reader.balance(of: "rage-faces", for: phone) == 15)

        // The last two rows go, as a crash before their flush takes them, and the sessions drop.
        try fixture.server.psql("ALTER TABLE storefront_events DISABLE TRIGGER USER; DELETE FROM storefront_events WHERE seq > 1; "
            + "ALTER TABLE storefront_events ENABLE TRIGGER USER")
        try fixture.server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
            + "AND datname = current_database()")
        // Others commit anew under the same numbers.
        let after = try fixture.store()
        _ = try after.spend("rage-faces", amount: 2, buyer: phone)
        _ = try after.purchase(face, buyer: phone, storefront: "USA")
        _ = try after.purchase(face, buyer: phone, storefront: "USA")

        _ = try? reader.refresh()  // the read that finds the session dropped
        try reader.refresh()
        #expect(reader.ledgerProblems.isEmpty, "\(reader.ledgerProblems)")
        #expect(reader.balance(of: "rage-faces", for: phone) == 13)
        #expect(reader.snapshot.eventCount == 4)
    }

    @Test("a session that connects again to the same rows goes on from where it was")
    func reconnectToTheSameRowsGoesOn() throws {
        let fixture = try PostgresStoreFixture()
        let log = try fixture.log()
        let events = try Self.purchasesOfManyBuyers(3)
        _ = try log.commit { _ in (events: Array(events.prefix(2)), result: ()) }
        try fixture.server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
            + "AND datname = current_database()")
        _ = try? log.readNew()  // the read that finds the session dropped
        let committed = try log.commit { fresh in (events: [events[2]], result: fresh) }
        #expect(!committed.result.restarted && committed.result.entries.isEmpty, "nothing read again")
        #expect(committed.batch.entries.map(\.sequence) == [3])
    }

    @Test("a session that read the store while it was nearly empty reads new rows by the index once it has grown")
    func readsByTheIndexAfterGrowing() throws {
        let fixture = try PostgresStoreFixture()
        let follower = try fixture.log()
        let events = try Self.purchasesOfManyBuyers(4_200)
        let grower = try fixture.log()
        // Enough reads on a nearly empty table for the session to keep a plan for its statement.
        for event in events.prefix(10) {
            _ = try grower.commit { _ in (events: [event], result: ()) }
            _ = try follower.readNew()
        }
        for start in stride(from: 10, to: events.count, by: 500) {
            _ = try grower.commit { _ in (events: Array(events[start..<min(start + 500, events.count)]), result: ()) }
        }
        while try follower.readNew().isPartial {}
        for _ in 0..<8 { _ = try follower.readNew() }
        let statement = PostgresEventLog.rows(after: follower.fetchedThrough)
        let prepared = try #require(try follower.connection.execute(
            "SELECT name FROM pg_prepared_statements WHERE statement = $1", [statement.sql]).first?.first ?? nil)
        let plan = try follower.connection.execute("EXPLAIN EXECUTE \(prepared)('\(follower.fetchedThrough)')")
            .values.compactMap { $0.first ?? nil }.joined(separator: "\n")
        #expect(follower.fetchedThrough == events.count)
        #expect(!plan.contains("Seq Scan"), "\(plan)")
    }

    @Test("a session plans its read of new rows once, not again on every read (before: planned each time, which cost more than the read)")
    func readsOfNewRowsArePlannedOnce() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.log()
        let follower = try fixture.log()
        for event in try Self.purchasesOfManyBuyers(8) {
            _ = try writer.commit { _ in (events: [event], result: ()) }
            _ = try follower.readNew()
        }
        let statement = PostgresEventLog.rows(after: follower.fetchedThrough)
        _ = try follower.readNew()
        let prepared = try #require(try follower.connection.execute(
            "SELECT name FROM pg_prepared_statements WHERE statement = $1", [statement.sql]).first?.first ?? nil)
        // A plan made for the value given shows it; the one plan for every value shows the parameter.
        let plan = try follower.connection.execute("EXPLAIN EXECUTE \(prepared)('\(follower.fetchedThrough)')")
            .values.compactMap { $0.first ?? nil }.joined(separator: "\n")
        #expect(plan.contains("$1"), "\(plan)")
    }
}
