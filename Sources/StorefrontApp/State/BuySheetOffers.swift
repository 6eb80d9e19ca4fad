import StoreEngine

/// The terms a payment sheet can offer for one product: the regular terms (nil) and the
/// product's promotional offers, which the store gives only to present and past subscribers
/// of the group, as on the App Store.
enum BuySheetOffers {
    static func choices(for productID: String, state: AppState) -> [String?] {
        guard let product = state.catalog.product(id: productID), product.type == .autoRenewable,
              let subscription = product.subscription,
              state.snapshot.subscribedGroups.contains(subscription.group) else { return [nil] }
        return [nil] + subscription.promotionalOffers.map(\.id)
    }
}

extension BuySheetOffers {
    /// The offer chosen on the payment sheet on top of `state`; nil for the regular terms or
    /// when no payment sheet is on top.
    static func chosenOffer(in state: AppState) -> String? {
        guard case let .buySheet(_, offerID) = state.overlays.last else { return nil }
        return offerID
    }

    /// Whether the sheet cannot buy `offerID`: it needs a signature from the app's server,
    /// which the storefront cannot make (the store has a key in use and the setting is on).
    static func needsSignature(_ offerID: String?, state: AppState) -> Bool {
        offerID != nil && state.snapshot.offerSignaturesRequired
    }
}
