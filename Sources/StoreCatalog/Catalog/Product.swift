import Foundation

/// One product of a catalog, with its texts in every language and a price per storefront.
public struct Product: Sendable, Equatable {
    public var id: String
    public var type: ProductType
    public var referenceName: String
    /// Localized title and description by language tag (`en`, `de`, `de_CH`).
    public var localizations: [String: LocalizedText]
    /// Exact price by storefront code; a storefront missing here does not sell the product.
    public var prices: [String: Decimal]
    /// What one purchase of a consumable adds to a credit; nil for a consumable that grants nothing.
    public var grant: CreditGrant?
    public var subscription: SubscriptionInfo?
    /// How long a non-renewing subscription lasts.
    public var duration: SubscriptionPeriod?
    public var familyShareable: Bool

    public init(id: String, type: ProductType, referenceName: String,
                localizations: [String: LocalizedText], prices: [String: Decimal],
                grant: CreditGrant? = nil, subscription: SubscriptionInfo? = nil,
                duration: SubscriptionPeriod? = nil, familyShareable: Bool = false) {
        self.id = id
        self.type = type
        self.referenceName = referenceName
        self.localizations = localizations
        self.prices = prices
        self.grant = grant
        self.subscription = subscription
        self.duration = duration
        self.familyShareable = familyShareable
    }

    /// The price in `storefront`, or nil when the product is not sold there.
    public func price(in storefront: String) -> Decimal? { prices[storefront] }
}

/// A product's title and description in one language.
public struct LocalizedText: Sendable, Equatable, Codable {
    public var title: String
    public var description: String

    public init(title: String, description: String) {
        self.title = title
        self.description = description
    }
}

/// The credit and amount that one purchase of a consumable adds.
public struct CreditGrant: Sendable, Equatable, Codable {
    public var credit: String
    public var amount: Int

    public init(credit: String, amount: Int) {
        self.credit = credit
        self.amount = amount
    }
}
