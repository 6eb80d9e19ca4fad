import Foundation
import StoreCatalog
import StoreEngine
import StorePostgres
import StorefrontTesting
import Testing

/// Following a store on PostgreSQL without asking on a timer: a listening connection's socket
/// turns readable when another connection commits (NOTIFY in the commit's transaction), and a
/// dropped connection is reported as `StoreUnreachable` and healed by the next read.
@Suite("PostgresEventLog: following and reconnecting", .serialized)
struct PostgresChangeSignalTests {
    /// Waits up to `milliseconds` for `descriptor` to turn readable.
    static func isReadable(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    @Test("Another connection's commit wakes the listener's socket; hasChanged takes it in and says yes once")
    func commitWakesListener() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        let follower = try fixture.store()
        let signal = try #require(follower.changeSignal)
        // Listening started after the first read: the first look checks for what came between.
        #expect(follower.hasExternalChanges())
        #expect(!Self.isReadable(signal, within: 100), "nothing was committed since")
        #expect(!follower.hasExternalChanges())
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        // It must arrive; how soon is the benchmark's to say.
        #expect(Self.isReadable(signal, within: 30_000))
        #expect(follower.hasExternalChanges())
        #expect(try follower.refresh())
        #expect(follower.balance(of: "rage-faces", for: phone) == 10)
        #expect(!follower.hasExternalChanges())
    }

