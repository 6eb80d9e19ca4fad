import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// Prices are exact decimal strings within their currency's decimal places, in both catalog
/// formats, so that the price shown, the price recorded and the price signed are one amount.
@Suite struct CatalogPriceRuleTests {
    /// A catalog selling one product in USA (USD), JPN (JPY) and KWT-as-KWD at `price` in `storefront`.
    func lint(price: String, in storefront: String) -> CatalogLoader.Report {
        let text = """
        {
          "format": "storefront-catalog", "version": 1,
          "app": {"name": "Test", "bundleId": "com.example.test"},
          "defaultLanguage": "en",
          "storefronts": [{"code": "USA", "currency": "USD"}, {"code": "JPN", "currency": "JPY"}, {"code": "KWT", "currency": "KWD"}],
          "products": [
            {"id": "p", "type": "nonConsumable", "localizations": {"en": {"title": "P"}}, "prices": {"\(storefront)": \(price)}}
          ]
        }
        """
        return CatalogLoader.lint(bytes: Array(text.utf8), file: "prices.json")
    }

    func refusal(price: String, in storefront: String) -> CatalogProblem? {
        let report = lint(price: price, in: storefront)
        #expect(report.catalog == nil, "\(price) in \(storefront) was accepted")
        return report.problems.first { $0.severity == .error && $0.field == "products[0].prices.\(storefront)" }
    }

    @Test func yenWithDecimalsIsRefusedWithTheWholeAmountToWrite() throws {
        let problem = try #require(refusal(price: "\"160.5\"", in: "JPN"))
        #expect(problem.message.contains("JPY has no minor unit"))
        #expect(problem.message.contains("write a whole amount, \"160\" or \"161\""))
        #expect(problem.line == 7 && problem.column > 0)
    }

    @Test("A price below one yen is not advised to become 0, which would make it free (before: \"0\" or \"1\")")
    func yenBelowOneAdvisesOne() throws {
        let problem = try #require(refusal(price: "\"0.99\"", in: "JPN"))
        #expect(problem.message.contains("write a whole amount, \"1\" (\"0\" would make it free)"), "\(problem.message)")
        let cents = try #require(refusal(price: "\"0.001\"", in: "USA"))
        #expect(cents.message.contains("write \"0.01\" (\"0.00\" would make it free)"), "\(cents.message)")
    }

    @Test func dollarsWithThreeDecimalsAreRefused() throws {
        let problem = try #require(refusal(price: "\"0.999\"", in: "USA"))
        #expect(problem.message.contains("more decimal places than USD has (2); write \"0.99\" or \"1.00\""))
        #expect(refusal(price: "\"1.095\"", in: "USA")?.message.contains("write \"1.09\" or \"1.10\"") == true)
    }

    @Test func aJSONNumberIsRefusedAndTheStringToWriteIsNamed() throws {
        let problem = try #require(refusal(price: "0.99", in: "USA"))
        #expect(problem.message.contains("JSON number"))
        #expect(problem.message.contains("\"0.99\""))
    }

    @Test("a JSON number that as a string would be refused too says why, not only to quote it (before: quoting -1 led to a second refusal)",
          arguments: [("-1", "the price -1 is negative"), ("0.999", "more decimal places than USD has (2); write \"0.99\" or \"1.00\""),
                      ("2e9", "over the largest price accepted")])
    func aJSONNumberRefusedAsTextToo(price: String, reason: String) throws {
        let problem = try #require(refusal(price: price, in: "USA"))
        #expect(problem.message.hasPrefix("the price \(price) is a JSON number, and written as a string it would be refused too: ")
                && problem.message.contains(reason), "\(problem.message)")
    }

    @Test("a JSON number with an exponent is advised as the plain decimal it stands for, which is accepted (before: as \"1e1\", refused)")
    func aJSONNumberWithAnExponentIsWrittenOut() throws {
        let problem = try #require(refusal(price: "1e1", in: "USA"))
        #expect(problem.message == "the price 1e1 is a JSON number; write it as a string such as \"10\" so it stays exact", "\(problem.message)")
        #expect(lint(price: "\"10\"", in: "USA").catalog?.products.first?.prices["USA"] == 10)
    }

    @Test(arguments: ["\"1e3\"", "\"1E2\"", "\"+1\"", "\"1.\"", "\".5\"", "\"0x10\"", "\"1,00\"", "\"\"",
                      // Spaces around a price were trimmed, a zero-width one too (before: sold as 0.99).
                      "\" 0.99\"", "\"0.99 \"", "\"\\t0.99\"", "\"\\u00A00.99\"", "\"\\u200B0.99\""])
    func exponentsAndOtherSpellingsAreRefused(price: String) throws {
        let problem = try #require(refusal(price: price, in: "USA"))
        #expect(problem.message.contains("is not a decimal number") && problem.message.contains("no space"))
    }

    @Test func pricesOverTheLimitAreRefused() throws {
        let problem = try #require(refusal(price: "\"1000000000.01\"", in: "USA"))
        #expect(problem.message.contains("over the largest price"))
        #expect(lint(price: "\"1000000000\"", in: "USA").catalog != nil)
    }

    @Test(arguments: [("\"0.99\"", "USA", "0.99"), ("\"19.990\"", "USA", "19.99"), ("\"160\"", "JPN", "160"),
                      ("\"160.0\"", "JPN", "160"), ("\"1.234\"", "KWT", "1.234"), ("\"0\"", "USA", "0")])
    func pricesWithinTheCurrencysPlacesAreKeptExactly(price: String, storefront: String, expected: String) throws {
        let report = lint(price: price, in: storefront)
        #expect(report.problems.isEmpty, "\(report.problems)")
        let value = try #require(report.catalog?.products.first?.price(in: storefront))
        #expect(ExactDecimal.string(value) == expected)
    }

    @Test func currencyPlacesComeFromTheSameDataAsTheFormatter() {
        #expect(CurrencyMinorUnits.digits(of: "USD") == 2)
        #expect(CurrencyMinorUnits.digits(of: "JPY") == 0)
        #expect(CurrencyMinorUnits.digits(of: "KWD") == 3)
        #expect(PriceFormatter().format(Decimal(string: "1.234")!, currency: "KWD", locale: "en_US").contains("1.234"))
    }

    @Test func storeKitPricesFollowTheSameRules() throws {
        let yen = StoreKitFixtures.lint(text: StoreKitCountryCodeTests.oneProduct(price: "\"500.5\"", settings: #""_storefront" : "JPN""#))
        #expect(yen.catalog == nil)
        #expect(StoreKitFixtures.errors(yen).first?.message.contains("JPY has no minor unit") == true)
        let number = StoreKitFixtures.lint(text: StoreKitCountryCodeTests.oneProduct(price: "0.99", settings: ""))
        #expect(number.catalog == nil)
        #expect(StoreKitFixtures.errors(number).first?.field == "products[0].displayPrice")
        #expect(StoreKitFixtures.errors(number).first?.message.contains("JSON number") == true)
        let exponent = StoreKitFixtures.lint(text: StoreKitCountryCodeTests.oneProduct(price: "\"1e3\"", settings: ""))
        #expect(exponent.catalog == nil)
    }
}
