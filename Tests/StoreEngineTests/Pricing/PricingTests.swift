import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

@Suite struct PricingTests {
    let formatter = PriceFormatter()

    @Test(arguments: [
        ("en_US", "USD", "0.99", "$0.99"),
        ("de_DE", "EUR", "1.09", "1,09\u{00A0}€"),
        ("ja_JP", "JPY", "160", "¥160"),
        ("en_GB", "GBP", "0.99", "£0.99"),
        ("de_DE", "USD", "0.99", "0,99\u{00A0}$"),
        ("fr_FR", "EUR", "22.99", "22,99\u{00A0}€"),
    ])
    func formatsForLocaleAndCurrency(locale: String, currency: String, price: String, expected: String) throws {
        let value = try #require(ExactDecimal.parse(price))
        #expect(formatter.format(value, currency: currency, locale: locale) == expected)
    }

    @Test func exactDecimalsNeverGoThroughDouble() throws {
        #expect(ExactDecimal.parse("0.1").map { $0 * 3 } == Decimal(string: "0.3"))
        #expect(ExactDecimal.string(try #require(ExactDecimal.parse("19.990"))) == "19.99")
        #expect(ExactDecimal.milliunits(try #require(ExactDecimal.parse("0.99"))) == 990)
        for bad in ["", "1,00", "$1", "1.", ".5", "1e", "NaN", "1.2.3", "0x10", "1 000"] {
            #expect(ExactDecimal.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func localeComesFromTheEnvironmentInOrder() {
        #expect(BuyerContext.locale(explicit: "de-DE", environment: ["LANG": "fr_FR.UTF-8"]) == "de_DE")
        #expect(BuyerContext.locale(explicit: nil, environment: ["LC_ALL": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"]) == "ja_JP")
        #expect(BuyerContext.locale(explicit: nil, environment: ["LC_MESSAGES": "en_GB.UTF-8", "LANG": "fr_FR"]) == "en_GB")
        #expect(BuyerContext.locale(explicit: nil, environment: ["LANG": "C.UTF-8"]) == "en_US")
        #expect(BuyerContext.locale(explicit: nil, environment: [:]) == "en_US")
        #expect(BuyerContext.locale(explicit: nil, environment: ["LANG": "fr_FR"], catalogLocale: "ja_JP") == "ja_JP")
        #expect(BuyerContext.locale(explicit: "de_DE", environment: [:], catalogLocale: "ja_JP") == "de_DE")
    }

    @Test func storefrontComesFromTheLocaleRegionWhenSold() throws {
        let catalog = try CatalogLoader.loadBundled("Rage")
        #expect(try BuyerContext.storefront(explicit: nil, locale: "de_DE", catalog: catalog).get() == "DEU")
        #expect(try BuyerContext.storefront(explicit: nil, locale: "ja_JP", catalog: catalog).get() == "JPN")
        #expect(try BuyerContext.storefront(explicit: nil, locale: "de_CH", catalog: catalog).get() == "USA")
        #expect(try BuyerContext.storefront(explicit: "gbr", locale: "de_DE", catalog: catalog).get() == "GBR")
        #expect(throws: StorefrontChoiceError.self) { try BuyerContext.storefront(explicit: "CHN", locale: "en_US", catalog: catalog).get() }
    }
}
