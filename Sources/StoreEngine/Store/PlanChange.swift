import Foundation
import StoreCatalog

/// What buying an auto-renewable product would do to the subscription the account already
/// has in the product's group: switch at once, switch at the next renewal, or nothing new
/// because that switch is already scheduled.
public enum PlanChange: Sendable, Equatable {
    /// A higher level: buying switches now and refunds the unused part of `from` pro rata.
    case upgradeNow(from: String)
    /// A lower level or another period: buying switches from `from` at its next renewal.
    case atRenewal(from: String, effective: Date)
    /// The switch from `from` to this product is already scheduled for `effective`; it happens
    /// only when `from` renews then (`willSwitch` is false while its auto-renew is off).
    case scheduled(from: String, effective: Date, willSwitch: Bool)

    /// The plan change buying `product` means, given the account's entitlements; nil when
    /// the account has no other ongoing subscription in the product's group.
    public static func of(_ product: Product, in entitlements: Entitlements, catalog: Catalog) -> PlanChange? {
        guard product.type == .autoRenewable, let group = product.subscription?.group,
              let current = entitlements.subscriptions.last(where: { $0.group == group && $0.isOngoing }),
              current.productID != product.id else { return nil }
        let effective = current.expiresDate ?? current.purchaseDate
        if current.pendingProductID == product.id { return .scheduled(from: current.productID, effective: effective, willSwitch: current.willAutoRenew) }
        guard let currentProduct = catalog.product(id: current.productID) else { return nil }
        return isUpgrade(from: currentProduct, to: product) ? .upgradeNow(from: current.productID)
                                                           : .atRenewal(from: current.productID, effective: effective)
    }

    /// Whether a plan that replaced `replacedProductID` at once was a crossgrade (a plan of the
    /// same level, which switches at once only with the same period) rather than an upgrade,
    /// as `catalog` ranks them; false when the catalog lacks either plan.
    public static func isCrossgrade(from replacedProductID: String, to replacementProductID: String, in catalog: Catalog) -> Bool {
        guard let replaced = catalog.product(id: replacedProductID)?.subscription,
              let replacement = catalog.product(id: replacementProductID)?.subscription else { return false }
        return replaced.level == replacement.level
    }

    /// Whether switching from `current` to `next` (one group) happens at once: a higher level
    /// (a lower number), or the same level and period; anything else waits for the renewal.
    static func isUpgrade(from current: Product, to next: Product) -> Bool {
        guard let nextInfo = next.subscription else { return false }
        let currentLevel = current.subscription?.level ?? Int.max
        return nextInfo.level < currentLevel || (nextInfo.level == currentLevel && nextInfo.period == current.subscription?.period)
    }
}
