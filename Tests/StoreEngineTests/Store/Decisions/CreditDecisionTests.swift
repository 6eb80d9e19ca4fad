import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// Spending and refunds decided on their own: a folded state, a time and a request in; the
/// events to append and the result (or the typed refusal) out. No store, no log.
@Suite("Decisions: spends and refunds decided without a store")
struct CreditDecisionTests {
    private let fixture: DecisionFixture
    private var decisions: StoreDecisions { fixture.decisions }

    init() throws {
        fixture = try DecisionFixture()
    }

    private func spend(_ amount: Int, of credit: String = "rage-faces", after events: [StoreEvent])
        throws(StoreRefusal) -> StoreDecisions.Decision<SpendOutcome> {
        let request = StoreDecisions.SpendRequest(credit: credit, amount: amount, buyer: phone, spendID: "spend-1")
        return try decisions.spend(request, in: fixture.state(after: events), at: fixture.now)
    }

    @Test("a spend within the balance appends one spend event and tells the balance after it")
    func spendWithinBalance() throws {
        let decision = try spend(3, after: try fixture.bought(Rage.face))
        #expect(decision.result == .spent(balance: 2))
        let event = try #require(decision.events.first)
        #expect(decision.events.count == 1)
        #expect(event.kind == .spend && event.credit == "rage-faces" && event.amount == 3)
        #expect(event.spendId == "spend-1" && event.time == fixture.now)
    }

    @Test("a spend over the balance appends nothing and tells what was there")
    func spendOverBalance() throws {
        let decision = try spend(6, after: try fixture.bought(Rage.face))
        #expect(decision.events.isEmpty)
        #expect(decision.result == .insufficient(balance: 5, requested: 6))
    }

    @Test("an unknown credit and an amount under 1 are refused by the catalog alone")
    func catalogRefusals() {
        #expect(throws: StoreRefusal.request(.unknownCredit("gems", known: ["rage-faces", "extra-lives"]))) {
            try spend(1, of: "gems", after: [])
        }
        #expect(throws: StoreRefusal.request(.invalidAmount(0))) { try spend(0, after: []) }
        let request = StoreDecisions.SpendRequest(credit: "rage-faces", amount: -2, buyer: phone)
        #expect(decisions.spendRefusal(for: request) == .request(.invalidAmount(-2)))
    }

    @Test("refunding a consumable takes back what is left and records the shortfall")
    func refundWithShortfall() throws {
        let bought = try fixture.bought(Rage.face)
        let spent = try spend(4, after: bought).events
        let decision = try decisions.refund("2000000000000001", in: fixture.state(after: bought + spent), at: fixture.now)
        let event = try #require(decision.events.first)
        #expect(event.kind == .refund && event.transactionId == "2000000000000001")
        #expect(event.credit == "rage-faces" && event.amount == 1 && event.shortfall == 4)
        #expect(decision.result.revoked == 1 && decision.result.shortfall == 4)
        #expect(decision.result.transaction.state == .refunded && decision.result.transaction.revocationDate == fixture.now)
    }

    @Test("refusing a refund appends nothing and says why", arguments: [
        ("2000000000000099", StoreError.unknownTransaction("2000000000000099")),
        ("2000000000000001", StoreError.notRefundable("2000000000000001", state: .refunded)),
    ])
    func refundRefusals(transactionID: String, refusal: StoreError) throws {
        let bought = try fixture.bought(Rage.drummer)
        let refunded = try decisions.refund("2000000000000001", in: fixture.state(after: bought), at: fixture.now).events
        #expect(throws: StoreRefusal.request(refusal)) {
            try decisions.refund(transactionID, in: fixture.state(after: bought + refunded), at: fixture.now)
        }
    }

    @Test("a free subscription has nothing to refund")
    func freeSubscriptionRefund() throws {
        let subscribed = try fixture.bought(Rage.newsletter)
        #expect(throws: StoreRefusal.request(.freeSubscriptionNotRefundable("2000000000000001", productID: Rage.newsletter))) {
            try decisions.refund("2000000000000001", in: fixture.state(after: subscribed), at: fixture.now)
        }
        // Ended, it is not advised to be unsubscribed from again.
        let record = try #require(fixture.state(after: subscribed).transactions["2000000000000001"])
        let ended = subscribed + (try decisions.unsubscribe(record, buyer: phone, in: fixture.state(after: subscribed), at: fixture.now).events)
        #expect(throws: StoreRefusal.request(.freeSubscriptionNotRefundable("2000000000000001", productID: Rage.newsletter, inForce: false))) {
            try decisions.refund("2000000000000001", in: fixture.state(after: ended), at: fixture.now)
        }
    }
}
