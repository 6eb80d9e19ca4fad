import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// Changes to a running subscription decided on their own: a folded state, a time and a
/// subscription reference in; the events and the subscription as they leave it out.
@Suite("Decisions: subscription changes decided without a store")
struct SubscriptionChangeDecisionTests {
    private let fixture: DecisionFixture
    private var decisions: StoreDecisions { fixture.decisions }
    private var now: Date { fixture.now }

    init() throws {
        fixture = try DecisionFixture()
    }

    private func change(_ change: StoreDecisions.SubscriptionChange, of reference: String = Rage.monthly,
                        after events: [StoreEvent], at time: Date? = nil)
        throws(StoreRefusal) -> StoreDecisions.Decision<SubscriptionChain> {
        try decisions.change(change, of: reference, buyer: phone, in: fixture.state(after: events), at: time ?? now)
    }

    @Test("auto-renew goes off and back on, by product id or transaction id")
    func autoRenewOffAndOn() throws {
        let subscribed = try fixture.bought(Rage.monthly)
        let off = try change(.cancelRenewal, after: subscribed)
        #expect(off.events.map(\.kind) == [.cancelRenewal] && off.events.first?.value == StoreEvent.autoRenewOff)
        #expect(!off.result.willAutoRenew && off.result.status == .subscribed)
        let on = try change(.resumeRenewal, of: "2000000000000001", after: subscribed + off.events)
        #expect(on.events.first?.value == StoreEvent.autoRenewOn && on.result.willAutoRenew)
    }

    @Test("a second cancel, or a resume of a renewal that is on, records nothing (before: a row that said nothing new)")
    func sameAutoRenewRecordsNothing() throws {
        let subscribed = try fixture.bought(Rage.monthly)
        let resumed = try change(.resumeRenewal, after: subscribed)
        #expect(resumed.events.isEmpty && resumed.result.willAutoRenew)
        let off = try change(.cancelRenewal, after: subscribed)
        let again = try change(.cancelRenewal, after: subscribed + off.events)
        #expect(again.events.isEmpty && !again.result.willAutoRenew && again.result.status == .subscribed)
    }

    @Test("an expired subscription ends now and cannot be changed any more")
    func expireThenRefused() throws {
        let subscribed = try fixture.bought(Rage.monthly)
        let ended = try change(.expire, after: subscribed)
        #expect(ended.events.map(\.kind) == [.expire] && ended.result.status == .expired)
        #expect(throws: StoreRefusal.request(.subscriptionEnded(Rage.monthly, state: .expired))) {
            try change(.cancelRenewal, after: subscribed + ended.events)
        }
    }

    @Test("renewing now twice pays for the next two periods, each once")
    func renewNowTwice() throws {
        let subscribed = try fixture.bought(Rage.monthly)
        let firstExpiry = try #require(fixture.state(after: subscribed).subscriptions["2000000000000001"]?.expiresDate)
        let once = try change(.renewNow, after: subscribed)
        #expect(once.events.map(\.kind) == [.renew] && once.events.first?.transactionId == "2000000000000002")
        #expect(once.result.expiresDate > firstExpiry)
        let twice = try change(.renewNow, after: subscribed + once.events)
        #expect(twice.result.expiresDate > once.result.expiresDate)
        #expect(twice.events.first?.renewalKey != once.events.first?.renewalKey)
    }

    @Test("billing is resolved only while it has a problem")
    func resolveBilling() throws {
        let subscribed = try fixture.bought(Rage.monthly, after: [fixture.setting(.storeFlag(.billingRetry, true))])
        #expect(throws: StoreRefusal.request(.subscriptionNotInBillingRetry(Rage.monthly, state: .subscribed))) {
            try change(.resolveBilling, after: subscribed)
        }
        let later = now.addingTimeInterval(40 * 86_400)
        let failed = SubscriptionSchedule(catalog: fixture.catalog).dueEvents(in: fixture.state(after: subscribed), at: later)
        #expect(fixture.state(after: subscribed + failed).subscriptions["2000000000000001"]?.status == .inBillingRetryPeriod)
        let resolved = try change(.resolveBilling, after: subscribed + failed, at: later)
        #expect(resolved.events.map(\.kind) == [.renew] && resolved.result.status == .subscribed)
    }

    @Test("a free subscription has nothing to renew but can be unsubscribed")
    func freeSubscription() throws {
        let subscribed = try fixture.bought(Rage.newsletter)
        #expect(throws: StoreRefusal.request(.freeSubscriptionNotRenewing(Rage.newsletter))) {
            try change(.renewNow, of: Rage.newsletter, after: subscribed)
        }
        let record = try #require(fixture.state(after: subscribed).transactions["2000000000000001"])
        let ended = try decisions.unsubscribe(record, buyer: phone, in: fixture.state(after: subscribed), at: now)
        #expect(ended.events.map(\.kind) == [.expire] && ended.events.first?.transactionId == record.id && ended.result)
        // Once ended, unsubscribing again records nothing and says it changed nothing (before: refused as unknown).
        let again = try decisions.unsubscribe(record, buyer: phone, in: fixture.state(after: subscribed + ended.events), at: now)
        #expect(again.events.isEmpty && !again.result)
        let stranger = Buyer(account: "someone-else", device: "phone")
        #expect(throws: StoreRefusal.request(.unknownSubscription(Rage.newsletter, account: "someone-else"))) {
            try decisions.unsubscribe(record, buyer: stranger, in: fixture.state(after: subscribed), at: now)
        }
    }

    @Test("an ended free subscription is refused as ended, not as unknown, by its id or product (before: \"has no subscription\")")
    func endedFreeSubscriptionIsEnded() throws {
        let subscribed = try fixture.bought(Rage.newsletter)
        let record = try #require(fixture.state(after: subscribed).transactions["2000000000000001"])
        let ended = subscribed + (try decisions.unsubscribe(record, buyer: phone, in: fixture.state(after: subscribed), at: now).events)
        for reference in [record.id, Rage.newsletter] {
            #expect(throws: StoreRefusal.request(.subscriptionEnded(Rage.newsletter, state: .expired))) {
                try change(.resumeRenewal, of: reference, after: ended)
            }
        }
    }

    @Test("the plan a scheduled change switches to names the subscription (before: \"has no subscription\")")
    func pendingPlanNamesTheSubscription() throws {
        let yearly = try fixture.bought(Rage.yearly)
        let downgrade = try fixture.bought(Rage.monthly, after: yearly)
        #expect(fixture.state(after: downgrade).subscriptions.values.first?.pendingProductID == Rage.monthly, "a change scheduled")
        let off = try change(.cancelRenewal, of: Rage.monthly, after: downgrade)
        #expect(off.events.map(\.kind) == [.cancelRenewal] && off.result.productID == Rage.yearly && !off.result.willAutoRenew)
    }

    @Test("a reference to no subscription of the account is refused, naming the plan its subscription in that group is on")
    func unknownReference() {
        #expect(throws: StoreRefusal.request(.subscriptionOnAnotherPlan(Rage.yearly, current: Rage.monthly, account: phone.account))) {
            try change(.cancelRenewal, of: Rage.yearly, after: try fixture.bought(Rage.monthly))
        }
        #expect(throws: StoreRefusal.request(.unknownSubscription(Rage.yearly, account: phone.account))) {
            try change(.cancelRenewal, of: Rage.yearly, after: try fixture.bought(Rage.drummer))
        }
    }
}
