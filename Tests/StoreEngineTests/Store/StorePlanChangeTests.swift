import Foundation
import Testing
@testable import StoreEngine

/// A plan change scheduled in a group shows as such on the product it switches to, and
/// buying that product again records nothing more.
@Suite struct StorePlanChangeTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    func planChange(_ productID: String) throws -> PlanChange? {
        PlanChange.of(try #require(store.catalog.product(id: productID)), in: store.entitlements(for: phone), catalog: store.catalog)
    }

    @Test func theProductAScheduledChangeSwitchesToSaysSo() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let renewal = try #require(yearly.expiresDate)
        #expect(try planChange(Rage.monthly) == .atRenewal(from: Rage.yearly, effective: renewal))
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").name == "changeScheduled")
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: renewal, willSwitch: true))
        #expect(try store.status(Rage.monthly).name == "changeScheduled")
        #expect(try planChange(Rage.monthly) == .scheduled(from: Rage.yearly, effective: renewal, willSwitch: true))
        let events = fixture.log.allEvents.count
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").name == "changeScheduled")
        #expect(fixture.log.allEvents.count == events)
    }

    @Test("a scheduled switch is on hold while the current plan's auto-renew is off (it was shown as happening)")
    func aScheduledSwitchWaitsOnAutoRenew() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let renewal = try #require(yearly.expiresDate)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: renewal, willSwitch: false))
        #expect(try planChange(Rage.monthly) == .scheduled(from: Rage.yearly, effective: renewal, willSwitch: false))
        _ = try store.resumeRenewal(Rage.yearly, buyer: phone)
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: renewal, willSwitch: true))
    }

    @Test func aHigherLevelIsAnUpgradeNow() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(try planChange(Rage.yearly) == .upgradeNow(from: Rage.monthly))
        #expect(try planChange(Rage.monthly) == nil)
    }
}
