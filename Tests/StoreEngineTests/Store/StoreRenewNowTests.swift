import Foundation
import Testing
@testable import StoreEngine
import StorefrontText

/// "Renew now": the renewal due at the end of the period happens now, so repeating it pays for
/// the periods that follow one another and never for one stretch of time twice.
@Suite struct StoreRenewNowTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    /// The paid periods of the subscription, in ledger order: (start, end, price).
    func paidPeriods(_ productID: String = Rage.yearly) -> [(start: Date, end: Date, price: Decimal)] {
        store.transactions(for: "tester").reversed()
            .filter { $0.productID == productID && $0.state == .purchased && ($0.price ?? 0) > 0 }
            .compactMap { record in record.expiresDate.map { (record.purchaseDate, $0, record.price ?? 0) } }
    }

    func expectNoOverlapOrEmptyPeriod(_ periods: [(start: Date, end: Date, price: Decimal)]) {
        for period in periods { #expect(period.start < period.end, "a paid period cut to nothing") }
        for (earlier, later) in zip(periods, periods.dropFirst()) {
            #expect(earlier.end <= later.start, "paid periods overlap: \(earlier) and \(later)")
        }
    }

    @Test func renewingThreeTimesPaysForThreeConsecutivePeriods() throws {
        let bought = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        for _ in 0..<3 { _ = try store.renew(Rage.yearly, buyer: phone) }
        let periods = paidPeriods()
        #expect(periods.count == 4)
        expectNoOverlapOrEmptyPeriod(periods)
        #expect(periods.first?.start == bought.purchaseDate)
        let chain = try #require(store.subscription(Rage.yearly, for: "tester"))
        #expect(chain.expiresDate == periods.last?.end)
        #expect(chain.renewalCount == 3)
    }

    @Test("An expire before periods paid ahead began takes them out of the count of renewals (before: 'ended by hand · 3 renewals' of a subscription that never renewed)")
    func periodsPaidAheadAndEndedUnbegunAreNoRenewals() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        for _ in 0..<2 { _ = try store.renew(Rage.yearly, buyer: phone) }
        #expect(try #require(store.subscription(Rage.yearly, for: "tester")).renewalCount == 2, "paid for, as renewals")
        fixture.clock.advance(by: 86_400)
        _ = try store.expire(Rage.yearly, buyer: phone)
        #expect(try #require(store.subscription(Rage.yearly, for: "tester")).renewalCount == 0)
        #expect(store.entitlements(for: phone).subscriptions.first?.renewalCount == 0)
    }

    @Test("An upgrade that ends periods paid ahead before they began takes them out of the count of renewals, as an expire does (before: still counted)")
    func periodsPaidAheadAndReplacedUnbegunAreNoRenewals() throws {
        try store.expire(try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction?.id), buyer: phone)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        for _ in 0..<2 { _ = try store.renew(Rage.monthly, buyer: phone) }
        let before = try #require(store.snapshot.subscriptions.values.first { $0.productID == Rage.monthly && $0.isOngoing })
        #expect(before.renewalCount == 2)
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(store.snapshot.subscriptions[before.originalID]?.renewalCount == 0)
    }

    @Test("Naming a subscription by the plan it switched away from says which plan it is on now (before: that the account has no subscription to it)")
    func aPlanSwitchedAwayFromNamesThePlanNow() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(throws: StoreError.subscriptionOnAnotherPlan(Rage.monthly, current: Rage.yearly, account: "tester")) {
            try store.renew(Rage.monthly, buyer: phone)
        }
        #expect(StoreError.subscriptionOnAnotherPlan(Rage.monthly, current: Rage.yearly, account: "tester").description
            .contains("tester has no subscription to \(Rage.monthly); tester's subscription in its group is on \(Rage.yearly) now"))
    }

    @Test("Asking to change a subscription that ended, where the account subscribed again, names the newer one (before: 'buy it again to resubscribe')")
    func anEndedSubscriptionNamesTheNewerOne() throws {
        let first = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.expire(Rage.yearly, buyer: phone)
        let again = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let refusal = StoreError.subscriptionEnded(Rage.yearly, state: .expired, continuedBy: again.id)
        #expect(throws: refusal) { try store.renew(first.id, buyer: phone) }
        #expect(refusal.description.contains("the account subscribed again: name that subscription by its transaction \(again.id)"))
        #expect(!refusal.description.contains("buy it again"))
    }

    @Test("An expire after a renewal began and before the one paid ahead keeps the renewal that began")
    func anExpireKeepsTheRenewalsThatBegan() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        fixture.clock.advance(by: 366 * 86_400)
        _ = try store.refresh()
        _ = try store.renew(Rage.yearly, buyer: phone)
        #expect(try #require(store.subscription(Rage.yearly, for: "tester")).renewalCount == 2)
        _ = try store.expire(Rage.yearly, buyer: phone)
        #expect(try #require(store.subscription(Rage.yearly, for: "tester")).renewalCount == 1)
    }

    @Test("The renewal preview is what renewing then records: its plan, price and period, the plan a switch goes to included")
    func previewIsWhatRenewingRecords() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let preview = try #require(store.renewalPreview(of: Rage.yearly, buyer: phone))
        #expect(preview.productID == Rage.yearly && preview.price == Decimal(string: "19.99") && preview.currency == "USD")
        _ = try store.renew(Rage.yearly, buyer: phone, asShown: preview)
        let renewal = try #require(store.transactions(for: "tester").first)
        #expect(renewal.price == preview.price && renewal.purchaseDate == preview.start && renewal.expiresDate == preview.end)
        // A downgrade on hold: the next renewal is into the monthly plan, at its price.
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let switching = try #require(store.renewalPreview(of: Rage.yearly, buyer: phone))
        #expect(switching.productID == Rage.monthly && switching.price == Decimal(string: "2.99"), "\(switching)")
        #expect(switching.start == preview.end)
    }

    @Test("In billing retry the period paid for starts when it is paid: a renewal confirmed a minute after it was shown goes through (before: always refused as changed)")
    func renewingInBillingRetryAsShownAMomentEarlier() throws {
        try store.set(.billingRetry, to: "true", for: phone)
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        #expect(store.subscription(Rage.yearly, for: "tester")?.status == .inBillingRetryPeriod)
        let preview = try #require(store.renewalPreview(of: Rage.yearly, buyer: phone))
        fixture.clock.advance(by: 60)
        let chain = try store.renew(Rage.yearly, buyer: phone, asShown: preview)
        #expect(chain.status == .subscribed)
        let renewal = try #require(store.transactions(for: "tester").first)
        #expect(renewal.purchaseDate == preview.start.addingTimeInterval(60), "it starts when it was paid")
        // Another plan or price is still refused.
        var otherPrice = preview
        otherPrice.price += 1
        #expect(!RenewalPreview(productID: preview.productID, price: preview.price, currency: preview.currency,
                                start: renewal.purchaseDate, end: try #require(renewal.expiresDate), willAutoRenew: true)
            .isAsShown(otherPrice, decidedAt: renewal.purchaseDate))
    }

    @Test("While auto-renew is off, renewing now pays for the current plan and the switch stays waiting on auto-renew (before: it renewed into the switch's plan)")
    func renewingWhileRenewalIsOffKeepsThePlan() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // a downgrade, at the next renewal
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        let preview = try #require(store.renewalPreview(of: Rage.yearly, buyer: phone))
        #expect(preview.productID == Rage.yearly && preview.price == Decimal(string: "19.99") && !preview.willAutoRenew, "\(preview)")
        let chain = try store.renew(Rage.yearly, buyer: phone, asShown: preview)
        #expect(chain.productID == Rage.yearly && chain.pendingProductID == Rage.monthly && !chain.willAutoRenew, "\(chain)")
        #expect(store.transactions(for: "tester").first?.productID == Rage.yearly)
        // Turned on again, the switch happens at the next renewal, into the monthly plan.
        _ = try store.setAutoRenew(true, of: Rage.yearly, buyer: phone)
        #expect(store.renewalPreview(of: Rage.yearly, buyer: phone)?.productID == Rage.monthly)
        // Read afresh from the log, the store agrees.
        let reopened = try fixture.store()
        #expect(reopened.subscription(Rage.yearly, for: "tester")?.pendingProductID == Rage.monthly)
    }

    @Test("Renewing as shown after the plan changed, or after it renewed elsewhere (the same price, a later period), is refused, and nothing is recorded")
    func renewingAsAStalePreviewIsRefused() throws {
        let bought = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let shown = try #require(store.renewalPreview(of: Rage.yearly, buyer: phone))
        _ = try store.renew(Rage.yearly, buyer: phone) // another shell renews first
        let now = try #require(store.renewalPreview(of: Rage.yearly, buyer: phone))
        #expect(now.price == shown.price && now.start == shown.end, "the same charge, for the year after")
        let before = fixture.log.allEvents.count
        #expect(throws: StoreError.renewalChangedSinceShown(shown: shown, now: now)) {
            try store.renew(bought.id, buyer: phone, asShown: shown)
        }
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // another device schedules a switch
        let switching = try #require(store.renewalPreview(of: Rage.yearly, buyer: phone))
        #expect(throws: StoreError.renewalChangedSinceShown(shown: now, now: switching)) {
            try store.renew(Rage.yearly, buyer: phone, asShown: now)
        }
        #expect(fixture.log.allEvents.count == before + 1, "only the switch was recorded")
        #expect(store.renewalPreview(of: "no.such.plan", buyer: phone) == nil)
    }

    @Test("Turning renewal off or refunding as shown before an upgrade replaced the plan is refused, and nothing is recorded")
    func cancellingOrRefundingAfterAnUpgradeElsewhereIsRefused() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P8D")), buyer: phone)
        let paid = try #require(store.transactions(for: "tester").first)
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA") // the upgrade, elsewhere
        let before = fixture.log.allEvents.count
        #expect(throws: StoreError.subscriptionChangedSinceShown(Rage.monthly, transactionShown: paid.id)) {
            try store.setAutoRenew(false, of: paid.id, buyer: phone, latestShown: paid.id)
        }
        #expect(throws: StoreError.transactionChangedSinceShown(paid.id)) { try store.refund(paid.id, replacedByShown: .some(nil)) }
        #expect(fixture.log.allEvents.count == before)
        let replacement = try #require(store.snapshot.transactions[paid.id]?.replacedBy)
        let shown = try #require(store.snapshot.transactions[paid.id]).refundDependencies(among: store.transactions(for: "tester"))
        #expect(try store.refund(paid.id, replacedByShown: .some(replacement), dependenciesShown: shown).transaction.state == .refunded,
                "as shown, it goes through")
        // The same question confirmed again, in a second storefront: refunded already, said so
        // (before: "changed while the question was open: a period or pass of it was bought or refunded").
        #expect(throws: StoreError.notRefundable(paid.id, state: .refunded)) {
            try store.refund(paid.id, replacedByShown: .some(replacement), dependenciesShown: shown)
        }
    }

    @Test("Expiring as shown at a transaction the subscription has renewed past is refused, and nothing is recorded")
    func expiringAfterARenewalElsewhereIsRefused() throws {
        let bought = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.renew(Rage.yearly, buyer: phone)
        let before = fixture.log.allEvents.count
        #expect(throws: StoreError.subscriptionChangedSinceShown(Rage.yearly, transactionShown: bought.id)) {
            try store.expire(bought.id, buyer: phone, latestShown: bought.id)
        }
        #expect(fixture.log.allEvents.count == before)
        let latest = try #require(store.subscription(Rage.yearly, for: "tester")).latestTransactionID
        #expect(try store.expire(latest, buyer: phone, latestShown: latest).status == .expired)
    }

    @Test("Refunding a period paid ahead that an expire ended gives the money back and leaves the subscription expired, not revoked")
    func refundingAPeriodThatNeverBeganKeepsTheSubscriptionExpired() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let ahead = try store.renew(Rage.yearly, buyer: phone).latestTransactionID
        _ = try store.expire(Rage.yearly, buyer: phone)
        let refunded = try store.refund(ahead)
        #expect(refunded.transaction.state == .refunded)
        let chain = try #require(store.subscription(Rage.yearly, for: "tester"))
        #expect(chain.status == .expired)
        #expect(store.entitlements(for: phone).subscriptions.first?.state == .expired)
    }

    @Test("Refunding the period running when the subscription expired still revokes it, with or without periods paid ahead after it, and in the second it was bought (ledger times are whole seconds)",
          arguments: [(daysBeforeExpiring: 1, renewalsAhead: 0), (1, 2), (0, 0), (0, 1)])
    func refundingTheLastPeriodThatRanRevokes(daysBeforeExpiring: Int, renewalsAhead: Int) throws {
        let bought = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        if daysBeforeExpiring > 0 { try store.advance(by: try #require(StoreDuration("P\(daysBeforeExpiring)D")), buyer: phone) }
        for _ in 0..<renewalsAhead { _ = try store.renew(Rage.yearly, buyer: phone) }
        _ = try store.expire(Rage.yearly, buyer: phone)
        #expect(store.periodsPaidAheadNeverBegun(of: try #require(store.subscription(Rage.yearly, for: "tester"))).count == renewalsAhead)
        _ = try store.refund(bought.id)
        #expect(try #require(store.subscription(Rage.yearly, for: "tester")).status == .revoked)
    }

    @Test("Renewed ahead into the plan a switch goes to: entitlements name the plan running now first, its products read active and switch scheduled, until the period paid ahead begins (before: the new plan was named from the renewal on)")
    func renewedAheadIntoASwitchNamesThePlanRunning() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // a downgrade, at the next renewal
        _ = try store.renew(Rage.yearly, buyer: phone)
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        let item = try #require(store.entitlements(for: phone).subscriptions.first)
        let running = try #require(item.runningPlan)
        #expect(running.productID == Rage.yearly && running.transactionID == yearly.id && running.expiresDate == yearly.expiresDate)
        #expect(item.productID == Rage.monthly, "the store's decisions speak of the plan paid ahead")
        #expect(text.entitlementDetails(of: item) == "Rage Pro (Yearly) until \(text.date(running.expiresDate)), then Rage Pro (Monthly) "
            + "paid ahead until \(text.date(try #require(item.expiresDate))), renews")
        // Neither "renews" nor "not renewing": the plan paid ahead follows it.
        #expect(try store.status(Rage.yearly) == .runningBeforeSwitch(until: running.expiresDate, next: Rage.monthly, paidAhead: true))
        #expect(try store.status(Rage.yearly).name == "active")
        #expect(text.statusText(try store.status(Rage.yearly)) == "Until \(text.date(running.expiresDate)), then Rage Pro (Monthly)")
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: running.expiresDate, willSwitch: true))
        // Once the period paid ahead begins, it is the plan running, as any renewal.
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        let later = try #require(store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.monthly })
        #expect(later.runningPlan == nil)
        #expect(try store.status(Rage.monthly).name == "active")
    }

    @Test("Renewed ahead into a switch, then the period running refunded: the subscription goes on through it, so the plan running is still named first (before: the plan paid ahead, as if it ran now, while expire named the other)")
    func aRefundedPeriodRunningBeforeASwitchIsStillThePlanRunning() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // a downgrade, at the next renewal
        _ = try store.renew(Rage.yearly, buyer: phone)                         // into the monthly plan
        _ = try store.refund(yearly.id)
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        let item = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(item.state == .subscribed, "a period paid ahead after it keeps the subscription")
        let running = try #require(item.runningPlan)
        #expect(running.productID == Rage.yearly && running.transactionID == yearly.id && running.expiresDate == yearly.expiresDate)
        #expect(text.entitlementDetails(of: item) == "Rage Pro (Yearly) until \(text.date(running.expiresDate)), then Rage Pro (Monthly) "
            + "paid ahead until \(text.date(try #require(item.expiresDate))), renews")
        #expect(try store.status(Rage.yearly) == .runningBeforeSwitch(until: running.expiresDate, next: Rage.monthly, paidAhead: true))
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: running.expiresDate, willSwitch: true))
        // Ended now, it ends in that plan, as the plan named while it went on.
        _ = try store.expire(Rage.monthly, buyer: phone)
        #expect(store.entitlements(for: phone).subscriptions.first?.productID == Rage.yearly)
    }

    @Test("Paid ahead in the running plan, then renewed ahead into a switch: the running plan lasts until the switch, its periods paid ahead included (before: until the end of the period running only)")
    func runningPlanLastsThroughItsPeriodsPaidAhead() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let ahead = try store.renew(Rage.yearly, buyer: phone)   // a second year, paid ahead
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // a downgrade, at the renewal after it
        _ = try store.renew(Rage.yearly, buyer: phone)   // into the monthly plan, after the second year
        let item = try #require(store.entitlements(for: phone).subscriptions.first)
        let running = try #require(item.runningPlan)
        #expect(running.productID == Rage.yearly && running.expiresDate == ahead.expiresDate, "\(running) against \(ahead.expiresDate)")
        #expect(try store.status(Rage.monthly) == .changeScheduled(from: Rage.yearly, effective: ahead.expiresDate, willSwitch: true))
        // A year on, the second year runs: still the yearly plan, until the switch.
        try store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        #expect(store.entitlements(for: phone).subscriptions.first?.runningPlan?.expiresDate == ahead.expiresDate)
    }

    @Test("Expired before a period paid ahead began, a subscription ended in the period that ran: its plan, transaction and start, never a start after its end (before: the plan paid ahead, starting a year after the end)")
    func expiredBeforeAPeriodPaidAheadBegan() throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // a downgrade, at the next renewal
        _ = try store.renew(Rage.yearly, buyer: phone) // ahead, into the monthly plan
        let ended = try store.expire(Rage.yearly, buyer: phone)
        #expect(ended.productID == Rage.yearly && ended.latestTransactionID == yearly.id && ended.periodStart == yearly.purchaseDate)
        let item = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(item.productID == Rage.yearly && item.state == .expired && item.transactionID == yearly.id)
        #expect(item.purchaseDate <= (try #require(item.expiresDate)))
        #expect(try store.status(Rage.yearly).name == "expired" && store.status(Rage.monthly).name == "available")
        #expect(store.periodsPaidAheadNeverBegun(of: ended).map(\.productID) == [Rage.monthly], "the month paid ahead stays paid")

        // Renewed ahead in its own plan, the same: the period that ran, not the one paid ahead.
        let other = try StoreFixture()
        let again = try other.store()
        let bought = try #require(try again.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try again.renew(Rage.yearly, buyer: phone)
        let expired = try again.expire(Rage.yearly, buyer: phone)
        #expect(expired.latestTransactionID == bought.id && expired.periodStart <= expired.expiresDate)
        // Its period paid ahead, refunded, leaves it expired: it never began.
        let ahead = try #require(again.periodsPaidAheadNeverBegun(of: expired).first)
        _ = try again.refund(ahead.id)
        #expect(try #require(again.subscription(Rage.yearly, for: "tester")).status == .expired)
    }

    @Test("Revoked by the refund of a period paid ahead, before it began, a subscription ended in the period that ran, as an expired one: its plan, transaction, start and end (before: the plan paid ahead, starting after its access ended)",
          arguments: [false, true])
    func revokedBeforeAPeriodPaidAheadBegan(runningRefundedFirst: Bool) throws {
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // a downgrade, at the next renewal
        let ahead = try store.renew(Rage.yearly, buyer: phone).latestTransactionID // into the monthly plan
        if runningRefundedFirst { _ = try store.refund(yearly.id) }
        _ = try store.refund(ahead)
        let item = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(item.state == .revoked && item.productID == Rage.yearly && item.transactionID == yearly.id, "\(item)")
        #expect(item.purchaseDate == yearly.purchaseDate && item.expiresDate == yearly.expiresDate && item.renewalCount == 0)
        let revoked = try #require(item.revocationDate)
        #expect(item.accessEndDate == revoked && item.purchaseDate <= revoked)
        #expect(try store.status(Rage.yearly).name == "revoked" && store.status(Rage.monthly).name == "available")
        guard !runningRefundedFirst else { return }
        // Refunded later, the period that ran gives its money back and moves nothing: the subscription was revoked then.
        try store.advance(by: try #require(StoreDuration("P1D")), buyer: phone)
        _ = try store.refund(yearly.id)
        let after = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(after.state == .revoked && after.revocationDate == revoked && after.accessEndDate == revoked)
    }

    @Test("Renewed ahead into the plan a switch goes to, the plan still running names the subscription too: cancel-renewal and expire by its product id act on it (before: the account had no subscription to it)")
    func theRunningPlansIdNamesTheSubscription() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.renew(Rage.yearly, buyer: phone) // ahead, into the monthly plan
        let chain = try #require(store.subscription(Rage.yearly, for: "tester"))
        #expect(chain.productID == Rage.monthly && chain.isOngoing)
        #expect(try store.cancelRenewal(Rage.yearly, buyer: phone).originalID == chain.originalID)
        #expect(try store.expire(Rage.yearly, buyer: phone).status == .expired)
        // Once expired, no period of the plan runs: it names no subscription that could change.
        #expect(throws: StoreError.self) { try store.cancelRenewal(Rage.yearly, buyer: phone) }
    }

    @Test("Renewed ahead into a switch, upgraded back in the same second, then renewed: that renewal and the scheduled ones after it are recorded (found by the reference model, seed 547: the fold ignored them as renewals already made, and renew said it charged the upgrade)")
    func renewalsAfterAnUpgradeInTheSameSecondAreRecorded() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.renew(Rage.yearly, buyer: phone) // ahead, into the monthly plan
        let upgrade = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let renewed = try store.renew(Rage.yearly, buyer: phone)
        #expect(renewed.latestTransactionID != upgrade.id, "a new period was charged")
        #expect(renewed.expiresDate > (upgrade.expiresDate ?? .distantFuture))
        try store.advance(by: try #require(StoreDuration("P2Y")), buyer: phone)
        let chain = try #require(store.subscription(Rage.yearly, for: "tester"))
        #expect(chain.status == .subscribed && chain.expiresDate > renewed.expiresDate, "the scheduled renewals go on: \(chain)")
        expectNoOverlapOrEmptyPeriod(paidPeriods().filter { $0.start >= (upgrade.expiresDate ?? .distantFuture) })
    }

    @Test func renewingWithAutoRenewOffDoesNotOverlapTheCurrentPeriod() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P2M")), buyer: phone)
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        _ = try store.renew(Rage.yearly, buyer: phone)
        expectNoOverlapOrEmptyPeriod(paidPeriods())
        #expect(paidPeriods().count == 2)
    }

    @Test func renewingAnExpiredSubscriptionIsRefusedWithWhatToDoInstead() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.expire(Rage.yearly, buyer: phone)
        let before = fixture.log.allEvents.count
        #expect {
            try store.renew(Rage.yearly, buyer: phone)
        } throws: { error in
            "\(error)".contains("buy it again")
        }
        #expect(fixture.log.allEvents.count == before)
        #expect(paidPeriods().count == 1)
    }

    @Test func aRenewalThatFallsDueLaterFollowsTheBroughtForwardOne() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.renew(Rage.yearly, buyer: phone)
        try store.advance(by: try #require(StoreDuration("P3Y")), buyer: phone)
        let periods = paidPeriods()
        expectNoOverlapOrEmptyPeriod(periods)
        #expect(periods.count == 4)
    }

    @Test func anUpgradeAfterRenewingNowEndsEveryPaidPeriodAtTheUpgrade() throws {
        // A free week, then the first paid month (renewed while time moves), then one paid ahead.
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P10D")), buyer: phone)
        _ = try store.renew(Rage.monthly, buyer: phone)
        guard case let .purchased(upgrade) = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA") else {
            Issue.record("the upgrade was not bought"); return
        }
        let unfinished = store.transactions(for: "tester").filter {
            $0.productID == Rage.monthly && $0.state == .purchased && ($0.expiresDate ?? .distantPast) > upgrade.purchaseDate
        }.sorted { $0.purchaseDate < $1.purchaseDate }
        try #require(unfinished.count == 2)
        let (current, ahead) = (unfinished[0], unfinished[1])
        // Neither the current period nor the one paid ahead runs past the upgrade.
        #expect(current.replacedBy == upgrade.id, "the current period runs alongside the upgrade")
        #expect(ahead.replacedBy == upgrade.id, "the period paid ahead runs alongside the upgrade")
        // The refund is the unused part of both: the rest of the current period and the whole one ahead.
        let currentEnd = try #require(current.expiresDate)
        let unused = currentEnd.timeIntervalSince(upgrade.purchaseDate) / currentEnd.timeIntervalSince(current.purchaseDate)
        let expected = CurrencyRounding.round(try #require(current.price) * Decimal(unused) + (try #require(ahead.price)),
                                              currency: current.currency ?? "USD")
        #expect(upgrade.proratedRefund == expected)
    }
}
