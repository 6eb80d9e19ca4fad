import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StorefrontTesting

/// The purchase decision on its own: a catalog, a folded state, a time and a request in; the
/// events to append and the outcome out. No store, no log.
@Suite("Decisions: purchases decided without a store")
struct PurchaseDecisionTests {
    private let fixture: DecisionFixture
    private var decisions: StoreDecisions { fixture.decisions }
    private var now: Date { fixture.now }

    init() throws {
        fixture = try DecisionFixture()
    }

    private func state(after events: [StoreEvent] = []) -> LedgerState { fixture.state(after: events) }

    private func request(_ productID: String, quantity: Int = 1, buyer: Buyer = phone) -> StoreDecisions.PurchaseRequest {
        fixture.request(productID, quantity: quantity, buyer: buyer)
    }

    private func setting(_ change: SettingChange) -> StoreEvent { fixture.setting(change) }

    @Test("a first purchase appends one purchase event with the first transaction id and says purchased")
    func firstPurchase() throws {
        let decision = try decisions.purchase(request(Rage.drummer), in: state(), at: now)
        let event = try #require(decision.events.first)
        #expect(decision.events.count == 1)
        #expect(event.kind == .purchase && event.productId == Rage.drummer && event.time == now)
        #expect(event.transactionId == "2000000000000001" && event.price == "0.99" && event.currency == "USD")
        guard case let .purchased(record) = decision.result else {
            Issue.record("expected purchased, got \(decision.result)")
            return
        }
        #expect(record.id == "2000000000000001" && record.state == .purchased)
    }

    @Test("a non-consumable already owned appends nothing")
    func alreadyOwned() throws {
        let bought = try decisions.purchase(request(Rage.drummer), in: state(), at: now).events
        let again = try decisions.purchase(request(Rage.drummer, buyer: tablet), in: state(after: bought), at: now)
        #expect(again.events.isEmpty)
        guard case let .alreadyOwned(record, deliveredHere) = again.result else {
            Issue.record("expected alreadyOwned, got \(again.result)")
            return
        }
        #expect(record.id == "2000000000000001" && !deliveredHere)
    }

    @Test("with Ask to Buy on, the purchase is recorded as waiting for approval")
    func askToBuy() throws {
        let folded = state(after: [setting(.storeFlag(.askToBuy, true))])
        let decision = try decisions.purchase(request(Rage.drummer), in: folded, at: now)
        #expect(decision.events.map(\.awaiting) == [.approval])
        guard case .pending = decision.result else {
            Issue.record("expected pending, got \(decision.result)")
            return
        }
    }

    @Test("refusals are thrown, so they append nothing", arguments: [
        ("com.example.rage.unknown", 1, PurchaseRefusal.unknownProduct("com.example.rage.unknown")),
        (Rage.drummer, 2, .invalidQuantity(2, productType: .nonConsumable)),
        (Rage.face, 11, .invalidQuantity(11, productType: .consumable)),
    ])
    func catalogRefusals(productID: String, quantity: Int, refusal: PurchaseRefusal) {
        #expect(throws: StoreRefusal.purchase(refusal)) {
            try decisions.purchase(request(productID, quantity: quantity), in: state(), at: now)
        }
        #expect(decisions.purchaseRefusal(for: request(productID, quantity: quantity)) == .purchase(refusal))
    }

    @Test("a device without purchases allowed, and a balance at its maximum, are refused from the state")
    func stateRefusals() {
        let restricted = state(after: [setting(.purchasesAllowed(false))])
        #expect(throws: StoreRefusal.purchase(.purchasesDisallowed(device: phone.device))) {
            try decisions.purchase(request(Rage.drummer), in: restricted, at: now)
        }
        var full = decisions.event(.purchase, for: phone, at: now)
        full.transactionId = "2000000000000009"
        full.productId = Rage.face
        full.productType = .consumable
        full.credit = "rage-faces"
        full.amount = 50
        #expect(throws: StoreRefusal.purchase(.overMaximum(credit: "rage-faces", maximum: 50, balance: 50, adding: 5))) {
            try decisions.purchase(request(Rage.face), in: state(after: [full]), at: now)
        }
    }
}
