import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

@Suite struct StoreSubscriptionTests {
    @Test func firstSubscriptionInAGroupGetsTheFreeTrialOnce() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let start = fixture.clock.now()
        let trial = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(trial.transaction?.price == 0)
        #expect(trial.transaction?.offer == .introductory(.freeTrial))
        #expect(trial.transaction?.expiresDate == start.addingTimeInterval(7 * 86_400))
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").name == "alreadyOwned")
        try store.expire(Rage.monthly, buyer: phone)
        let again = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(again.transaction?.price == Decimal(string: "2.99"))
        #expect(again.transaction?.offer == nil)
    }

    @Test func buyingAnotherPlanInTheGroupSwitchesInsteadOfStacking() throws {
        let store = try StoreFixture().store()
        let monthly = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        #expect(yearly.replaces == monthly.id)
        let subscriptions = store.entitlements(for: phone).subscriptions
        #expect(subscriptions.map(\.productID) == [Rage.yearly])
        #expect(subscriptions.first?.state == .subscribed)
        #expect(subscriptions.first?.group == "rage-pro")
        #expect(subscriptions.first?.willAutoRenew == true)
    }

    @Test func nonRenewingPassExtendsFromTheCurrentExpiry() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let start = fixture.clock.now()
        let period = SubscriptionPeriod(value: 3, unit: .month)
        _ = try store.purchase(Rage.season, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.season, buyer: phone, storefront: "USA")
        let pass = try #require(store.entitlements(for: phone).nonRenewing.first)
        #expect(pass.expiresDate == period.added(to: start, times: 2))
        #expect(pass.isActive)
        fixture.clock.set(pass.expiresDate.addingTimeInterval(1))
        #expect(store.entitlements(for: phone).nonRenewing.first?.isActive == false)
    }

    @Test func freeSubscriptionIsNeverCharged() throws {
        let store = try StoreFixture().store()
        let outcome = try store.purchase(Rage.newsletter, buyer: phone, storefront: "JPN")
        #expect(outcome.transaction?.price == 0)
        #expect(try store.purchase(Rage.newsletter, buyer: phone, storefront: "JPN").name == "alreadyOwned")
        #expect(store.entitlements(for: phone).subscriptions.first?.willAutoRenew == false)
    }

    @Test func refundedSubscriptionIsRevoked() throws {
        let store = try StoreFixture().store()
        let id = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction?.id)
        _ = try store.refund(id)
        #expect(store.entitlements(for: phone).subscriptions.map(\.state) == [.revoked])
    }

    @Test func periodsAddCalendarUnits() throws {
        let jan31 = try #require(ISO8601DateFormatter().date(from: "2026-01-31T12:00:00Z"))
        let month = try #require(SubscriptionPeriod(iso8601: "P1M"))
        #expect(ISO8601DateFormatter().string(from: month.added(to: jan31)) == "2026-02-28T12:00:00Z")
        #expect(SubscriptionPeriod(iso8601: "P1X") == nil)
        #expect(SubscriptionPeriod(iso8601: "1M") == nil)
        #expect(SubscriptionPeriod(iso8601: "P0M") == nil)
        #expect(SubscriptionPeriod(iso8601: "P6M")?.description == "P6M")
    }
}
