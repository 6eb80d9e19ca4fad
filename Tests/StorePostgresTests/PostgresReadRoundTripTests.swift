import Foundation
import StoreCatalog
import StoreEngine
@testable import StorePostgres
import StorefrontTesting
import Testing

/// What a read costs in waits for the server: the schema version and what the chain lacks (the
/// header, a checkpoint's row, the rows after) go together, so following a store and opening
/// it take one round trip a read, and a commit's first round trip reads the header too.
@Suite("PostgresEventLog: reads in one round trip", .serialized)
struct PostgresReadRoundTripTests {
    /// Runs `body` on `log` and returns what it returned with the round trips it took.
    static func counting<T>(_ log: PostgresEventLog, _ body: () throws -> T) rethrows -> (value: T, roundTrips: Int) {
        let before = log.connection.roundTrips
        let value = try body()
        return (value, log.connection.roundTrips - before)
    }

    /// `count` events made in a store of their own: purchases of five faces, each spent one by one
    /// (the pack is capped, so purchases alone stop short).
    static func purchasesAndSpends(count: Int) throws -> [StoreEvent] {
        let memory = InMemoryEventLog()
        let elsewhere = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: memory.connection())
        for _ in 0..<count {
            if elsewhere.balance(of: "rage-faces", for: phone) == 0 {
                _ = try elsewhere.purchase(face, buyer: phone, storefront: "USA")
            } else {
                _ = try elsewhere.spend("rage-faces", buyer: phone)
            }
        }
        return memory.allEvents
    }

    @Test("a follower reads another connection's commits in one round trip, and a look with nothing new costs the same")
    func followingReadsInOneRoundTrip() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        let follower = try fixture.log()
        let first = try Self.counting(follower) { try follower.readNew() }
        #expect(first.value.entries.map(\.sequence) == [1] && first.roundTrips == 1, "the header and the rows together")

        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        _ = try writer.spend("rage-faces", buyer: phone)
        let next = try Self.counting(follower) { try follower.readNew() }
        #expect(next.value.entries.map(\.sequence) == [2, 3] && !next.value.restarted)
        #expect(next.roundTrips == 1)
        let nothing = try Self.counting(follower) { try follower.readNew() }
        #expect(nothing.value.entries.isEmpty && nothing.roundTrips == 1)
    }

    @Test("an opening from a checkpoint reads the header, the checkpoint's row and the rows after it in one round trip")
    func openingFromACheckpointReadsInOneRoundTrip() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        for _ in 0..<3 { _ = try writer.purchase(face, buyer: phone, storefront: "USA") }
        _ = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(), checkpointInterval: 1)
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")

        let log = try fixture.log()
        log.resume(from: try #require(log.loadCheckpoint(named: "com.example.rage")))
        let read = try Self.counting(log) { try log.readNew() }
        #expect(read.value.entries.map(\.sequence) == [4] && !read.value.restarted)
        #expect(read.roundTrips == 1)
    }

    @Test("a commit on a connection that never read takes two round trips, the header read with the lock")
    func firstCommitReadsTheHeaderWithTheLock() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let log = try fixture.log()
        let commit = try Self.counting(log) { try log.commit { others in (events: [StoreEvent](), result: others) } }
        #expect(commit.value.result.entries.map(\.sequence) == [1], "the decision saw the row committed before")
        #expect(commit.roundTrips == 2)
    }

    @Test("a database without a store reads as empty, and its first commit is read by a reader that looked before")
    func emptyDatabaseReadsAsEmpty() throws {
        let fixture = try PostgresStoreFixture()
        let early = try fixture.log()
        let empty = try early.readNew()
        #expect(empty.entries.isEmpty && !empty.restarted && !empty.isPartial)
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        #expect(try early.readNew().entries.map(\.sequence) == [1])
    }

    @Test("a store longer than one read comes in parts of 10,000 rows, the last one whole")
    func longStoreComesInParts() throws {
        let fixture = try PostgresStoreFixture()
        let events = try Self.purchasesAndSpends(count: PostgresEventLog.rowsPerRead + 2)
        try #require(events.count == PostgresEventLog.rowsPerRead + 2, "one event for each purchase or spend")
        _ = try fixture.log().commit { _ in (events: events, result: ()) }
        let reader = try fixture.log()
        let first = try reader.readNew()
        #expect(first.isPartial && first.entries.count == PostgresEventLog.rowsPerRead && first.entries.first?.sequence == 1)
        let rest = try reader.readNew()
        #expect(!rest.isPartial && !rest.restarted && rest.entries.map(\.sequence) == [10_001, 10_002])
        #expect(reader.problems.isEmpty)
    }
}
