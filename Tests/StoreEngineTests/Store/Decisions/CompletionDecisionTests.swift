import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
import StorefrontText

/// Ask to Buy approvals and declines, and interrupted purchases completed, decided on their
/// own: a folded state, a time and a transaction id in; the events and the outcome out.
@Suite("Decisions: waiting purchases settled without a store")
struct CompletionDecisionTests {
    private let fixture: DecisionFixture
    private var decisions: StoreDecisions { fixture.decisions }
    private var now: Date { fixture.now }
    private let first = "2000000000000001"

    init() throws {
        fixture = try DecisionFixture()
    }

    /// The events after `flag` was switched on and `productID` was requested.
    private func waiting(_ productID: String, flag: SettingChange.StoreFlag = .askToBuy) throws(StoreRefusal) -> [StoreEvent] {
        try fixture.bought(productID, after: [fixture.setting(.storeFlag(flag, true))])
    }

    @Test("an approval appends one approve event and the purchase is made")
    func approve() throws {
        let decision = try decisions.complete(first, as: .approve, in: fixture.state(after: try waiting(Rage.drummer)), at: now)
        #expect(decision.events.map(\.kind) == [.approve])
        #expect(decision.events.first?.transactionId == first)
        guard case let .purchased(record) = decision.result else {
            Issue.record("expected purchased, got \(decision.result)")
            return
        }
        #expect(record.id == first && record.state == .purchased)
    }

    @Test("a decline appends one decline event and nothing is charged")
    func decline() throws {
        let decision = try decisions.decline(first, in: fixture.state(after: try waiting(Rage.drummer)), at: now)
        #expect(decision.events.map(\.kind) == [.decline])
        #expect(decision.result.id == first && decision.result.state == .declined)
    }

    @Test("an interrupted purchase is completed by resolve, not by approve")
    func resolve() throws {
        let interrupted = fixture.state(after: try waiting(Rage.drummer, flag: .interruptedPurchases))
        #expect(throws: StoreRefusal.request(.notAwaiting(first, state: .needsAction, expected: .pending))) {
            try decisions.complete(first, as: .approve, in: interrupted, at: now)
        }
        let decision = try decisions.complete(first, as: .resolve, in: interrupted, at: now)
        #expect(decision.events.map(\.kind) == [.resolve])
        #expect(decision.result.isPurchased)
    }

    @Test("an unknown transaction is refused and appends nothing")
    func unknownTransaction() {
        #expect(throws: StoreRefusal.request(.unknownTransaction("2000000000000042"))) {
            try decisions.decline("2000000000000042", in: fixture.state(after: try waiting(Rage.drummer)), at: now)
        }
    }

    @Test("a request for something bought meanwhile is closed without a charge")
    func mootRequest() throws {
        let request = try waiting(Rage.drummer)
        let boughtMeanwhile = try fixture.bought(Rage.drummer, after: request + [fixture.setting(.storeFlag(.askToBuy, false))])
        let decision = try decisions.complete(first, as: .approve, in: fixture.state(after: boughtMeanwhile), at: now)
        #expect(decision.events.map(\.kind) == [.decline])
        #expect(decision.events.first?.reason == StoreDecisions.mootRequestReason)
        guard case let .alreadyOwned(record, _) = decision.result else {
            Issue.record("expected alreadyOwned, got \(decision.result)")
            return
        }
        #expect(record.id == "2000000000000002")
    }

    @Test("a request for a lower plan, approved after subscribing to a higher one, becomes a change at renewal")
    func requestBecomesPlanChange() throws {
        let request = try waiting(Rage.monthly)
        let subscribed = try fixture.bought(Rage.yearly, after: request + [fixture.setting(.storeFlag(.askToBuy, false))])
        let decision = try decisions.complete(first, as: .approve, in: fixture.state(after: subscribed), at: now)
        #expect(decision.events.map(\.kind) == [.pendingChange, .decline])
        #expect(decision.events.last?.reason == StoreDecisions.scheduledRequestReason)
        guard case let .changeScheduled(productID, from, _, _, _) = decision.result else {
            Issue.record("expected changeScheduled, got \(decision.result)")
            return
        }
        #expect(productID == Rage.monthly && from == Rage.yearly)
    }

    @Test("a request for a plan change scheduled meanwhile is closed, and the change is not recorded again (before: a second pendingChange)")
    func requestForAChangeAlreadyScheduled() throws {
        let subscribed = try fixture.bought(Rage.yearly, after: [])
        let request = try fixture.bought(Rage.monthly, after: subscribed + [fixture.setting(.storeFlag(.askToBuy, true))])
        let requestID = try #require(fixture.state(after: request).transactions.values.first { $0.state == .pending }?.id)
        let scheduled = try fixture.bought(Rage.monthly, after: request + [fixture.setting(.storeFlag(.askToBuy, false))])
        #expect(fixture.state(after: scheduled).subscriptions.values.first?.pendingProductID == Rage.monthly)
        let decision = try decisions.complete(requestID, as: .approve, in: fixture.state(after: scheduled), at: now)
        #expect(decision.events.map(\.kind) == [.decline])
        #expect(decision.events.first?.reason == StoreDecisions.alreadyScheduledRequestReason)
        guard case let .changeScheduled(productID, from, _, turnedRenewalOn, alreadyScheduled) = decision.result else {
            Issue.record("expected changeScheduled, got \(decision.result)")
            return
        }
        #expect(productID == Rage.monthly && from == Rage.yearly && !turnedRenewalOn && alreadyScheduled)
        #expect(CommandLineText.Purchases.Approval.of(decision.result) == .closedAsScheduled)
    }
}
