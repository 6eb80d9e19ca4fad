import Foundation

/// Why a decision says no: the one way every `StoreDecisions` function refuses.
///
/// A refusal appends nothing. `Store` turns it into what its callers have always seen, in one
/// place (`Store.report`): a purchase refusal is the purchase's `refused` outcome, any other is
/// the thrown `StoreError`, whose sentence says what to do next.
public enum StoreRefusal: Error, Sendable, Equatable {
    /// The request names what is not there, or what is not in a state to allow it.
    case request(StoreError)
    /// The store would not start a purchase, or complete a waiting one.
    case purchase(PurchaseRefusal)
}
