import Foundation

/// One auto-renewable subscription of an account over time: the original purchase and every
/// renewal, upgrade and billing problem after it, keyed by the original transaction id.
public struct SubscriptionChain: Sendable, Equatable {
    /// StoreKit 2's subscription states.
    public enum Status: String, Sendable, Codable {
        case subscribed
        case expired
        case inBillingRetryPeriod
        case inGracePeriod
        case revoked
    }

    /// StoreKit 2's expiration reasons.
    public enum ExpirationReason: String, Sendable, Codable {
        case autoRenewDisabled
        case billingError
        case didNotConsentToPriceIncrease
        case productUnavailable
        case unknown
    }

    public var originalID: String
    public var account: String
    public var group: String
    /// The product of the current period.
    public var productID: String
    public var latestTransactionID: String
    public var originalPurchaseDate: Date
    public var periodStart: Date
    public var expiresDate: Date
    public var status: Status
    public var willAutoRenew: Bool
    /// The product the subscription switches to at the next renewal (a downgrade).
    public var pendingProductID: String?
    public var expirationReason: ExpirationReason?
    public var gracePeriodExpiresDate: Date?
    public var billingRetryStartDate: Date?
    /// The offer of the current period, e.g. "introductory:freeTrial".
    public var offer: String?
    /// Introductory periods still to come after the current one (pay as you go).
    public var offerPeriodsLeft: Int
    public var renewalCount: Int

    /// Whether the subscriber may use the subscription now.
    public var isEntitled: Bool { status == .subscribed || status == .inGracePeriod }

    /// Whether the store still treats the account as subscribed (no new purchase allowed).
    public var isOngoing: Bool { status != .expired && status != .revoked }
}
