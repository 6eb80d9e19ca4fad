import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontText

/// What the store says about a subscription with a billing problem or a scheduled change:
/// only dates that are still to come, the end of a grace period, and no change after an end.
@Suite struct StoreBillingProblemWordsTests {
    let fixture: StoreFixture
    let store: Store
    let text: StoreText

    init() throws { (fixture, store, text) = try storeWithWords() }

    func yearly() -> Entitlements.Subscription? {
        store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.yearly }
    }

    /// Yearly, then its renewal fails (with or without grace).
    func yearlyInBillingTrouble(grace: Bool) throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        try store.set(.billingRetry, to: "true", for: phone)
        if grace { try store.set(.gracePeriod, to: "true", for: phone) }
        _ = try store.advance(by: try StoreDuration.parse("P1Y"), buyer: phone)
    }

    @Test func aChangeBoughtInBillingRetryNamesNoPastRenewalDate() throws {
        try yearlyInBillingTrouble(grace: false)
        let failedOn = try #require(yearly()?.expiresDate)
        let outcome = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        guard case let .changeScheduled(_, _, effective, _, _) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(effective == nil)
        let message = text.message(for: outcome, product: store.catalog.product(id: Rage.monthly))
        #expect(!message.contains(text.date(failedOn)))
        #expect(message.contains("once billing is resolved"))
    }

    @Test func entitlementsShowTheGraceEndAndTheScheduledChange() throws {
        try yearlyInBillingTrouble(grace: true)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let item = try #require(yearly())
        #expect(item.state == .inGracePeriod)
        let line = text.entitlementDetails(of: item)
        #expect(line.contains("access until \(text.date(try #require(item.gracePeriodExpiresDate))) (grace period)"))
        #expect(line.contains("switches to Rage Pro (Monthly) once billing is resolved"))
        _ = try store.advance(by: try StoreDuration.parse("P17D"), buyer: phone)
        let retry = text.entitlementDetails(of: try #require(yearly()))
        #expect(retry.contains("no access until billing is resolved") && retry.contains("switches to Rage Pro (Monthly)"))
    }

    @Test("A subscription that ended in its grace period says its access lasted to the grace period's end, or to the expire or refund that cut it short (before: \"until\" the failed renewal's date)")
    func accessThatEndedInAGracePeriod() throws {
        try yearlyInBillingTrouble(grace: true)
        let failedOn = try #require(yearly()?.expiresDate)
        let graceEnd = try #require(yearly()?.gracePeriodExpiresDate)
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        _ = try store.advance(by: try StoreDuration.parse("P1M"), buyer: phone)
        let ended = try #require(yearly())
        #expect(ended.state == .expired && ended.expiresDate == failedOn && ended.accessEndDate == graceEnd)
        #expect(text.entitlementDetails(of: ended)
                == "Rage Pro (Yearly), renewal failed \(text.date(failedOn)), access until \(text.date(graceEnd)) (grace period)")
        #expect(store.status(of: try #require(store.catalog.product(id: Rage.yearly)), in: store.entitlements(for: phone),
                             storefront: "USA") == .expired(on: graceEnd))
        // Another process folding the ledger says the same.
        #expect(try fixture.store().entitlements(for: phone).subscriptions.first { $0.productID == Rage.yearly }?.accessEndDate == graceEnd)
    }

    @Test func anExpireOrRefundInAGracePeriodEndsAccessThen() throws {
        try yearlyInBillingTrouble(grace: true)
        let failedOn = try #require(yearly()?.expiresDate)
        let graceEnd = try #require(yearly()?.gracePeriodExpiresDate)
        let expiredAt = try store.advance(by: try StoreDuration.parse("P3D"), buyer: phone)
        let chain = try store.expire(Rage.yearly, buyer: phone)
        // What `expire` and the storefront's alert say (before: only "expired.").
        #expect(text.describe(chain) == "Rage Pro (Yearly): expired in its grace period, which stopped \(text.date(expiredAt)) "
            + "instead of running until \(text.date(graceEnd)); nothing was charged for it, and billing is not tried again.")
        let expired = try #require(yearly())
        #expect(expired.state == .expired && expired.expiresDate == failedOn && expired.accessEndDate == expiredAt)
        #expect(text.entitlementDetails(of: expired).hasSuffix("access until \(text.date(expiredAt)) (grace period)"))

        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.advance(by: try StoreDuration.parse("P1Y"), buyer: phone)
        let refundedAt = try store.advance(by: try StoreDuration.parse("P2D"), buyer: phone)
        #expect(try #require(yearly()).state == .inGracePeriod)
        _ = try store.refund(try #require(yearly()).transactionID)
        let revoked = try #require(yearly())
        #expect(revoked.state == .revoked && revoked.accessEndDate == refundedAt)
        #expect(text.entitlementDetails(of: revoked) == "Rage Pro (Yearly), access ended \(text.date(refundedAt)) (refunded then)")
    }

    @Test func accessLapsedInBillingRetryEndsAtTheFailedRenewalOrTheGraceEnd() throws {
        try yearlyInBillingTrouble(grace: false)
        let failedOn = try #require(yearly()?.expiresDate)
        _ = try store.advance(by: try StoreDuration.parse("P2M"), buyer: phone)
        let retried = try #require(yearly())
        #expect(retried.state == .expired && retried.accessEndDate == failedOn)
        #expect(text.entitlementDetails(of: retried) == "Rage Pro (Yearly), until \(text.date(failedOn))")
    }

    @Test func expiringDropsTheScheduledChange() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let chain = try store.expire(Rage.yearly, buyer: phone)
        #expect(chain.pendingProductID == nil)
        #expect(!text.describe(chain).contains("Switches"))
        // Another process folding the same ledger agrees.
        #expect(try fixture.store().entitlements(for: phone).subscriptions.first?.pendingProductID == nil)
    }

    @Test("what keeping the current plan and a switch that turns renewal on are called")
    func keepingAPlanAndRenewalTurnedOnAreSaid() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let kept = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let keptWords = text.message(for: kept, product: store.catalog.product(id: Rage.yearly))
        #expect(keptWords.hasPrefix("You stay on ") && keptWords.contains("the switch to ") && keptWords.contains("is cancelled"),
                "\(keptWords)")
        #expect(!keptWords.contains("Auto-renew is on again"), "\(keptWords)")
        _ = try store.cancelRenewal(Rage.yearly, buyer: phone)
        let switched = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let switchedWords = text.message(for: switched, product: store.catalog.product(id: Rage.monthly))
        #expect(switchedWords.hasPrefix("Auto-renew is on again: ") && switchedWords.contains("at its next renewal"), "\(switchedWords)")
        // Bought again, the switch already scheduled is said to be (before: said as if scheduled now).
        let again = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let againWords = text.message(for: again, product: store.catalog.product(id: Rage.monthly))
        #expect(againWords.hasPrefix("Already scheduled, nothing changed: "), "\(againWords)")
    }
}

extension StoreBillingProblemWordsTests {
    @Test("how a subscription stands is said in words, not StoreKit's state names, and a scheduled switch says when it comes (before: 'inGracePeriod', and 'renews' for a plan that switches)")
    func standingIsSaidInWords() throws {
        try yearlyInBillingTrouble(grace: true)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let grace = try store.resumeRenewal(Rage.yearly, buyer: phone)
        #expect(text.describe(grace).hasPrefix("Rage Pro (Yearly): in its grace period, renewal failed on billing"), "\(text.describe(grace))")
        #expect(text.describe(grace).hasSuffix("Switches to Rage Pro (Monthly) once billing is resolved."), "\(text.describe(grace))")
        #expect(!text.describe(grace).contains("inGracePeriod"))

        let other = try StoreFixture().store()
        _ = try other.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try other.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let switching = try other.resumeRenewal(Rage.yearly, buyer: phone)
        let expires = try #require(other.entitlements(for: phone).subscriptions.first?.expiresDate)
        #expect(text.describe(switching) == "Rage Pro (Yearly): subscribed until \(text.date(expires)), then switches to Rage Pro (Monthly).",
                "\(text.describe(switching))")
    }
}
