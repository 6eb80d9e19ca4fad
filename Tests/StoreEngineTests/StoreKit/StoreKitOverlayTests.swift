import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// A Storefront catalog with `"import"` takes a `.storekit` file's products and adds credits,
/// grant amounts, maxima and non-renewing durations on top.
@Suite struct StoreKitOverlayTests {
    static let shop = """
        {
          "identifier" : "ABCD1234",
          "nonRenewingSubscriptions" : [
            { "displayPrice" : "9.99", "localizations" : [ { "description" : "", "displayName" : "Season", "locale" : "en_US" } ],
              "productID" : "shop.season", "referenceName" : "Season", "type" : "NonRenewingSubscription" }
          ],
          "products" : [
            { "displayPrice" : "1.99", "localizations" : [ { "description" : "", "displayName" : "500 coins", "locale" : "en_US" } ],
              "productID" : "shop.coins.500", "referenceName" : "500 coins", "type" : "Consumable" },
            { "displayPrice" : "4.99", "localizations" : [ { "description" : "", "displayName" : "Lifetime", "locale" : "en_US" } ],
              "productID" : "shop.lifetime", "referenceName" : "Lifetime", "type" : "NonConsumable" }
          ],
          "settings" : { "_storefront" : "CHN" },
          "subscriptionGroups" : [ ],
          "version" : { "major" : 3, "minor" : 0 }
        }
        """

    /// An overlay of `Xcode/Shop.storekit` with the given members after `import`.
    static func overlay(_ members: String, importing path: String = "Xcode/Shop.storekit") -> String {
        """
        {
          "format": "storefront-catalog",
          "version": 1,
          "import": "\(path)"\(members.isEmpty ? "" : ",\n  " + members)
        }
        """
    }

    private func load(_ overlayText: String, shop: String = StoreKitOverlayTests.shop) -> CatalogLoader.Report {
        let folder = ScratchFolder()
        defer { folder.remove() }
        folder.write("Xcode/Shop.storekit", shop)
        return CatalogLoader.lint(path: folder.write("Shop.json", overlayText))
    }

    @Test func bundledExampleGrantsFiveHundredCoins() throws {
        let path = StoreKitFixtures.packageRoot + "/Catalogs/CoinShop.json"
        let report = CatalogLoader.lint(path: path)
        #expect(report.problems.isEmpty, "\(report.problems)")
        let catalog = try #require(report.catalog)
        #expect(catalog.appName == "Coin Shop" && catalog.bundleID == "com.example.coinshop")
        #expect(catalog.source == path)
        #expect(catalog.credits == [CreditDefinition(id: "coins", names: ["en_US": "Coins", "de": "Münzen"], maximum: 100_000, scope: .account)])
        #expect(catalog.product(id: "com.example.coinshop.coins.500")?.grant == CreditGrant(credit: "coins", amount: 500))
        #expect(catalog.product(id: "com.example.coinshop.coins.1200")?.grant == CreditGrant(credit: "coins", amount: 1200))
        #expect(catalog.product(id: "com.example.coinshop.season")?.duration == SubscriptionPeriod(value: 3, unit: .month))
        let yearly = try #require(catalog.product(id: "com.example.coinshop.club.yearly")?.subscription)
        #expect(yearly.offerCodes.map(\.eligibility) == [[.new, .expired]])
        #expect(yearly.promotionalOffers.map(\.id) == ["com.example.coinshop.club.yearly.comeback"])
        #expect(catalog.initialSettings?.storefront == "USA")
        let converted = CatalogLoader.lint(bytes: Array(CatalogWriter.write(catalog).utf8), file: "CoinShop.converted.json")
        #expect(converted.catalog?.products == catalog.products && converted.catalog?.credits == catalog.credits)
    }

    @Test func bundledStoreKitFileAloneGrantsOneUnitOfItsOwnCredit() throws {
        let report = CatalogLoader.lint(path: StoreKitFixtures.packageRoot + "/Catalogs/CoinShop.storekit")
        #expect(report.problems.isEmpty, "\(report.problems)")
        let catalog = try #require(report.catalog)
        let coins = try #require(catalog.product(id: "com.example.coinshop.coins.500"))
        #expect(coins.grant == CreditGrant(credit: coins.id, amount: 1))
        #expect(catalog.credit(id: coins.id)?.names == ["en_US": "500 Coins", "de": "500 Münzen"])
        #expect(catalog.product(id: "com.example.coinshop.season")?.duration == StoreKitDefaults.nonRenewingDuration)
    }

    @Test func importPathIsRelativeToTheOverlayAndProductsKeepTheirStorefront() throws {
        let report = load(Self.overlay("""
            "credits": [{ "id": "coins", "names": { "en_US": "Coins" } }],
              "products": [{ "id": "shop.coins.500", "grant": { "credit": "coins", "amount": 500 } }]
            """))
        let catalog = try #require(report.catalog, "\(report.problems)")
        #expect(catalog.storefronts == [Storefront(code: "CHN", currency: "CNY")])
        #expect(catalog.product(id: "shop.coins.500")?.price(in: "CHN") == Decimal(string: "1.99"))
        #expect(catalog.appName == "Shop" && catalog.bundleID == "ABCD1234")
        #expect(catalog.credits.map(\.id) == ["coins"], "the consumable's own credit is dropped once nothing grants it")
    }

