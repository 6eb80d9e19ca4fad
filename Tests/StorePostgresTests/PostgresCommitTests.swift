import Foundation
import StoreCatalog
import StoreEngine
import StorePostgres
import StorefrontTesting
import Testing

/// A commit on PostgreSQL sends its statements in two batches; these pin what must hold
/// whatever the batching: a refusal anywhere leaves nothing, and decisions see fresh state.
@Suite("PostgresEventLog: commits", .serialized)
struct PostgresCommitTests {
    /// Purchases made in a store of their own, as events another store can be given.
    static func eventsMadeElsewhere(count: Int) throws -> [StoreEvent] {
        let memory = InMemoryEventLog()
        let elsewhere = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: memory.connection())
        for _ in 0..<count { _ = try elsewhere.purchase(face, buyer: phone, storefront: "USA") }
        return memory.allEvents
    }

    /// Whether `error` is the server refusing a statement with `sqlState`.
    static func isRefusal(_ error: any Error, sqlState expected: String) -> Bool {
        guard case .statementFailed(_, let sqlState, _) = error as? PostgresStoreError else { return false }
        return sqlState == expected
    }

    static func eventCount(_ fixture: PostgresStoreFixture) throws -> String {
        try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a commit whose second insert breaks a unique key stores none of its events; the next starts over and goes through")
    func refusedInsertLeavesNothing() throws {
        let fixture = try PostgresStoreFixture()
        let events = try Self.eventsMadeElsewhere(count: 3)
        let log = try fixture.log()
        _ = try log.commit { _ in (events: Array(events.prefix(2)), result: ()) }
        #expect(try Self.eventCount(fixture) == "2")

        // The third is new; the first is already stored, so its transaction id is refused.
        #expect {
            try log.commit { _ in (events: [events[2], events[0]], result: ()) }
        } throws: { Self.isRefusal($0, sqlState: "23505") }
        #expect(try Self.eventCount(fixture) == "2", "the insert that went through before the refusal is not kept")

        let again = try log.commit { fresh in (events: [events[2]], result: fresh) }
        #expect(again.result.restarted && again.result.entries.count == 2, "the failed commit's reads are delivered again")
        #expect(again.batch.entries.last?.sequence == 3)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.isIntact && report.lastSequence == 3)
    }

    @Test("a schema whose version row is missing is not written to: it is refused, saying what is missing")
    func missingVersionRowIsNotWrittenTo() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("DELETE FROM storefront_schema_version")
        #expect {
            try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        } throws: { error in
            guard case .incompleteSchema = error as? PostgresStoreError else { return false }
            return "\(error)".contains("lacks its row in storefront_schema_version")
        }
        #expect(try Self.eventCount(fixture) == "1")
    }

    @Test("a store opened before the schema existed commits on what another made since, under the lock")
    func decidesOnWhatOthersMadeSinceOpening() throws {
        let fixture = try PostgresStoreFixture()
        let early = try fixture.store()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        guard case .purchased = try early.purchase(face, buyer: phone, storefront: "USA") else {
            Issue.record("the purchase did not go through")
            return
        }
        #expect(early.balance(of: "rage-faces", for: phone) == 10)
        let report = try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath)
        #expect(report.isIntact && report.lastSequence == 2)
    }
}
