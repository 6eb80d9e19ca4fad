import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// A member written twice in one object makes a catalog ambiguous, so lint refuses it.
@Suite struct CatalogDuplicateKeyTests {
    @Test func aRepeatedPriceIsAnErrorAtTheSecondValue() throws {
        let text = """
        {
          "format": "storefront-catalog", "version": 1,
          "app": {"name": "Test", "bundleId": "com.example.test"},
          "defaultLanguage": "en",
          "storefronts": [{"code": "USA", "currency": "USD"}],
          "products": [
            {"id": "p", "type": "nonConsumable", "localizations": {"en": {"title": "P"}},
             "prices": {"USA": "0.99", "USA": "9.99"}}
          ]
        }
        """
        let report = CatalogLoader.lint(bytes: Array(text.utf8), file: "dup.json")
        #expect(report.catalog == nil)
        let problem = try #require(report.problems.first { $0.severity == .error })
        #expect(problem.field == "products[0].prices.USA")
        #expect(problem.line == 8 && problem.column == 39)
        #expect(problem.message.contains("written twice") && problem.message.contains("line 8, column 24"))
    }

    @Test func aRepeatedKeyInAStoreKitFileIsAnError() throws {
        let text = StoreKitCountryCodeTests.oneProduct(price: "\"0.99\"", settings: #""_storefront" : "USA", "_storefront" : "JPN""#)
        let report = StoreKitFixtures.lint(text: text)
        #expect(report.catalog == nil)
        #expect(StoreKitFixtures.errors(report).contains { $0.field == "settings._storefront" && $0.line > 0 })
    }
}
