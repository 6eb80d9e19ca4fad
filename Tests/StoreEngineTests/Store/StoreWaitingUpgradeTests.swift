import Foundation
import Testing
@testable import StoreEngine

/// An upgrade that waits (Ask to Buy, interrupted purchase) replaces nothing until it completes.
@Suite struct StoreWaitingUpgradeTests {
    @Test func aWaitingUpgradeLeavesTheCurrentPeriodInForceUntilItCompletes() throws {
        let store = try StoreFixture().store()
        let monthly = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        try store.set(.interruptedPurchases, to: "true", for: phone)
        let upgrade = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        #expect(upgrade.state == .needsAction)
        #expect(store.snapshot.transactions[monthly.id]?.replacedBy == nil)
        #expect(store.snapshot.transactions[monthly.id]?.isInForce == true)
        #expect(try store.restore(tablet).restored.map(\.id) == [monthly.id])

        _ = try store.resolve(upgrade.id)
        #expect(store.snapshot.transactions[monthly.id]?.replacedBy == upgrade.id)
    }

    @Test func aDeclinedUpgradeNeverReplacesTheCurrentPeriod() throws {
        let store = try StoreFixture().store()
        let monthly = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.decline(request.id)
        #expect(store.snapshot.transactions[monthly.id]?.isInForce == true)
        #expect(store.entitlements(for: phone).subscriptions.map(\.productID) == [Rage.monthly])
    }
}
