import Foundation

/// One way to pay for a subscription with a commitment, such as a year billed up front or a
/// year paid month by month.
public struct BillingPlan: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The whole commitment is charged at the start of each period.
        case billedUpfront
        /// The commitment is charged in monthly instalments.
        case monthly
    }

    public var kind: Kind
    /// What each charge costs, per storefront: the whole period for `billedUpfront`, one month
    /// for `monthly`.
    public var prices: [String: Decimal]
    /// What the whole commitment costs, per storefront.
    public var commitmentPrices: [String: Decimal]
    public var isEnabled: Bool
    /// An introductory offer that applies only to this plan.
    public var introOffer: IntroOffer?

    public init(kind: Kind, prices: [String: Decimal], commitmentPrices: [String: Decimal] = [:],
                isEnabled: Bool = true, introOffer: IntroOffer? = nil) {
        self.kind = kind
        self.prices = prices
        self.commitmentPrices = commitmentPrices
        self.isEnabled = isEnabled
        self.introOffer = introOffer
    }
}
