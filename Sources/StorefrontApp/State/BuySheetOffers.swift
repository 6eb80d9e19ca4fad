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
