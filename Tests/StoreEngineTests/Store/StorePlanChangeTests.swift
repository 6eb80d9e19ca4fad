import Foundation
import Testing
@testable import StoreEngine
import StorefrontText

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
        // The plan running now does not renew: the other follows it (before: it read as renewing).
        #expect(try store.status(Rage.yearly) == .runningBeforeSwitch(until: renewal, next: Rage.monthly, paidAhead: false))
        #expect(try store.status(Rage.yearly).name == "active")
        #expect(StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA").statusText(try store.status(Rage.yearly))
                    .hasSuffix(", then Rage Pro (Monthly)"))
        #expect(try planChange(Rage.monthly) == .scheduled(from: Rage.yearly, effective: renewal, willSwitch: true))
        let events = fixture.log.allEvents.count
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").name == "changeScheduled")
        #expect(fixture.log.allEvents.count == events)
    }

    @Test("during a billing problem a scheduled switch has no date: it happens once billing is resolved (before: the failed renewal's past date)",
          arguments: [false, true])
    func aScheduledSwitchWaitsOnBilling(grace: Bool) throws {
        try store.set(.billingRetry, to: "true", for: phone)
        if grace { try store.set(.gracePeriod, to: "true", for: phone) }
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.advance(by: try #require(StoreDuration("366d")), buyer: phone)
        let state = store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.yearly }?.state
        #expect(state == (grace ? .inGracePeriod : .inBillingRetryPeriod))
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: nil, willSwitch: true))
        #expect(try store.status(Rage.yearly).name == "billingProblem", "a billing problem is said before the switch")
        #expect(StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA").statusText(try store.status(Rage.monthly))
                == "Switches once billing is resolved")
    }

    @Test("an upgrade bought in billing retry or a grace period leaves the period whose renewal failed expired, not replaced by it (before: 'replaced by an upgrade', isUpgraded)",
          arguments: [false, true])
    func anUpgradeInABillingProblemLeavesTheEndedPeriodExpired(grace: Bool) throws {
        try store.set(.billingRetry, to: "true", for: phone)
        if grace { try store.set(.gracePeriod, to: "true", for: phone) }
        // The free week ends, and its renewal fails.
        let monthly = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        _ = try store.advance(by: try #require(StoreDuration("8d")), buyer: phone)
        let state = store.entitlements(for: phone).subscriptions.first?.state
        #expect(state == (grace ? .inGracePeriod : .inBillingRetryPeriod))
        let upgrade = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        #expect(upgrade.replaces == monthly.id, "the upgrade still says what it followed")
        let ended = try #require(store.transactions(for: phone.account).first { $0.id == monthly.id })
        #expect(ended.replacedBy == nil && ended.state == .purchased, "\(ended)")
        let current = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(current.productID == Rage.yearly && current.state == .subscribed, "\(current)")
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

    @Test("buying the plan a switch on hold goes to turns auto-renew back on (before: it said it switched, and nothing would)")
    func buyingTheHeldSwitchTurnsRenewalOn() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let renewal = try #require(yearly.expiresDate)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        let events = fixture.log.allEvents.count
        let outcome = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(outcome == .changeScheduled(productID: Rage.monthly, from: Rage.yearly, effective: renewal, turnedRenewalOn: true))
        #expect(fixture.log.allEvents.count == events + 1, "auto-renew turned on; the switch was there already")
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: renewal, willSwitch: true))
        let chain = try #require(store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.yearly })
        #expect(chain.willAutoRenew && chain.pendingProductID == Rage.monthly)
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
            == .changeScheduled(productID: Rage.monthly, from: Rage.yearly, effective: renewal, alreadyScheduled: true))
        #expect(fixture.log.allEvents.count == events + 1, "bought again, nothing more is recorded")
    }

    @Test("buying a switch already scheduled changes nothing, so under Ask to Buy or interrupted purchases it makes no request either (before: a request that announced the switch again)",
          arguments: [StoreSetting.askToBuy, .interruptedPurchases])
    func aSwitchAlreadyScheduledMakesNoRequest(setting: StoreSetting) throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let renewal = try #require(yearly.expiresDate)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try store.set(setting, to: "true", for: phone)
        let events = fixture.log.allEvents.count
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
            == .changeScheduled(productID: Rage.monthly, from: Rage.yearly, effective: renewal, alreadyScheduled: true))
        #expect(fixture.log.allEvents.count == events, "nothing recorded, no request waits")
        #expect(!store.snapshot.transactions(of: phone.account).contains { $0.state == .pending || $0.state == .needsAction })
        // With renewal off the same purchase turns it back on, a change: it waits as any purchase does.
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        if case .changeScheduled = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") {
            Issue.record("a purchase that changes something was not held for \(setting)")
        }
    }

    @Test("a downgrade bought while auto-renew is off schedules it with renewal back on (before: the switch waited on hold)")
    func aDowngradeWithRenewalOffTurnsItOn() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let renewal = try #require(yearly.expiresDate)
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        let outcome = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(outcome == .changeScheduled(productID: Rage.monthly, from: Rage.yearly, effective: renewal, turnedRenewalOn: true))
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: renewal, willSwitch: true))
    }

    @Test("buying the current plan with a switch scheduled keeps it and names the switch dropped (before: 'Auto-renew is on again')")
    func buyingTheCurrentPlanDropsTheSwitch() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let outcome = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        guard case let .renewalResumed(record, droppedSwitchTo) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(record.id == yearly.id && droppedSwitchTo == Rage.monthly)
        let chain = try #require(store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.yearly })
        #expect(chain.willAutoRenew && chain.pendingProductID == nil)
        #expect(try planChange(Rage.monthly) == .atRenewal(from: Rage.yearly, effective: try #require(yearly.expiresDate)))
    }

    @Test func aHigherLevelIsAnUpgradeNow() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(try planChange(Rage.yearly) == .upgradeNow(from: Rage.monthly))
        #expect(try planChange(Rage.monthly) == nil)
    }
}
