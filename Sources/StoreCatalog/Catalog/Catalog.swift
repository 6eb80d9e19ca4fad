import Foundation

/// One app's products, credits and storefronts.
public struct Catalog: Sendable, Equatable {
    public var appName: String
    public var bundleID: String
    /// The language used when neither the locale nor its language has a text.
    public var defaultLanguage: String
    /// Where the catalog sells, in the order written; the first is the fallback storefront.
    public var storefronts: [Storefront]
    public var credits: [CreditDefinition]
    public var subscriptionGroups: [SubscriptionGroup]
    public var products: [Product] {
        didSet { productPositions = Self.positions(of: products) }
    }
    /// Where each product id is in `products` (its first place, should one repeat), so looking
    /// a product up does not search a catalog of thousands.
    private var productPositions: [String: Int]
    /// Where the catalog was read from, for messages.
    public var source: String
    /// The app's numeric Apple ID in App Store Connect, named in app transactions; nil when
    /// the catalog gives none.
    public var appAppleID: Int? = nil
    /// The test settings of an imported Xcode StoreKit configuration; nil for other catalogs.
    public var initialSettings: StoreKitSettings? = nil

    public init(appName: String, bundleID: String, defaultLanguage: String, storefronts: [Storefront],
                credits: [CreditDefinition], subscriptionGroups: [SubscriptionGroup] = [],
                products: [Product], source: String) {
        self.appName = appName
        self.bundleID = bundleID
        self.defaultLanguage = defaultLanguage
        self.storefronts = storefronts
        self.credits = credits
        self.subscriptionGroups = subscriptionGroups
        self.products = products
        self.productPositions = Self.positions(of: products)
        self.source = source
    }

    public func product(id: String) -> Product? { productPositions[id].map { products[$0] } }

    /// The product's place in the catalog's order, if it is in the catalog.
    public func position(ofProduct id: String) -> Int? { productPositions[id] }

    private static func positions(of products: [Product]) -> [String: Int] {
        var positions = [String: Int](minimumCapacity: products.count)
        for (position, product) in products.enumerated() where positions[product.id] == nil {
            positions[product.id] = position
        }
        return positions
    }
    public func credit(id: String) -> CreditDefinition? { credits.first { $0.id == id } }
    public func storefront(code: String) -> Storefront? { storefronts.first { $0.code == code } }
    public func group(id: String) -> SubscriptionGroup? { subscriptionGroups.first { $0.id == id } }

    /// Every language some text of the catalog is written in, the default first.
    public var languages: [String] {
        var seen: Set<String> = [defaultLanguage]
        var ordered = [defaultLanguage]
        for product in products {
            for language in product.localizations.keys.sorted() where seen.insert(language).inserted {
                ordered.append(language)
            }
        }
        return ordered
    }
}

/// A country where the store sells, and its currency.
public struct Storefront: Sendable, Equatable, Codable {
    /// ISO 3166-1 alpha-3, e.g. `USA`.
    public var code: String
    /// ISO 4217, e.g. `USD`.
    public var currency: String

    public init(code: String, currency: String) {
        self.code = code
        self.currency = currency
    }
}

/// Where a credit balance lives.
public enum CreditScope: String, Sendable, Codable {
    /// Follows the account to every device.
    case account
    /// Lives on one device and is lost when the device is reset (a reinstall).
    case device
}

/// A consumable balance such as rage faces or extra lives.
public struct CreditDefinition: Sendable, Equatable {
    public var id: String
    /// Localized name by language tag, e.g. `en: Rage Faces`.
    public var names: [String: String]
    /// The most a buyer may hold; a purchase that would exceed it is refused.
    public var maximum: Int?
    public var scope: CreditScope

    public init(id: String, names: [String: String], maximum: Int?, scope: CreditScope) {
        self.id = id
        self.names = names
        self.maximum = maximum
        self.scope = scope
    }
}

/// A subscription group: subscriptions in it replace each other instead of stacking.
public struct SubscriptionGroup: Sendable, Equatable {
    public var id: String
    public var names: [String: String]

    public init(id: String, names: [String: String]) {
        self.id = id
        self.names = names
    }
}
