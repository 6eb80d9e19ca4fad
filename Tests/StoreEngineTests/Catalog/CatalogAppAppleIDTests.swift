import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// The optional `app.appAppleId` of a catalog, and where a `.storekit` file's comes from.
@Suite struct CatalogAppAppleIDTests {
    func catalog(app: String) -> [UInt8] {
        Array("""
        {
          "format": "storefront-catalog", "version": 1,
          "app": \(app),
          "defaultLanguage": "en",
          "storefronts": [{"code": "USA", "currency": "USD"}],
          "products": [{"id": "ok", "type": "nonConsumable", "localizations": {"en": {"title": "Fine"}}, "prices": {"USA": "1.00"}}]
        }
        """.utf8)
    }

    @Test func aNumericAppAppleIdIsReadAndWrittenBack() throws {
        let report = CatalogLoader.lint(bytes: catalog(app: #"{"name": "T", "bundleId": "com.example.t", "appAppleId": 1234567890}"#),
                                        file: "t.json")
        #expect(report.problems.isEmpty, "\(report.problems)")
        let read = try #require(report.catalog)
        #expect(read.appAppleID == 1_234_567_890)
        let written = CatalogWriter.write(read)
        #expect(written.contains(#""appAppleId": 1234567890"#) || written.contains(#""appAppleId":1234567890"#), "\(written)")
        #expect(CatalogLoader.lint(bytes: Array(written.utf8), file: "again.json").catalog?.appAppleID == 1_234_567_890)
    }

    @Test func aCatalogWithoutOneHasNone() throws {
        let read = try #require(CatalogLoader.lint(bytes: catalog(app: #"{"name": "T", "bundleId": "com.example.t"}"#), file: "t.json").catalog)
        #expect(read.appAppleID == nil)
        #expect(!CatalogWriter.write(read).contains("appAppleId"))
    }

    @Test(arguments: [#""1234""#, "0", "-5", "1.5", "true"])
    func anythingButAPositiveWholeNumberIsAnError(value: String) {
        let report = CatalogLoader.lint(bytes: catalog(app: #"{"name": "T", "bundleId": "com.example.t", "appAppleId": \#(value)}"#),
                                        file: "t.json")
        #expect(report.catalog == nil)
        #expect(report.problems.contains { $0.severity == .error && $0.field == "app.appAppleId" }, "\(report.problems)")
    }

    @Test(arguments: [("RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit", 1_552_944_963 as Int?),
                      ("boboul-cloud__Pret-Materiel__Products.storekit", nil),
                      ("chicktack0321__eitango_tokkun__Products.storekit", nil)])
    func aStoreKitFileGivesItsSyncedApplicationIDWhenItIsANumber(file: String, expected: Int?) throws {
        let report = StoreKitFixtures.lint(file)
        let read = try #require(report.catalog, "\(report.problems)")
        #expect(read.appAppleID == expected)
    }
}
