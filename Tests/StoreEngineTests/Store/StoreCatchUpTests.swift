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
