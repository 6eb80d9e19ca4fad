import Foundation
import Testing
@testable import StoreEngine

/// Auto-renew turned off and back on: by `resumeRenewal`, or by buying the plan again.
@Suite struct StoreAutoRenewTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    func charges() -> Int {
        store.transactions(for: "tester").filter { $0.state == .purchased && ($0.price ?? 0) > 0 }.count
    }

    @Test func resumingRenewalTurnsAutoRenewBackOnAndTheSubscriptionRenews() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(try store.cancelRenewal(Rage.yearly, buyer: phone).willAutoRenew == false)
        let resumed = try store.resumeRenewal(Rage.yearly, buyer: phone)
        #expect(resumed.willAutoRenew)
        #expect(fixture.log.allEvents.last?.kind == .cancelRenewal)
        #expect(fixture.log.allEvents.last?.value == "on")
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        #expect(store.subscription(Rage.yearly, for: "tester")?.status == .subscribed)
        #expect(charges() == 2)
    }

    @Test func buyingThePlanAgainAfterCancellingRenewalTurnsAutoRenewOnWithoutACharge() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        let outcome = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(outcome.name == "renewalResumed")
        #expect(charges() == 1)
        #expect(try fixture.store().subscription(Rage.yearly, for: "tester")?.willAutoRenew == true)
        #expect(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").name == "alreadyOwned")
    }

    @Test func buyingTheCurrentPlanAgainDropsAScheduledChange() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").name == "changeScheduled")
        #expect(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").name == "renewalResumed")
        #expect(store.subscription(Rage.yearly, for: "tester")?.pendingProductID == nil)
    }

    @Test func resumingAnEndedSubscriptionIsRefused() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.expire(Rage.yearly, buyer: phone)
        #expect(throws: StoreError.subscriptionEnded(Rage.yearly, state: .expired)) {
            try store.resumeRenewal(Rage.yearly, buyer: phone)
        }
    }
}
