import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontTesting
import StoreLedger

/// A log that, like PostgreSQL's, first decides on the events read so far (an empty batch) and
/// then, as if that bet were lost, decides again on the fresh events: the store must come out
/// as if only the second decision had been made.
private final class BettingEventLog: StoreEventLog, @unchecked Sendable {
    let inner: StoreEventLog
    private(set) var bets = 0

    init(_ inner: StoreEventLog) { self.inner = inner }

    func readNew() throws -> EventBatch { try inner.readNew() }
    func hasChanged() -> Bool { inner.hasChanged() }
    var problems: [LedgerProblem] { inner.problems }
    var tornTail: TornTailReport? { inner.tornTail }

    func commit<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch) {
        bets += 1
        _ = try? decide(EventBatch())
        return try inner.commit(decide)
    }
}

@Suite("Store: a log that decides twice")
struct StoreBettingLogTests {
    @Test("events owed again after a refused commit are folded once, though a bet came in between")
    func redeliveredEventsAreFoldedOnce() throws {
        let fixture = try StoreFixture()
        let log = BettingEventLog(try fixture.connection())
        let store = try Store(catalog: fixture.catalog, log: log, clock: fixture.clock)
        #expect(try fixture.store().purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        // Refused under the lock after folding the other's purchase: the log delivers it again.
        #expect(throws: StoreError.unknownTransaction("2000000000000042")) { try store.refund("2000000000000042") }
        // Nothing reads in between (a read would take the purchase delivered again): the next
        // commit bets on an empty batch first, then folds the purchase delivered again. Its
        // event goes after the purchase, as the store's count of events says only when the
        // purchase was folded once.
        #expect(try store.requestTestNotification(by: phone) == 2)
        #expect(log.bets == 2)
        #expect(try store.spend("rage-faces", buyer: phone) == .spent(balance: 4))
        #expect(try fixture.allEvents().map(\.kind) == [.purchase, .testNotification, .spend])
    }

    @Test("a decision made on the bet's stale state leaves nothing behind: the fresh one alone is stored")
    func staleBetLeavesNothing() throws {
        let fixture = try StoreFixture()
        let log = BettingEventLog(try fixture.connection())
        let store = try Store(catalog: fixture.catalog, log: log, clock: fixture.clock)
        let other = try fixture.store()
        #expect(try other.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        #expect(try store.spend("rage-faces", buyer: phone) == .spent(balance: 4), "the bet saw no credits; the fresh decision did")
        #expect(try fixture.allEvents().map(\.kind) == [.purchase, .spend])
    }
}
