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

    @Test("Asked for on a lost connection, the signal listens from the reconnect on, so a commit right after that read wakes it")
    func signalAskedWhileLostListensFromTheReconnect() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        let follower = try fixture.store()
        try fixture.endOtherSessions()
        // The loss shows on the next statement; a refresh finds it and reconnects.
        #expect(throws: StoreUnreachable.self) { try follower.refresh() }
        #expect(follower.changeSignal == nil, "no socket while the connection is lost")
        _ = try follower.refresh()
        try Self.expectWokenByAPurchase(follower, on: fixture, "the commit after the reconnecting read must be notified")
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
