import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// Subscriptions over store time: renewals, trials, billing problems, upgrades and downgrades.
@Suite struct StoreSubscriptionLifecycleTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    func charges(_ productID: String? = nil) -> [Decimal] {
        store.transactions(for: "tester").reversed()
            .filter { $0.state == .purchased || $0.state == .refunded }
            .filter { productID == nil || $0.productID == productID }
            .compactMap(\.price).filter { $0 > 0 }
    }

    func subscription(_ productID: String = Rage.monthly) -> Entitlements.Subscription? {
        store.entitlements(for: phone).subscriptions.first { $0.productID == productID }
    }

    @Test func trialTurnsIntoPaidMonthsAndRenewsUntilCancelled() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(charges().isEmpty)
        try store.advance(by: try #require(StoreDuration("P1W")), buyer: phone)
        #expect(charges() == [Decimal(string: "2.99")])
        #expect(subscription()?.offer == nil)
        try store.advance(by: try #require(StoreDuration("P1M")), buyer: phone)
        #expect(charges().count == 2)
        _ = try store.cancelRenewal(Rage.monthly, buyer: phone)
        #expect(subscription()?.willAutoRenew == false)
        #expect(subscription()?.state == .subscribed)
        try store.advance(by: try #require(StoreDuration("P1M")), buyer: phone)
        #expect(charges().count == 2)
        #expect(subscription()?.state == .expired)
        #expect(subscription()?.expirationReason == .autoRenewDisabled)
    }

    @Test func severalPeriodsFallDueInOneAdvanceAndAreRecordedOnce() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "GBR")
        try store.advance(by: try #require(StoreDuration("P3Y")), buyer: phone)
        #expect(charges() == Array(repeating: Decimal(string: "19.99")!, count: 4))
        #expect(subscription(Rage.yearly)?.renewalCount == 3)
        let other = try fixture.store()
        try other.catchUp()
        try store.catchUp()
        #expect(fixture.log.allEvents.filter { $0.kind == .renew }.count == 3)
        #expect(Set(fixture.log.allEvents.compactMap(\.renewalKey)).count == 3)
    }

    @Test func renewalsDueInRealTimeAreRecordedByWhicheverProcessCommitsFirst() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let other = try fixture.store()
        fixture.clock.advance(by: 366 * 86_400)
        #expect(try other.catchUp())
        #expect(try store.catchUp() == false)
        try store.refresh()
        #expect(fixture.log.allEvents.filter { $0.kind == .renew }.count == 1)
        #expect(subscription(Rage.yearly)?.renewalCount == 1)
    }

    @Test func timeRateMakesAMonthPassInThirtySecondsOfRealTime() throws {
        try store.setTimeRate(.monthEvery30Seconds, buyer: phone)
        let before = store.now()
        fixture.clock.advance(by: 30)
        #expect(abs(store.now().timeIntervalSince(before) - 30 * 86_400) < 1)
        let other = try fixture.store()
        #expect(abs(other.now().timeIntervalSince(store.now())) < 1)
    }

    @Test func billingRetryEndsAccessAndExpiresAfterSixtyDays() throws {
        try store.set(.billingRetry, to: "true", for: phone)
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        #expect(subscription(Rage.yearly)?.state == .inBillingRetryPeriod)
        #expect(subscription(Rage.yearly)?.isEntitled == false)
        try store.advance(by: try #require(StoreDuration("P61D")), buyer: phone)
        #expect(subscription(Rage.yearly)?.state == .expired)
        #expect(subscription(Rage.yearly)?.expirationReason == .billingError)
    }

    @Test func gracePeriodKeepsAccessThenFallsIntoRetryAndCanBeResolved() throws {
        try store.set(.billingRetry, to: "true", for: phone)
        try store.set(.gracePeriod, to: "true", for: phone)
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        let graced = try #require(subscription(Rage.yearly))
        #expect(graced.state == .inGracePeriod)
        #expect(graced.isEntitled)
        #expect(graced.gracePeriodExpiresDate == graced.expiresDate.map { $0 + 16 * 86_400 })
        try store.advance(by: try #require(StoreDuration("P17D")), buyer: phone)
        #expect(subscription(Rage.yearly)?.state == .inBillingRetryPeriod)
        try store.set(.billingRetry, to: "false", for: phone)
        let resolved = try store.resolveBilling(Rage.yearly, buyer: phone)
        #expect(resolved.status == .subscribed)
        #expect(subscription(Rage.yearly)?.isEntitled == true)
        #expect(charges(Rage.yearly).count == 2)
        #expect(throws: StoreError.self) { try store.resolveBilling(Rage.yearly, buyer: phone) }
    }

    @Test("A grace period cut short by an expire or a refund ended then: gracePeriodExpiresDate says so, as accessEndDate does (before: the end it would have had, days later, which a server checking it took for access)",
          arguments: [false, true])
    func aGracePeriodCutShortEndsThen(byRefund: Bool) throws {
        try store.set(.billingRetry, to: "true", for: phone)
        try store.set(.gracePeriod, to: "true", for: phone)
        let bought = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        try store.advance(by: try #require(StoreDuration("P5D")), buyer: phone)
        let graced = try #require(subscription(Rage.yearly))
        #expect(graced.state == .inGracePeriod && graced.gracePeriodExpiresDate.map { $0 > store.now() } == true)
        if byRefund { _ = try store.refund(bought.id) } else { _ = try store.expire(Rage.yearly, buyer: phone) }
        let ended = try #require(subscription(Rage.yearly))
        #expect(ended.state == (byRefund ? .revoked : .expired) && !ended.isEntitled)
        #expect(ended.gracePeriodExpiresDate == store.now() && ended.accessEndDate == store.now(), "\(ended)")
    }

    @Test func weeklyPeriodsGetSixDaysOfGrace() {
        #expect(SubscriptionSchedule.gracePeriodDays(for: SubscriptionPeriod(value: 1, unit: .week)) == 6)
        #expect(SubscriptionSchedule.gracePeriodDays(for: SubscriptionPeriod(value: 1, unit: .month)) == 16)
    }

    @Test func upgradeTakesEffectAtOnceWithAProRataRefund() throws {
        try store.expire(try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction?.id), buyer: phone)
        let monthly = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        fixture.clock.advance(by: 15 * 86_400)
        let outcome = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let yearly = try #require(outcome.transaction)
        #expect(yearly.originalID == monthly.id)
        #expect(yearly.replaces == monthly.id)
        let refund = try #require(yearly.proratedRefund)
        #expect(refund > Decimal(string: "1.30")! && refund < Decimal(string: "1.60")!)
        #expect(subscription(Rage.yearly)?.state == .subscribed)
        #expect(subscription(Rage.monthly)?.originalTransactionID != monthly.id)
    }

    @Test("Expiring an upgraded subscription leaves what its upgrade refunded of the replaced periods: refunding one later gives back only the rest (before: the expire cut their ends, and a refund paid their price again)")
    func expireAfterAnUpgradeKeepsItsProRataRefund() throws {
        // The free trial used up first, so the plan upgraded is paid.
        try store.expire(try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction?.id), buyer: phone)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        fixture.clock.advance(by: 7 * 86_400)
        _ = try store.renew(Rage.monthly, buyer: phone)
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let upgradeRefund = try #require(yearly.proratedRefund)
        let replaced = store.snapshot.transactions.values.filter { $0.replacedBy == yearly.id }.sorted { $0.sequence < $1.sequence }.map(\.id)
        #expect(replaced.count == 2, "the period running and the one paid ahead")
        let before = try replaced.map { store.snapshot.refundMoney(of: try #require(store.snapshot.transactions[$0])) }
        #expect(before.compactMap(\.cameBackAtUpgrade).reduce(0, +) == upgradeRefund)
        let endsBefore = replaced.map { store.snapshot.transactions[$0]?.expiresDate }
        _ = try store.expire(Rage.yearly, buyer: phone)
        let after = try replaced.map { store.snapshot.refundMoney(of: try #require(store.snapshot.transactions[$0])) }
        #expect(after.map(\.moneyBack) == before.map(\.moneyBack) && after.map(\.cameBackAtUpgrade) == before.map(\.cameBackAtUpgrade),
                "\(before) then \(after)")
        #expect(replaced.map { store.snapshot.transactions[$0]?.expiresDate } == endsBefore)
        #expect(after.last?.moneyBack == 0, "the period paid ahead came back whole at the upgrade")
        // The upgrade's own period ends at the expire, as an early end does.
        #expect(store.snapshot.transactions[yearly.id]?.expiresDate == fixture.clock.now())
    }

    @Test("An upgrade request completed after the plan it would upgrade ended starts a new subscription: no pro-rata refund, nothing replaced (before: the request's planned refund, and the ended plan refundable in full besides)",
          arguments: [StoreSetting.askToBuy, .interruptedPurchases])
    func aCompletedUpgradeRequestAfterThePlanEnded(setting: StoreSetting) throws {
        try store.expire(try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction?.id), buyer: phone)
        let monthly = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        fixture.clock.advance(by: 7 * 86_400)
        try store.set(setting, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        #expect(request.proratedRefund != nil && request.replaces == monthly.id, "the request plans an upgrade")
        try store.set(setting, to: "false", for: phone)
        _ = try store.expire(Rage.monthly, buyer: phone)
        let outcome = setting == .askToBuy ? try store.approve(request.id) : try store.resolve(request.id)
        let completed = try #require(outcome.transaction)
        #expect(completed.state == .purchased && completed.proratedRefund == nil && completed.replaces == nil, "\(completed)")
        #expect(store.snapshot.transactions[monthly.id]?.replacedBy == nil)
        #expect(store.snapshot.refundMoney(of: try #require(store.snapshot.transactions[monthly.id])).moneyBack == monthly.price)
        #expect(subscription(Rage.yearly)?.state == .subscribed)
    }

    @Test("A refund that revokes a subscription drops the switch it had scheduled (before: entitlements kept pendingProductID on a revoked subscription)")
    func aRevokedSubscriptionKeepsNoSwitch() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        try store.set(.billingRetry, to: "true", for: phone)
        try store.set(.gracePeriod, to: "true", for: phone)
        fixture.clock.advance(by: 366 * 86_400)
        _ = try store.refresh()
        guard case .changeScheduled = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") else { Issue.record("no switch"); return }
        #expect(subscription(Rage.yearly)?.pendingProductID == Rage.monthly)
        _ = try store.refund(yearly.id)
        let revoked = try #require(subscription(Rage.yearly))
        #expect(revoked.state == .revoked && revoked.pendingProductID == nil, "\(revoked)")
    }

    @Test("An upgrade's pro-rata refund in yen is whole yen, with a period paid ahead too (before: 827.42 on Linux)")
    func proRataRefundInYenIsWholeYen() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "JPN")
        fixture.clock.advance(by: 7 * 86_400)
        _ = try store.renew(Rage.monthly, buyer: phone)
        fixture.clock.advance(by: 5 * 86_400 + 3_333)
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "JPN").transaction)
        let refund = try #require(yearly.proratedRefund)
        var whole = Decimal()
        var value = refund
        NSDecimalRound(&whole, &value, 0, .plain)
        #expect(refund == whole && refund > 0, "\(refund)")
        let ended = store.snapshot.transactions.values.filter { $0.replacedBy == yearly.id }
        #expect(ended.compactMap { $0.refundedAtUpgrade(by: yearly) }.reduce(0, +) == refund, "each part is whole yen too, and they add up")
    }

    @Test func downgradeWaitsForTheNextRenewal() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let outcome = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        guard case let .changeScheduled(productID, from, effective, _, _) = outcome else {
            Issue.record("expected a scheduled change, got \(outcome)"); return
        }
        #expect(productID == Rage.monthly && from == Rage.yearly && effective == yearly.expiresDate)
        #expect(subscription(Rage.yearly)?.pendingProductID == Rage.monthly)
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        #expect(subscription(Rage.monthly)?.state == .subscribed)
        #expect(charges(Rage.monthly) == [Decimal(string: "2.99")])
    }

    @Test func forcedRenewalAndExpiry() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let renewed = try store.renew(Rage.yearly, buyer: phone)
        #expect(renewed.renewalCount == 1)
        let expired = try store.expire(Rage.yearly, buyer: phone)
        #expect(expired.status == .expired)
        #expect(throws: StoreError.self) { try store.cancelRenewal(Rage.yearly, buyer: phone) }
        #expect(throws: StoreError.unknownSubscription("nope", account: "tester")) { try store.expire("nope", buyer: phone) }
    }

    @Test func durationsParse() throws {
        let start = try #require(ISO8601DateFormatter().date(from: "2026-01-31T00:00:00Z"))
        let text = { (duration: String) in StoreDuration(duration).map { ISO8601DateFormatter().string(from: $0.added(to: start)) } }
        #expect(text("P1M") == "2026-02-28T00:00:00Z")
        #expect(text("3d") == "2026-02-03T00:00:00Z")
        #expect(text("2h") == "2026-01-31T02:00:00Z")
        #expect(text("PT1H30M") == "2026-01-31T01:30:00Z")
        #expect(text("P1DT12H") == "2026-02-01T12:00:00Z")
        for bad in ["", "P", "PT", "1x", "-3d", "+3d", " 3d", "+P1D", "P1H", "PT1D", "P1MT"] { #expect(StoreDuration(bad) == nil, "\(bad)") }
    }
}
