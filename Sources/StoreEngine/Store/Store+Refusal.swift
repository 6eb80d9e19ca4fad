import Foundation

/// How a decision's refusal reaches the store's callers, decided in one place.
extension Store {
    /// What callers are told of `refusal`: a purchase refusal is the outcome `refused`; any
    /// other refusal is thrown as its `StoreError`.
    static func report(_ refusal: StoreRefusal) throws(StoreError) -> PurchaseOutcome {
        switch refusal {
        case let .request(error): throw error
        case let .purchase(refused): return .refused(refused)
        }
    }

    /// Commits a decision that answers with a purchase outcome (a purchase, an approval).
    func commitPurchase(
        _ decide: (LedgerState, Date) throws(StoreRefusal) -> StoreDecisions.Decision<PurchaseOutcome>
    ) throws -> PurchaseOutcome {
        do {
            return try commit { state, now in try decide(state, now) }
        } catch let refusal as StoreRefusal {
            return try Self.report(refusal)
        }
    }

    /// Commits a decision that answers with anything else; these refuse only requests, so a
    /// purchase refusal from one would be a store bug, thrown as it is rather than hidden.
    func commitRequest<Result>(
        _ decide: (LedgerState, Date) throws(StoreRefusal) -> StoreDecisions.Decision<Result>
    ) throws -> Result {
        do {
            return try commit { state, now in try decide(state, now) }
        } catch let refusal as StoreRefusal {
            _ = try Self.report(refusal)
            throw refusal
        }
    }
}
