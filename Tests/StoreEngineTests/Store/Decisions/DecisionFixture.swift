import Foundation
@testable import StoreEngine
@testable import StoreCatalog

/// The Rage catalog's decisions, a fixed store time, and states folded from events alone, as a
/// store of that catalog would fold them: everything a decision needs, without a store or a log.
struct DecisionFixture {
    let catalog: Catalog
    let decisions: StoreDecisions
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    init() throws {
        catalog = try CatalogLoader.loadBundled("Rage")
        decisions = StoreDecisions(catalog: catalog)
    }

    /// The state after `events`, numbered from 1 in order.
    func state(after events: [StoreEvent] = []) -> LedgerState {
        var scopes: [String: CreditScope] = [:]
        for credit in catalog.credits { scopes[credit.id] = credit.scope }
        var state = LedgerState(app: catalog.bundleID, creditScopes: scopes)
        for (index, event) in events.enumerated() { state.apply(event, sequence: index + 1) }
        return state
    }

    /// The event recording `change` for `buyer`.
    func setting(_ change: SettingChange, buyer: Buyer = phone) -> StoreEvent {
        var event = decisions.event(.setting, for: buyer, at: now)
        event.record(change)
        return event
    }

    /// A purchase request in the USA storefront.
    func request(_ productID: String, quantity: Int = 1, buyer: Buyer = phone) -> StoreDecisions.PurchaseRequest {
        StoreDecisions.PurchaseRequest(productID: productID, quantity: quantity, buyer: buyer, storefront: "USA")
    }

    /// The events of a purchase decided at `time` (default `now`) on `state`.
    func bought(_ productID: String, quantity: Int = 1, buyer: Buyer = phone, after earlier: [StoreEvent] = [],
                at time: Date? = nil) throws(StoreRefusal) -> [StoreEvent] {
        try earlier + decisions.purchase(request(productID, quantity: quantity, buyer: buyer),
                                     in: state(after: earlier), at: time ?? now).events
    }
}
