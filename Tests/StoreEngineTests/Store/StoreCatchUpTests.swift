import Foundation
import Testing
@testable import StoreEngine

/// Commits that catch up with other processes' events fold each of them exactly once.
@Suite struct StoreCatchUpTests {
    @Test func aCommitDecidesOnWhatAnotherProcessJustCommitted() throws {
        let fixture = try StoreFixture()
        let first = try fixture.store()
        let second = try fixture.store()
        _ = try second.purchase(Rage.lives, buyer: phone, storefront: "USA")
        #expect(try first.spend("extra-lives", amount: 3, buyer: phone) == .spent(balance: 0))
        #expect(first.balance(of: "extra-lives", for: phone) == 0)
        #expect(first.snapshot.eventCount == 2)
    }

    @Test("an advance counts the events that fell due in its own move, not those another process recorded meanwhile (before: `advance` said 3 for 1)")
    func anAdvanceCountsOnlyWhatFellDueInItsMove() throws {
        let fixture = try StoreFixture()
        let first = try fixture.store()
        let second = try fixture.store()
        _ = try first.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(try second.refresh())
        // The first moves a year on (one renewal); the second, which has not read that, moves
        // a year on from there (one more).
        #expect(try first.advanceCountingDue(by: try #require(StoreDuration("P1Y")), buyer: phone).dueEvents == 1)
        let before = second.snapshot.eventCount
        let moved = try second.advanceCountingDue(by: try #require(StoreDuration("P1Y")), buyer: phone)
        #expect(moved.dueEvents == 1)
        #expect(second.snapshot.eventCount - before == 4, "its own clock event and renewal, and the first's two")
        #expect(second.snapshot.transactions.values.filter { $0.productID == Rage.yearly }.count == 3)
    }

    @Test func eventsReadByAFailedCommitAreNotFoldedAgain() throws {
        let fixture = try StoreFixture()
        let first = try fixture.store()
        let second = try fixture.store()
        _ = try second.purchase(Rage.lives, buyer: phone, storefront: "USA")
        _ = try second.purchase(Rage.face, buyer: phone, storefront: "USA")
        // The refund is refused after the commit read the two purchases.
        #expect(throws: StoreError.self) { try first.refund("no-such-transaction") }
        #expect(try first.refresh())
        #expect(first.snapshot.eventCount == 2)
        #expect(first.transactions(for: "tester").count == 2)
        _ = try first.purchase(Rage.face, buyer: phone, storefront: "USA")
        #expect(first.snapshot.eventCount == 3)
        #expect(first.balance(of: "rage-faces", for: phone) == 10)
        #expect(fixture.log.allEvents.count == 3)
    }

    @Test func aFailedCommitFollowedByAnotherCommitFoldsTheEventsOnce() throws {
        let fixture = try StoreFixture()
        let first = try fixture.store()
        let second = try fixture.store()
        _ = try second.purchase(Rage.lives, buyer: phone, storefront: "USA")
        #expect(throws: StoreError.self) { try first.refund("no-such-transaction") }
        _ = try second.purchase(Rage.lives, buyer: phone, storefront: "USA")
        #expect(try first.spend("extra-lives", amount: 6, buyer: phone) == .spent(balance: 0))
        #expect(first.snapshot.eventCount == 3)
    }

    @Test func aSubscriptionFallingDueAfterQuietCommitsStillRenews() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        // Commits that find nothing due.
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        _ = try store.spend("rage-faces", buyer: phone)
        fixture.clock.advance(by: 32 * 86_400)
        let projected = store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.monthly }
        #expect(projected?.renewalCount == 1)
        _ = try store.spend("rage-faces", buyer: phone)
        #expect(fixture.log.allEvents.filter { $0.kind == .renew }.count == 1)
        fixture.clock.advance(by: 31 * 86_400)
        _ = try store.spend("rage-faces", buyer: phone)
        #expect(fixture.log.allEvents.filter { $0.kind == .renew }.count == 2)
    }
}
