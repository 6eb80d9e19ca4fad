import Foundation
import StoreCatalog
import StoreEngine
@testable import StorePostgres
import StorefrontTesting
import Testing

/// A commit in one round trip where nobody wrote since the session last looked, and what
/// happens when somebody did: the bet is refused by the server, and the change is decided again
/// on the fresh rows, so a stale decision is never stored.
@Suite("PostgresEventLog: a commit in one round trip", .serialized)
struct PostgresCommitAtOnceTests {
    /// A store on a log of its own, so the test can count that log's round trips.
    static func store(_ fixture: PostgresStoreFixture) throws -> (store: Store, log: PostgresEventLog) {
        let log = try fixture.log()
        return (try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: log), log)
    }

    static func rowCount(_ fixture: PostgresStoreFixture) throws -> String {
        try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a session that is up to date commits in one round trip, and its row is stored and read back")
    func upToDateCommitsInOneRoundTrip() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let (store, log) = try Self.store(fixture)
        let bought = try PostgresReadRoundTripTests.counting(log) { try store.purchase(face, buyer: phone, storefront: "USA") }
        #expect(bought.roundTrips == 1)
        #expect(store.balance(of: "rage-faces", for: phone) == 10)
        #expect(try Self.rowCount(fixture) == "2")
        let spent = try PostgresReadRoundTripTests.counting(log) { try store.spend("rage-faces", buyer: phone) }
        #expect(spent.value == .spent(balance: 9) && spent.roundTrips == 1)
        #expect(try fixture.store().balance(of: "rage-faces", for: phone) == 9, "another session reads both rows")
    }

    @Test("a spend decided on a balance another session has spent meanwhile is decided again and refused, never stored")
    func staleSpendIsDecidedAgain() throws {
        let fixture = try PostgresStoreFixture()
        let other = try fixture.store()
        _ = try other.purchase(face, buyer: phone, storefront: "USA")
        let (store, log) = try Self.store(fixture)
        #expect(store.balance(of: "rage-faces", for: phone) == 5)
        for _ in 0..<5 { _ = try other.spend("rage-faces", buyer: phone) }

        let spent = try PostgresReadRoundTripTests.counting(log) { try store.spend("rage-faces", buyer: phone) }
        #expect(spent.value == .insufficient(balance: 0, requested: 1), "decided on the fresh balance")
        // The bet (refused by the gapless trigger), its ROLLBACK, then the two round trips.
        #expect(spent.roundTrips == 4)
        #expect(try Self.rowCount(fixture) == "6", "the purchase and the other session's five spends only")
        #expect(try fixture.store().balance(of: "rage-faces", for: phone) == 0)
        #expect(try fixture.log().problems.isEmpty)
    }

    @Test("after others were seen writing, commits read under the lock first, until one finds nobody else wrote")
    func othersWritingTurnsTheBetOff() throws {
        let fixture = try PostgresStoreFixture()
        let other = try fixture.store()
        _ = try other.purchase(face, buyer: phone, storefront: "USA")
        let (store, log) = try Self.store(fixture)
        _ = try other.purchase(face, buyer: phone, storefront: "USA")
        // Lost bet: 1 + ROLLBACK + 2. The purchase is decided with the other's row folded in.
        let lost = try PostgresReadRoundTripTests.counting(log) { try store.purchase(face, buyer: phone, storefront: "USA") }
        #expect(lost.roundTrips == 4 && store.balance(of: "rage-faces", for: phone) == 15)
        _ = try other.purchase(face, buyer: phone, storefront: "USA")
        let read = try PostgresReadRoundTripTests.counting(log) { try store.spend("rage-faces", buyer: phone) }
        #expect(read.roundTrips == 2, "no bet while others write: the other's row is read under the lock")
        #expect(read.value == .spent(balance: 19))
        let nobody = try PostgresReadRoundTripTests.counting(log) { try store.spend("rage-faces", buyer: phone) }
        #expect(nobody.roundTrips == 2, "the last commit found a row of others")
        let again = try PostgresReadRoundTripTests.counting(log) { try store.spend("rage-faces", buyer: phone) }
        #expect(again.roundTrips == 1, "the last commit found nobody else had written")
        #expect(again.value == .spent(balance: 17))
        #expect(try fixture.store().balance(of: "rage-faces", for: phone) == 17)
    }

    @Test("the last row read deleted by hand and another committed in its place: the bet is refused, the commit never chains onto the row that is gone")
    func replacedLastRowRefusesTheBet() throws {
        let fixture = try PostgresStoreFixture()
        let (store, log) = try Self.store(fixture)
        for _ in 0..<2 { _ = try store.purchase(face, buyer: phone, storefront: "USA") }
        try fixture.server.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq = 2")
        let other = Buyer(account: "other", device: "tablet")
        _ = try fixture.store().purchase(face, buyer: other, storefront: "USA")
        // Row 2 is another purchase now, under the number this session read last: the gapless
        // trigger would take row 3, so only the check of the last row refuses the bet.
        let bought = try PostgresReadRoundTripTests.counting(log) { try store.purchase(face, buyer: phone, storefront: "USA") }
        #expect(bought.roundTrips > 1, "the bet was refused")
        #expect(store.balance(of: "rage-faces", for: phone) == 10 && store.balance(of: "rage-faces", for: other) == 5)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.problems.isEmpty && report.lastSequence == 3, "\(report.problems)")
    }

    @Test("a schema upgraded by a newer Storefront after the last read refuses the bet: the commit is refused, nothing stored")
    func newerSchemaRefusesTheBet() throws {
        let fixture = try PostgresStoreFixture()
        let (store, _) = try Self.store(fixture)
        _ = try store.purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("INSERT INTO storefront_schema_version (version) VALUES (\(PostgresSchema.currentVersion + 1))")
        let refusal = #expect(throws: PostgresStoreError.self) { try store.purchase(face, buyer: phone, storefront: "USA") }
        guard case .newerSchema(_, let found, _)? = refusal else {
            Issue.record("refused as a newer schema, not \(String(describing: refusal))")
            return
        }
        #expect(found == PostgresSchema.currentVersion + 1)
        #expect(try Self.rowCount(fixture) == "1", "nothing was inserted into a schema this version does not know")
    }
}

/// A session the server ended while it sat idle is found lost before anything is sent on it.
@Suite("PostgresEventLog: a session ended while idle", .serialized)
struct PostgresIdleSessionEndTests {
    @Test("a commit after an administrator ended the idle session connects again and goes through (before: exit 3, not sent)")
    func commitAfterIdleSessionEnded() throws {
        let fixture = try PostgresStoreFixture()
        let (store, log) = try PostgresCommitAtOnceTests.store(fixture)
        _ = try store.purchase(face, buyer: phone, storefront: "USA")
        let ended = log.connection.backendPID
        try fixture.server.psql("SELECT pg_terminate_backend(\(ended))")
        // Termination is asynchronous: wait until the server's last word has reached the socket.
        var entry = pollfd(fd: try #require(log.connection.socket), events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 10_000) == 1, "the server said the session ended")
        #expect(try store.spend("rage-faces", buyer: phone) == .spent(balance: 4))
        #expect(log.connection.backendPID != ended, "a new session")
        #expect(try fixture.store().balance(of: "rage-faces", for: phone) == 4)
    }
}
