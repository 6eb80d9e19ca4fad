import Foundation
import Testing
@testable import StoreEngine

/// A plan's status while the account subscribes to another plan of its group: an earlier
/// subscription to the plan that ended says nothing of it, as buying it now switches within
/// the subscription running (before: "Refunded", "buying it again starts a new subscription").
@Suite struct StoreEndedPlanStatusTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    @Test func anEarlierRefundedSubscriptionIsNotThePlansStateAfterAnUpgradeAwayFromIt() throws {
        let first = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        _ = try store.refund(first.id)
        #expect(try store.status(Rage.monthly) == .revoked, "alone in its group, the refunded plan says so")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(try store.status(Rage.monthly) == .available)
        guard case .active = try store.status(Rage.yearly) else { Issue.record("yearly: \(try store.status(Rage.yearly))"); return }
    }

    @Test func aRefundedPlanIsNotThePlansStateWhileAnotherPlanOfItsGroupRuns() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.refund(yearly.id)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(try store.status(Rage.yearly) == .available)
        // Once the plan running ends too, the latest ending of each plan is its own again.
        _ = try store.expire(Rage.monthly, buyer: phone)
        #expect(try store.status(Rage.yearly) == .revoked)
    }
}
