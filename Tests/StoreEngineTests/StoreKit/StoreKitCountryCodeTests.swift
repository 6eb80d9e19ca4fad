import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// The storefront table covers every App Store storefront, and a `.storekit` price is read in
/// its storefront's currency, exactly.
@Suite struct StoreKitCountryCodeTests {
    @Test func tableListsEveryAppStoreStorefrontOnce() {
        #expect(CountryCodes.entries.count == 175)
        #expect(Set(CountryCodes.entries.map(\.alpha3)).count == 175)
        #expect(Set(CountryCodes.entries.map(\.alpha2)).count == 175)
        #expect(Set(CountryCodes.entries.map(\.currency)).count == 43)
        for entry in CountryCodes.entries {
            #expect(StorefrontCurrencies.isStorefrontCode(entry.alpha3), "\(entry.alpha3)")
            #expect(entry.alpha2.count == 2 && entry.alpha2 == entry.alpha2.uppercased(), "\(entry.alpha2)")
            #expect(StorefrontCurrencies.isCurrencyCode(entry.currency), "\(entry.alpha3) → \(entry.currency)")
        }
    }

    @Test(arguments: [("JPN", "JPY"), ("CHN", "CNY"), ("USA", "USD"), ("DEU", "EUR"), ("ESP", "EUR"), ("BGR", "EUR"),
                      ("GBR", "GBP"), ("CHE", "CHF"), ("IND", "INR"), ("KOR", "KRW"), ("TZA", "TZS"),
                      ("ARG", "USD"), ("ISL", "USD"), ("UKR", "USD"), ("XKS", "EUR")])
    func storefrontChargesInItsCurrency(storefront: String, currency: String) {
        #expect(CountryCodes.currency(forStorefront: storefront) == currency)
    }

    @Test func codesConvertBothWaysIgnoringCase() {
        #expect(CountryCodes.alpha3(forAlpha2: "jp") == "JPN")
        #expect(CountryCodes.alpha2(forAlpha3: "chn") == "CN")
        #expect(CountryCodes.alpha3(forAlpha2: "XK") == "XKS")
        #expect(CountryCodes.currency(forStorefront: "ZZZ") == nil)
        #expect(!CountryCodes.isStorefront("ATA"))
    }

    @Test func yenPriceIsReadInYen() throws {
        let catalog = try #require(StoreKitFixtures.lint("chicktack0321__eitango_tokkun__Products.storekit").catalog)
        #expect(catalog.storefronts == [Storefront(code: "JPN", currency: "JPY")])
        let price = try #require(catalog.products.first?.price(in: "JPN"))
        #expect(price == 500)
        #expect(PriceFormatter().format(price, currency: "JPY", locale: "en_US") == "¥500")
        #expect(PriceFormatter().format(price, currency: "JPY", locale: "ja_JP") == "¥500")
    }

    @Test func yuanPriceIsReadInYuan() throws {
        let report = StoreKitFixtures.lint(text: Self.oneProduct(price: "\"298\"", settings: #""_storefront" : "CHN", "_locale" : "zh_CN""#))
        let catalog = try #require(report.catalog)
        #expect(catalog.storefronts == [Storefront(code: "CHN", currency: "CNY")])
        let price = try #require(catalog.products.first?.price(in: "CHN"))
        #expect(price == 298)
        #expect(PriceFormatter().format(price, currency: "CNY", locale: "zh_CN") == "¥298.00")
        #expect(PriceFormatter().format(price, currency: "CNY", locale: "en_US") == "CN¥298.00")
    }

    @Test func storefrontDefaultsToTheUnitedStatesAndIgnoresCase() throws {
        let plain = try #require(StoreKitFixtures.lint(text: Self.oneProduct(price: "\"0.99\"", settings: "")).catalog)
        #expect(plain.storefronts == [Storefront(code: "USA", currency: "USD")])
        let lower = try #require(StoreKitFixtures.lint(text: Self.oneProduct(price: "\"0.99\"", settings: #""_storefront" : "gbr""#)).catalog)
        #expect(lower.storefronts == [Storefront(code: "GBR", currency: "GBP")])
    }

    @Test func pricesStayExactDecimals() throws {
        let text = Self.oneProduct(price: "\"123456789.01\"", settings: "")
        let catalog = try #require(StoreKitFixtures.lint(text: text).catalog)
        let price = try #require(catalog.products.first?.price(in: "USA"))
        #expect(ExactDecimal.string(price) == "123456789.01")
        let units = try #require(StoreKitFixtures.lint("RevenueCat__purchases-ios__UnitTestsConfiguration.storekit").catalog)
        let plan = try #require(units.product(id: "com.revenuecat.annual_with_commitment")?.subscription?.billingPlans.last)
        #expect(plan.prices["USA"] == Decimal(string: "0.5"))
        #expect(plan.commitmentPrices["USA"].map(ExactDecimal.string) == "6")
    }

    /// A minimal configuration with one non-consumable at `price` and the given settings members.
    static func oneProduct(price: String, settings: String) -> String {
        """
        {
          "identifier" : "0F0F0F0F",
          "products" : [
            {
              "displayPrice" : \(price),
              "localizations" : [ { "description" : "", "displayName" : "Unlock", "locale" : "en_US" } ],
              "productID" : "app.unlock",
              "referenceName" : "Unlock",
              "type" : "NonConsumable"
            }
          ],
          "settings" : { \(settings) },
          "version" : { "major" : 3, "minor" : 0 }
        }
        """
    }
}
