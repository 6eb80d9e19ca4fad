import Foundation
import Testing
@testable import StoreEngine
import StorefrontText

/// What a restore brings onto another device, and what it leaves behind.
@Suite struct StoreRestoreRulesTests {
    @Test func aPassThatHasEndedIsNotRestored() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let pass = try #require(try store.purchase(Rage.season, buyer: phone, storefront: "USA").transaction)
        #expect(try store.restore(tablet).restored.map(\.id) == [pass.id])
        _ = try store.advance(by: try #require(StoreDuration("P4M")), buyer: phone)
        let laptop = Buyer(account: phone.account, device: "laptop")
        #expect(try store.restore(laptop).restored.isEmpty)
        #expect(store.entitlements(for: laptop).nonRenewing.first?.delivered == false)
    }

    /// How the renewal after an upgrade comes about in `aDeviceThatUpgradedKeepsTheRenewals`.
    enum RenewedBy: CaseIterable { case timePassing, renewNowElsewhere, billingResolvedElsewhere }

    @Test("A device that upgraded a subscription bought on another device keeps it through its renewals, however they are recorded (before: restore to unlock at the first renewal, while the device that had only the old plan kept it)",
          arguments: RenewedBy.allCases)
    func aDeviceThatUpgradedKeepsTheRenewals(renewedBy: RenewedBy) throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        _ = try store.purchase(Rage.monthly, buyer: tablet, storefront: "USA")
        let upgrade = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        switch renewedBy {
        case .timePassing:
            try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        case .renewNowElsewhere:
            _ = try store.renew(Rage.yearly, buyer: tablet)
            try store.advance(by: try #require(StoreDuration("P1Y")), buyer: tablet)
        case .billingResolvedElsewhere:
            try store.set(.billingRetry, to: "true", for: phone)
            try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
            try store.set(.billingRetry, to: "false", for: phone)
            _ = try store.resolveBilling(Rage.yearly, buyer: tablet)
        }
        let onPhone = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(onPhone.transactionID != upgrade.id && onPhone.state == .subscribed, "\(onPhone)")
        #expect(onPhone.delivered, "the phone bought the plan it renews")
        #expect(try store.status(of: #require(store.catalog.product(id: Rage.yearly)), in: store.entitlements(for: phone), storefront: "USA").name == "active")
        #expect(store.entitlements(for: tablet).subscriptions.first?.delivered == true, "the tablet, which bought the first plan, keeps it too")
        #expect(store.entitlements(for: Buyer(account: phone.account, device: "laptop")).subscriptions.first?.delivered == false)
    }

    @Test("A subscription restored in billing retry is said to give no access until billing is resolved (before: restored, as if it unlocked)")
    func aSubscriptionRestoredInBillingRetrySaysItGivesNoAccess() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        try store.set(.billingRetry, to: "true", for: phone)
        let pass = try #require(try store.purchase(Rage.season, buyer: phone, storefront: "USA").transaction)
        let trial = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        try store.advance(by: try #require(StoreDuration("8d")), buyer: phone)
        let result = try store.restore(tablet)
        let subscription = try #require(result.restored.first { $0.productID == Rage.monthly })
        #expect(subscription.originalID == trial.id && result.withoutAccess == [subscription.id])
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        let said = text.message(for: result)
        #expect(said.contains("Rage Pro (Monthly) (in billing retry: no access until billing is resolved)"), "\(said)")
        #expect(result.restored.contains { $0.id == pass.id } && said.components(separatedBy: "(in billing retry").count == 2,
                "said of the subscription only, not of the pass: \(said)")
    }

    @Test("Buying again, on a device that does not hold it, a plan whose renewal is off turns it back on and brings it there (before: still restore to unlock)")
    func resumingOnAnotherDeviceBringsItThere() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        _ = try store.purchase(Rage.monthly, buyer: tablet, storefront: "USA")
        _ = try store.cancelRenewal(Rage.monthly, buyer: tablet)
        #expect(store.entitlements(for: phone).subscriptions.first?.delivered == false)
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").name == "renewalResumed")
        let onPhone = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(onPhone.delivered && onPhone.willAutoRenew, "\(onPhone)")
        #expect(store.entitlements(for: Buyer(account: phone.account, device: "laptop")).subscriptions.first?.delivered == false)
        // A switch on hold, turned back on from a device that does not hold it, brings it there too;
        // one already scheduled and renewing changes nothing, and brings nothing.
        _ = try store.purchase(Rage.monthly, buyer: tablet, storefront: "USA")
        _ = try store.cancelRenewal(Rage.monthly, buyer: tablet)
        let laptop = Buyer(account: phone.account, device: "laptop")
        let onHold = try store.purchase(Rage.yearly, buyer: tablet, storefront: "USA")
        #expect(onHold.name == "purchased", "an upgrade: \(onHold)")
        _ = try store.purchase(Rage.monthly, buyer: tablet, storefront: "USA")
        _ = try store.cancelRenewal(Rage.yearly, buyer: tablet)
        #expect(store.entitlements(for: laptop).subscriptions.first?.delivered == false)
        #expect(try store.purchase(Rage.monthly, buyer: laptop, storefront: "USA").name == "changeScheduled")
        #expect(store.entitlements(for: laptop).subscriptions.first?.delivered == true, "turned back on here, it is here")
        let desk = Buyer(account: phone.account, device: "desk")
        #expect(try store.purchase(Rage.monthly, buyer: desk, storefront: "USA").name == "changeScheduled")
        #expect(store.entitlements(for: desk).subscriptions.first?.delivered == false, "already scheduled: nothing recorded")
    }

    @Test("A device that only scheduled a switch to a lower plan has the subscription, before the switch and after it (before: only a restore put it there, which nothing said)")
    func aDeviceThatScheduledASwitchHasTheSubscription() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        _ = try store.purchase(Rage.yearly, buyer: tablet, storefront: "USA")
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").name == "changeScheduled")
        #expect(store.entitlements(for: phone).subscriptions.first?.delivered == true, "scheduled here: it is here")
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        let onPhone = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(onPhone.productID == Rage.monthly && onPhone.state == .subscribed && onPhone.delivered, "\(onPhone)")
        #expect(store.entitlements(for: tablet).subscriptions.first?.delivered == true)
        #expect(store.entitlements(for: Buyer(account: phone.account, device: "laptop")).subscriptions.first?.delivered == false)
    }
}
