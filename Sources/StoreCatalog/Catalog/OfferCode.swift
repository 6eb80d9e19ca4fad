import Foundation

/// A subscription offer that a buyer redeems by entering a code (an App Store "offer code").
public struct OfferCode: Sendable, Equatable {
    /// Which buyers may redeem an offer code, by their history in the subscription group.
    public enum Eligibility: String, Sendable, Codable, CaseIterable, Comparable {
        /// Never subscribed to the group.
        case new
        /// Subscribed to the group now.
        case existing
        /// Subscribed to the group before, but not now.
        case expired

        public static func < (lhs: Eligibility, rhs: Eligibility) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// The code a buyer enters (the offer's reference name).
    public var id: String
    /// Who may redeem it, in the order new, existing, expired.
    public var eligibility: [Eligibility]
    /// Whether it may be redeemed on top of an introductory offer.
    public var isStackable: Bool
    public var paymentMode: OfferPaymentMode
    public var period: SubscriptionPeriod
    public var periodCount: Int
    /// The offer price per storefront; empty for a free offer.
    public var prices: [String: Decimal]

    public init(id: String, eligibility: [Eligibility], isStackable: Bool, paymentMode: OfferPaymentMode,
                period: SubscriptionPeriod, periodCount: Int = 1, prices: [String: Decimal] = [:]) {
        self.id = id
        self.eligibility = Array(Set(eligibility)).sorted()
        self.isStackable = isStackable
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.prices = prices
    }
}