    @Test func ownCreditCanBeGivenAMaximum() throws {
        let report = load(Self.overlay(#""credits": [{ "id": "shop.coins.500", "names": { "en_US": "Coin packs" }, "maximum": 3 }]"#))
        let catalog = try #require(report.catalog, "\(report.problems)")
        #expect(catalog.credits == [CreditDefinition(id: "shop.coins.500", names: ["en_US": "Coin packs"], maximum: 3, scope: .account)])
        #expect(catalog.product(id: "shop.coins.500")?.grant == CreditGrant(credit: "shop.coins.500", amount: 1))
    }

    @Test func nullGrantMakesADonationAndDurationOverridesTheDefault() throws {
        let report = load(Self.overlay(#""products": [{ "id": "shop.coins.500", "grant": null }, { "id": "shop.season", "duration": "P1M" }]"#))
        let catalog = try #require(report.catalog, "\(report.problems)")
        #expect(catalog.product(id: "shop.coins.500")?.grant == nil)
        #expect(catalog.credits.isEmpty)
        #expect(catalog.product(id: "shop.season")?.duration == SubscriptionPeriod(value: 1, unit: .month))
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var members: String
        var field: String
        var message: String
        var testDescription: String { field }
    }

    static let refusals: [Refusal] = [
        Refusal(members: #""products": [{ "id": "shop.coins.5000", "duration": "P1M" }]"#, field: "products[0].id",
                message: "the imported file has no product \"shop.coins.5000\"; its products are shop.coins.500, shop.lifetime, shop.season"),
        Refusal(members: #""products": [{ "id": "shop.lifetime", "grant": { "credit": "coins", "amount": 1 } }]"#, field: "products[0].grant",
                message: "\"grant\" applies to a consumable; shop.lifetime is nonConsumable"),
        Refusal(members: #""products": [{ "id": "shop.coins.500", "duration": "P1M" }]"#, field: "products[0].duration",
                message: "\"duration\" applies to a non-renewing subscription"),
        Refusal(members: #""products": [{ "id": "shop.coins.500", "grant": { "credit": "gems", "amount": 5 } }]"#, field: "products[0].grant.credit",
                message: "grants the undefined credit \"gems\""),
        Refusal(members: #""credits": [{ "id": "coins", "maximum": 100 }], "products": [{ "id": "shop.coins.500", "grant": { "credit": "coins", "amount": 500 } }]"#,
                field: "products[0].grant.amount", message: "holds at most 100"),
        Refusal(members: #""products": [{ "id": "shop.season", "duration": "a year" }]"#, field: "products[0].duration",
                message: "\"a year\" is not a period"),
        Refusal(members: #""storefronts": [{ "code": "USA", "currency": "USD" }]"#, field: "storefronts",
                message: "an overlay takes its storefronts from the imported file"),
        Refusal(members: #""products": [{ "id": "shop.season", "duration": "P1M" }, { "id": "shop.season", "duration": "P2M" }]"#,
                field: "products[1].id", message: "already changed by products[0]"),
    ]

    @Test(arguments: refusals)
    func mistakeInTheOverlayIsRefusedWithItsPlace(_ refusal: Refusal) throws {
        let report = load(Self.overlay(refusal.members))
        #expect(report.catalog == nil)
        let error = try #require(StoreKitFixtures.errors(report).first { $0.field == refusal.field }, "\(report.problems)")
        #expect(error.message.contains(refusal.message), "\(error.message)")
        #expect(error.file.hasSuffix("Shop.json") && error.line > 0)
    }

    @Test func missingImportIsReportedAtTheImportKey() throws {
        let report = load(Self.overlay("", importing: "Xcode/Missing.storekit"))
        let error = try #require(StoreKitFixtures.errors(report).first)
        #expect(error.field == "import" && error.line == 4 && error.column == 13)
        #expect(error.message.contains("Xcode/Missing.storekit") && error.message.contains("does not exist"))
    }

    @Test func importingACatalogOrItselfIsRefused() throws {
        let selfImport = load(Self.overlay("", importing: "Shop.json"))
        #expect(selfImport.catalog == nil)
        #expect(StoreKitFixtures.errors(selfImport).map(\.message) == ["\"Shop.json\" is a Storefront catalog; an overlay imports an Xcode StoreKit configuration (.storekit)"])
    }

    @Test func problemsOfTheImportedFileNameThatFile() throws {
        let damaged = Self.shop.replacingOccurrences(of: "\"displayPrice\" : \"4.99\"", with: "\"displayPrice\" : \"cheap\"")
        let report = load(Self.overlay(""), shop: damaged)
        #expect(report.catalog == nil)
        let error = try #require(StoreKitFixtures.errors(report).first)
        #expect(error.file.hasSuffix("Xcode/Shop.storekit"))
        #expect(error.field == "products[1].displayPrice" && error.line == 10)
    }

    @Test func creditNothingGrantsIsAWarning() throws {
        let report = load(Self.overlay(#""credits": [{ "id": "gems", "names": { "en_US": "Gems" } }]"#))
        #expect(report.catalog != nil)
        let warning = try #require(report.problems.first { $0.field == "credits[0]" })
        #expect(warning.severity == .warning && warning.message == "no product grants the credit \"gems\"")
    }
}
