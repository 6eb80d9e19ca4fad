import Foundation
import StoreEngine

/// Work `update` asks the runtime to do; its result comes back as an `Action`.
///
/// Effects carry everything they need (buyer, storefront), so the runtime runs them without
/// reading the state, and tests can state exactly what was asked.
public enum Effect: Equatable, Sendable {
    /// Buy a product; `simulate: .cancel` records the buyer cancelling the payment sheet;
    /// `offerID` buys it with a promotional offer, as `storefront buy --offer` does.
    /// `shownCharge`: what the payment sheet said is due now, which the store charges or refuses.
    /// `changesNothing`: no sheet was shown, so the store must change nothing (see
    /// `Store.PurchaseOptions.changesNothingShown`). `shownStartingNow`: for a subscription
    /// plan, whether the sheet said it starts now or changes what renews (see
    /// `Store.PurchaseOptions.shownStartingNow`). `shownRenewalDate`: the renewal a change
    /// at the renewal was shown taking effect at (see `Store.PurchaseOptions.shownRenewalDate`).
    /// `shownUpgradeFrom`: for a plan shown starting now, the plan the sheet said it replaces,
    /// nil for a new subscription (see `Store.PurchaseOptions.shownUpgradeFrom`).
    /// `shownNothingRefunded`: an upgrade's sheet said nothing of the plan replaced comes back
    /// (see `Store.PurchaseOptions.shownNothingRefunded`).
    case purchase(productID: String, buyer: Buyer, storefront: String, simulate: PurchaseSimulation?, offerID: String? = nil,
                  shownCharge: Decimal? = nil, changesNothing: Bool = false, shownStartingNow: Bool? = nil,
                  shownRenewalDate: Date? = nil, shownUpgradeFrom: String? = nil, shownNothingRefunded: Bool = false)
    case restore(Buyer)
    case spend(credit: String, buyer: Buyer)
    /// Approve, decline, complete or refund a transaction, or change a subscription, from the
    /// transactions screen; `buyer` is whose view shows the result (the transaction may have
    /// been bought on another device of the account).
    /// `switchShown`: for an expire, the switch its question said it cancels (`.some(nil)`: it
    /// named none), refused when another is scheduled now; nil where nothing was shown.
    case settle(TransactionAction, transactionID: String, buyer: Buyer, switchShown: String?? = nil)
    /// Renew a subscription now, refused unless it is the renewal the question showed (`shown`;
    /// nil when it could show none).
    /// `fixingBilling`: asked as fixing a billing problem, refused once none is left.
    case renewNow(transactionID: String, buyer: Buyer, shown: RenewalPreview?, fixingBilling: Bool = false)
    /// Refund a transaction, refused when an upgrade has replaced it since the question showed
    /// it replaced by `replacedByShown` (nil: by nothing).
    /// `dependenciesShown`: the transactions its consequences depend on, as the question saw them.
    case refund(transactionID: String, buyer: Buyer, replacedByShown: String?, dependenciesShown: [String: TransactionState]? = nil)
    case setSetting(StoreSetting, value: String, buyer: Buyer)
    case setTimeRate(TimeRate, buyer: Buyer)
    /// Make an operation fail with an error (until cleared), or clear it with nil.
    case injectFailure(StoreOperation, InjectedFailure?, buyer: Buyer)
    /// Capture the store's state for another buyer or storefront (after switching).
    case loadSnapshot(buyer: Buyer, storefront: String)
    /// Leave the storefront and give the terminal back.
    case quit
    /// Drop the change under way if it has not begun (it still waits for the entitlements
    /// file's lock): answered at once by the runtime with `changeDropped`, not by the store.
    case dropChangeUnderWay
}

extension Effect {
    /// Whether the effect asks the store for a change (which may wait for its writer lock).
    public var changesTheStore: Bool {
        switch self {
        case .purchase, .restore, .spend, .settle, .renewNow, .refund, .setSetting, .setTimeRate, .injectFailure: true
        case .loadSnapshot, .quit, .dropChangeUnderWay: false
        }
    }
}
