import StoreEngine

/// Work `update` asks the runtime to do; its result comes back as an `Action`.
///
/// Effects carry everything they need (buyer, storefront), so the runtime runs them without
/// reading the state, and tests can state exactly what was asked.
public enum Effect: Equatable, Sendable {
    /// Buy a product; `simulate: .cancel` records the buyer cancelling the payment sheet.
    case purchase(productID: String, buyer: Buyer, storefront: String, simulate: PurchaseSimulation?)
    case restore(Buyer)
    case spend(credit: String, buyer: Buyer)
    case refund(transactionID: String)
    case setSetting(StoreSetting, value: String, buyer: Buyer)
    /// Capture the store's state for another buyer or storefront (after switching).
    case loadSnapshot(buyer: Buyer, storefront: String)
    /// Leave the storefront and give the terminal back.
    case quit
}