    @Test("The last rows deleted by hand and a commit made under a number already read: the listener reads, and follows the store as it now is")
    func commitUnderANumberAlreadyReadIsFollowed() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        for _ in 0..<3 { _ = try writer.purchase(face, buyer: phone, storefront: "USA") }
        let follower = try fixture.store()
        let signal = try #require(follower.changeSignal)
        _ = follower.hasExternalChanges()
        _ = try follower.refresh()
        #expect(follower.balance(of: "rage-faces", for: phone) == 15)
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq >= 2")
        let other = Buyer(account: "other", device: "tablet")
        _ = try fixture.store().purchase(face, buyer: other, storefront: "USA")
        // The notification names seq 2, below the 3 the follower read.
        #expect(Self.isReadable(signal, within: 30_000))
        #expect(follower.hasExternalChanges())
        #expect(try follower.refresh())
        #expect(follower.balance(of: "rage-faces", for: phone) == 5 && follower.balance(of: "rage-faces", for: other) == 5)
    }

    @Test("A connection ended by the server wakes the listener, reads throw StoreUnreachable until it may connect again, then it follows again")
    func droppedConnectionIsReportedAndHealed() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        let follower = try fixture.store()
        let signal = try #require(follower.changeSignal)
        _ = follower.hasExternalChanges()
        let database = fixture.server.database
        try fixture.server.psql("ALTER DATABASE \(database) ALLOW_CONNECTIONS false", database: "postgres")
        try fixture.server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)'",
                                database: "postgres")
        #expect(Self.isReadable(signal, within: 30_000))
        #expect(follower.hasExternalChanges(), "a lost connection must be looked at")
        #expect(throws: StoreUnreachable.self) { try follower.refresh() }
        #expect(follower.changeSignal == nil, "no socket while the connection is lost")
        try fixture.server.psql("ALTER DATABASE \(database) ALLOW_CONNECTIONS true", database: "postgres")
        #expect(try !follower.refresh())
        try Self.expectWokenByAPurchase(follower, on: fixture, "listening again after reconnecting")
    }

    @Test("The database dropped and made again under an open store: it reads the store as it now is, a new one, and follows it (before: the server's 'does not exist' for ever)")
    func databaseMadeAgainIsReadAsNew() throws {
        let fixture = try PostgresStoreFixture()
        let follower = try fixture.store()
        _ = try follower.purchase(face, buyer: phone, storefront: "USA")
        #expect(follower.balance(of: "rage-faces", for: phone) == 5)
        let database = fixture.server.database
        try fixture.server.psql("DROP DATABASE \(database) WITH (FORCE)", database: "postgres")
        try fixture.server.psql("CREATE DATABASE \(database)", database: "postgres")
        // The first read may find its session ended; the one after it reconnects into the new database.
        let first = try? follower.refresh()
        #expect(try first ?? follower.refresh())
        #expect(follower.balance(of: "rage-faces", for: phone) == 0, "the events read before are gone with the tables")
        #expect(follower.transactions(for: phone.account).isEmpty)
        let other = Buyer(account: "other", device: "tablet")
        _ = try fixture.store().purchase(face, buyer: other, storefront: "USA")
        _ = try follower.refresh()
        #expect(follower.balance(of: "rage-faces", for: other) == 5, "a purchase in the new store is followed")
    }

    @Test("An open store whose role's search_path is set to lead away from it is refused while it does, and follows the store again once the setting is taken back (before: its session kept the setting, refused for ever)")
    func searchPathTakenBackIsFollowed() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let role = "wandering_reader", database = fixture.server.database
        try fixture.server.psql("DO $$ BEGIN CREATE ROLE \(role) LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "CREATE SCHEMA IF NOT EXISTS wander AUTHORIZATION \(role); GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO \(role)")
        let follower = try Store(catalog: try CatalogLoader.loadBundled("Rage"),
                                 log: try fixture.log(address: try PostgresAddress(fixture.server.url(user: role))))
        #expect(follower.balance(of: "rage-faces", for: phone) == 5)
        try fixture.server.psql("ALTER ROLE \(role) IN DATABASE \(database) SET search_path = wander")
        try fixture.endOtherSessions()
        _ = try? follower.refresh()
        #expect {
            try follower.refresh()
        } throws: { error in
            "\(error)".contains("is in schema public of its database, which the search_path of this session (wander, as the role "
                + "\"\(role)\" sets it in this database) does not find")
        }
        try fixture.server.psql("ALTER ROLE \(role) IN DATABASE \(database) RESET search_path")
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        _ = try follower.refresh()
        #expect(follower.balance(of: "rage-faces", for: phone) == 10, "it reads the store again, with a new session")
    }

    @Test("Asked for on a lost connection, the signal listens from the reconnect on, so a commit right after that read wakes it")
    func signalAskedWhileLostListensFromTheReconnect() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        let follower = try fixture.store()
        // Connections refused meanwhile, so the refresh that finds the session lost cannot mend it at once.
        let database = fixture.server.database
        try fixture.server.psql("ALTER DATABASE \(database) ALLOW_CONNECTIONS false", database: "postgres")
        try fixture.endOtherSessions()
        #expect(throws: StoreUnreachable.self) { try follower.refresh() }
        #expect(follower.changeSignal == nil, "no socket while the connection is lost")
        try fixture.server.psql("ALTER DATABASE \(database) ALLOW_CONNECTIONS true", database: "postgres")
        _ = try follower.refresh()
        try Self.expectWokenByAPurchase(follower, on: fixture, "the commit after the reconnecting read must be notified")
    }

    @Test("A commit announced while the listener's own commit is on its way still wakes its socket")
    func notificationDuringOwnCommitWakesTheListener() throws {
        let fixture = try PostgresStoreFixture()
        let follower = try fixture.store()
        _ = try follower.purchase(face, buyer: phone, storefront: "USA")
        let signal = try #require(follower.changeSignal)
        _ = follower.hasExternalChanges()
        // The follower's next insert waits for a gate the test opens only after announcing a
        // commit, so the announcement reaches the server while the follower's transaction is
        // open: it is passed on right before that COMMIT's reply (a test-only trigger).
        _ = try fixture.server.psql("""
            CREATE TABLE storefront_test_gate (opened boolean);
            CREATE FUNCTION storefront_test_wait_for_gate() RETURNS trigger LANGUAGE plpgsql AS
              $$ BEGIN
                   WHILE NOT EXISTS (SELECT 1 FROM storefront_test_gate) LOOP PERFORM pg_sleep(0.01); END LOOP;
                   RETURN NEW;
                 END $$;
            CREATE TRIGGER storefront_test_wait_for_gate BEFORE INSERT ON storefront_events
              FOR EACH ROW EXECUTE FUNCTION storefront_test_wait_for_gate();
            """)
        let committed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? follower.purchase(face, buyer: phone, storefront: "USA")
            committed.signal()
        }
        // Until the follower's insert waits at the gate, its transaction may not have begun.
        var waiting = "0"
        let giveUp = Date().addingTimeInterval(120)
        while waiting == "0", Date() < giveUp {
            waiting = try fixture.server.psql(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE 'INSERT%'"
            ).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try #require(waiting != "0", "the follower's insert never reached the gate")
        _ = try fixture.server.psql("SELECT pg_notify('storefront_events', '1000000')")
        _ = try fixture.server.psql("INSERT INTO storefront_test_gate VALUES (true)")
        committed.wait()
        #expect(follower.balance(of: "rage-faces", for: phone) == 10, "the follower's own purchase went through")
        #expect(Self.isReadable(signal, within: 30_000), "an announcement made during the follower's commit must wake it")
        #expect(follower.hasExternalChanges())
    }

    /// Another connection buys a face pack (the second): `follower`'s signal must turn readable,
    /// and the read it calls for must bring the balance to ten.
    static func expectWokenByAPurchase(_ follower: Store, on fixture: PostgresStoreFixture, _ why: Comment) throws {
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let signal = try #require(follower.changeSignal)
        #expect(isReadable(signal, within: 30_000), why)
        #expect(follower.hasExternalChanges())
        #expect(try follower.refresh())
        #expect(follower.balance(of: "rage-faces", for: phone) == 10)
    }

    @Test("A commit while the server is down throws StoreUnreachable and writes nothing")
    func commitWhileDown() throws {
        let fixture = try PostgresStoreFixture()
        let store = try fixture.store()
        _ = try store.purchase(face, buyer: phone, storefront: "USA")
        fixture.server.stop()
        #expect(throws: StoreUnreachable.self) { try store.purchase(face, buyer: phone, storefront: "USA") }
        try fixture.server.start()
        #expect(try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        guard case .purchased = try store.purchase(face, buyer: phone, storefront: "USA") else {
            Issue.record("the purchase after the restart did not go through")
            return
        }
        #expect(store.balance(of: "rage-faces", for: phone) == 10)
    }
}
