import Foundation
import StoreEngine
import StoreCatalog

/// Builds catalogs of any size with every product type, four languages and five storefronts.
///
/// The products cycle through the types in a fixed pattern, so a catalog of ten already holds
/// each type and larger ones keep the same mix; texts are distinct per product so nothing is
/// shared by accident, and Japanese titles exercise wide glyphs.
enum CatalogGenerator {
    static let bundleID = "com.example.bench"
    static let languages = ["en", "de", "fr", "ja"]
    static let storefronts = [
        Storefront(code: "USA", currency: "USD"), Storefront(code: "DEU", currency: "EUR"),
        Storefront(code: "FRA", currency: "EUR"), Storefront(code: "JPN", currency: "JPY"),
        Storefront(code: "GBR", currency: "GBP"),
    ]
    /// The locale a buyer in each storefront uses, for formatting prices.
    static let locales = ["USA": "en_US", "DEU": "de_DE", "FRA": "fr_FR", "JPN": "ja_JP", "GBR": "en_GB"]
    static let coins = "coins"
    static let lives = "lives"
    static let groupCount = 20

    /// Product types by position, repeating every ten products.
    private static let pattern: [ProductType] = [
        .consumable, .consumable, .nonConsumable, .autoRenewable, .consumable,
        .nonConsumable, .autoRenewable, .nonRenewing, .freeSubscription, .nonConsumable,
    ]

    /// Price tiers in US dollars; the other storefronts follow from them.
    private static let tiers = ["0.99", "1.99", "2.99", "4.99", "9.99", "14.99", "19.99", "49.99"]

    static func catalog(productCount: Int) -> Catalog {
        let groups = (0..<min(groupCount, max(1, productCount / 5))).map { group in
            SubscriptionGroup(id: "group-\(group)", names: names("Plan", "Abo", "Formule", "プラン", index: group))
        }
        let products = (0..<productCount).map { product(index: $0, groupCount: groups.count) }
        return Catalog(
            appName: "Bench Shop", bundleID: bundleID, defaultLanguage: "en", storefronts: storefronts,
            credits: [
                CreditDefinition(id: coins, names: ["en": "Coins", "de": "Münzen", "fr": "Pièces", "ja": "コイン"],
                                 maximum: nil, scope: .account),
                CreditDefinition(id: lives, names: ["en": "Lives", "de": "Leben", "fr": "Vies", "ja": "ライフ"],
                                 maximum: nil, scope: .device),
            ],
            subscriptionGroups: groups, products: products, source: "generated")
    }

    /// The id of the product at `index`.
    static func productID(_ index: Int) -> String { "\(bundleID).item\(index)" }

    /// The type of the product at `index`.
    static func type(at index: Int) -> ProductType { pattern[index % pattern.count] }

    private static func product(index: Int, groupCount: Int) -> Product {
        let type = type(at: index)
        let tier = tiers[index % tiers.count]
        var product = Product(
            id: productID(index), type: type, referenceName: "Item \(index)",
            localizations: localizations(index: index, type: type),
            prices: type == .freeSubscription ? freePrices() : prices(usd: tier))
        switch type {
        case .consumable:
            product.grant = CreditGrant(credit: index % 3 == 0 ? lives : coins, amount: 1 + index % 5)
        case .nonRenewing:
            product.duration = SubscriptionPeriod(value: 3, unit: .month)
        case .autoRenewable:
            let period = index % 4 == 0 ? SubscriptionPeriod(value: 1, unit: .year) : SubscriptionPeriod(value: 1, unit: .month)
            var info = SubscriptionInfo(group: "group-\((index / 10) % groupCount)", period: period, level: 1 + index % 3)
            if index % 20 == 3 {
                info.introOffer = IntroOffer(paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week))
            }
            product.subscription = info
        case .nonConsumable, .freeSubscription:
            break
        }
        return product
    }

    private static func localizations(index: Int, type: ProductType) -> [String: LocalizedText] {
        let (en, de, fr, ja): (String, String, String, String) = switch type {
        case .consumable: ("Coin Pack", "Münzpaket", "Pack de pièces", "コインパック")
        case .nonConsumable: ("Comic Volume", "Comicband", "Album de BD", "コミック")
        case .autoRenewable: ("Premium Plan", "Premium-Abo", "Formule Premium", "プレミアムプラン")
        case .nonRenewing: ("Season Pass", "Saisonpass", "Passe saison", "シーズンパス")
        case .freeSubscription: ("Newsletter", "Newsletter", "Lettre d'info", "ニュースレター")
        }
        return [
            "en": LocalizedText(title: "\(en) \(index)", description: "Item \(index) of the bench catalog: \(en.lowercased()) for testing."),
            "de": LocalizedText(title: "\(de) \(index)", description: "Artikel \(index) des Testkatalogs: \(de) zum Ausprobieren."),
            "fr": LocalizedText(title: "\(fr) \(index)", description: "Article \(index) du catalogue d'essai : \(fr.lowercased())."),
            "ja": LocalizedText(title: "\(ja) \(index)", description: "テスト用カタログの商品\(index)：\(ja)。"),
        ]
    }

    private static func names(_ en: String, _ de: String, _ fr: String, _ ja: String, index: Int) -> [String: String] {
        ["en": "\(en) \(index)", "de": "\(de) \(index)", "fr": "\(fr) \(index)", "ja": "\(ja)\(index)"]
    }

    /// Prices in every storefront for a US price tier, exact decimals from text.
    private static func prices(usd: String) -> [String: Decimal] {
        guard let dollars = ExactDecimal.parse(usd) else { return [:] }
        var table: [String: Decimal] = ["USA": dollars, "GBR": dollars]
        table["DEU"] = ExactDecimal.parse(euroText(usd)) ?? dollars
        table["FRA"] = table["DEU"]
        // Yen has no minor unit: a whole number of yen.
        let yen = (NSDecimalNumber(decimal: dollars).doubleValue * 160).rounded()
        table["JPN"] = ExactDecimal.parse(String(Int(yen))) ?? dollars
        return table
    }

    /// The euro tier for a dollar tier: ten cents more, as App Store tiers roughly are.
    private static func euroText(_ usd: String) -> String {
        guard let value = ExactDecimal.parse(usd) else { return usd }
        return ExactDecimal.string(value + (ExactDecimal.parse("0.10") ?? 0))
    }

    private static func freePrices() -> [String: Decimal] {
        Dictionary(uniqueKeysWithValues: storefronts.map { ($0.code, Decimal(0)) })
    }
}
