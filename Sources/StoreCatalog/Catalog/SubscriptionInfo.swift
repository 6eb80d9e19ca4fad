import Foundation

/// The subscription terms of an auto-renewable product.
public struct SubscriptionInfo: Sendable, Equatable {
    /// The subscription group id; an account holds at most one subscription per group.
    public var group: String
    public var period: SubscriptionPeriod
    /// Rank inside the group: 1 is the highest level (as in App Store Connect).
    public var level: Int
    public var introOffer: IntroOffer?
    public var promotionalOffers: [PromotionalOffer]
    /// Offers redeemed with a code, each for some kinds of buyer.
    public var offerCodes: [OfferCode] = []
    /// Offers for buyers whose subscription in the group has lapsed.
    public var winBackOffers: [PromotionalOffer] = []
    /// Ways to pay for a commitment (billed up front or monthly); empty for a plain subscription.
    public var billingPlans: [BillingPlan] = []

    public init(group: String, period: SubscriptionPeriod, level: Int,
                introOffer: IntroOffer? = nil, promotionalOffers: [PromotionalOffer] = []) {
        self.group = group
        self.period = period
        self.level = level
        self.introOffer = introOffer
        self.promotionalOffers = promotionalOffers
    }
}

/// How an offer is paid.
public enum OfferPaymentMode: String, Sendable, Codable, CaseIterable {
    case freeTrial
    case payAsYouGo
    case payUpFront
}

/// An introductory offer: once per subscription group per account.
public struct IntroOffer: Sendable, Equatable {
    public var paymentMode: OfferPaymentMode
    /// The length of one offer period.
    public var period: SubscriptionPeriod
    /// How many periods the offer lasts (pay as you go); 1 otherwise.
    public var periodCount: Int
    /// The offer price per storefront; empty for a free trial.
    public var prices: [String: Decimal]

    public init(paymentMode: OfferPaymentMode, period: SubscriptionPeriod, periodCount: Int = 1,
                prices: [String: Decimal] = [:]) {
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.prices = prices
    }
}

/// A promotional offer that a buyer may purchase by its id.
public struct PromotionalOffer: Sendable, Equatable {
    public var id: String
    public var paymentMode: OfferPaymentMode
    public var period: SubscriptionPeriod
    public var periodCount: Int
    public var prices: [String: Decimal]

    public init(id: String, paymentMode: OfferPaymentMode, period: SubscriptionPeriod,
                periodCount: Int = 1, prices: [String: Decimal] = [:]) {
        self.id = id
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.prices = prices
    }
}
