import Foundation
import Testing
@testable import StoreCatalog

/// Catalog mistakes that were taken with a default nobody chose: each is now an error or a
/// warning at its place.
@Suite struct CatalogSilentDefaultTests {
    func lint(app: String = #"{"name": "Test", "bundleId": "com.example.test"}"#, groups: String = "[]",
              products: String) -> CatalogLoader.Report {
        CatalogLoader.lint(bytes: Array("""
        {
          "format": "storefront-catalog", "version": 1, "app": \(app), "defaultLanguage": "en",
          "storefronts": [{"code": "USA", "currency": "USD"}, {"code": "JPN", "currency": "JPY"}],
          "subscriptionGroups": \(groups),
          "products": [\(products)]
        }
        """.utf8), file: "t.json")
    }

    static let plain = #"{"id": "ok", "type": "nonConsumable", "localizations": {"en": {"title": "Fine"}}, "prices": {"USA": "1.00"}}"#

    static func monthly(offers: String) -> String {
        #"{"id": "pro", "type": "autoRenewable", "localizations": {"en": {"title": "Pro"}}, "prices": {"USA": "2.99", "JPN": "400"}, "#
            + #""subscription": {"group": "g", "period": "P1M", "level": 1, \#(offers)}}"#
    }

    @Test("a paid offer with no price where its product is sold is an error (before: sold there at the regular price, as the offer)")
    func paidOfferNeedsEveryStorefrontsPrice() throws {
        let report = lint(products: Self.monthly(offers: #""promotionalOffers": [{"id": "back", "paymentMode": "payAsYouGo", "period": "P1M", "prices": {"USA": "0.99"}}]"#))
        let problem = try #require(report.problems.first { $0.severity == .error })
        #expect(report.catalog == nil)
        #expect(problem.field == "products[0].subscription.promotionalOffers[0].prices" && problem.message.contains("no price in JPN"), "\(problem)")
        let free = lint(products: Self.monthly(offers: #""introOffer": {"paymentMode": "freeTrial", "period": "P1W"}"#))
        #expect(free.catalog != nil && free.problems.isEmpty, "a free trial has no prices: \(free.problems)")
    }

    @Test func aRepeatedPromotionalOfferIdIsWarnedOfAsInAStoreKitFile() throws {
        let offer = #"{"id": "back", "paymentMode": "payAsYouGo", "period": "P1M", "prices": {"USA": "0.99", "JPN": "100"}}"#
        let report = lint(products: Self.monthly(offers: #""promotionalOffers": [\#(offer), \#(offer)]"#))
        let problem = try #require(report.problems.first)
        #expect(problem.severity == .warning && problem.field == "products[0].subscription.promotionalOffers[1].id")
        #expect(problem.message.contains("is also used by promotionalOffers[0]"), "\(problem)")
    }

    @Test("ids with white space, controls or invisible marks are refused, as is an empty or blank app name",
          arguments: ["com.example test", "com.example.\u{1B}[31m", "com.\u{202E}example", "com.ex\u{200B}ample"])
    func idsAreOneVisibleWord(id: String) throws {
        let escaped = id.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u" + String(format: "%04X", $0.value) }.joined()
        let product = lint(products: Self.plain.replacingOccurrences(of: #""id": "ok""#, with: #""id": "\#(escaped)""#))
        #expect(product.catalog == nil && product.problems.first?.field == "products[0].id", "\(product.problems)")
        // A bundle id may hold spaces: a `.storekit` file without one takes its file's name.
        let bundle = lint(app: #"{"name": "Test", "bundleId": "\#(escaped)"}"#, products: Self.plain)
        if id.contains(" ") {
            #expect(bundle.catalog != nil && bundle.problems.isEmpty, "\(bundle.problems)")
        } else {
            #expect(bundle.catalog == nil && bundle.problems.first?.field == "app.bundleId", "\(bundle.problems)")
        }
        let group = lint(groups: #"[{"id": "\#(escaped)", "names": {"en": "G"}}]"#, products: Self.plain)
        #expect(group.catalog == nil && group.problems.first?.field == "subscriptionGroups[0].id", "\(group.problems)")
    }

    @Test func anEmptyAppNameOrBundleIdAndARepeatedGroupAreErrors() {
        #expect(lint(app: #"{"name": " ", "bundleId": "com.example.test"}"#, products: Self.plain).problems.first?.field == "app.name")
        #expect(lint(app: #"{"name": "Test", "bundleId": ""}"#, products: Self.plain).problems.first?.field == "app.bundleId")
        let twice = lint(groups: #"[{"id": "g", "names": {"en": "G"}}, {"id": "g", "names": {"en": "H"}}]"#, products: Self.plain)
        #expect(twice.catalog == nil && twice.problems.first?.message.contains("duplicate subscription group id \"g\"") == true,
                "\(twice.problems)")
    }

    @Test("a catalog file larger than any catalog is refused by its size, before it is read (before: 5 GB of memory for a 2.5 GB file)")
    func aHugeFileIsRefusedUnread() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, off_t(UnreadableCatalogFile.maximumBytes + 1)) == 0, "a sparse file: nothing is written")
        let report = CatalogLoader.lint(path: path)
        #expect(report.catalog == nil)
        #expect(report.problems.first?.message.contains("more than the largest catalog read (256 MB") == true, "\(report.problems)")
    }

    @Test func oneLocaleWrittenTwoWaysAndAnEmptyTagAreWarnedOf() {
        let product = #"{"id": "ok", "type": "nonConsumable", "localizations": {"en": {"title": "Fine"}, "en_US": {"title": "A"}, "#
            + #""en-US": {"title": "B"}, "": {"title": "C"}}, "prices": {"USA": "1.00"}}"#
        let report = lint(products: product)
        #expect(report.catalog != nil)
        #expect(report.problems.contains { $0.message.contains("\"en-US\" is the same locale as \"en_US\"") }, "\(report.problems)")
        #expect(report.problems.contains { $0.field == "products[0].localizations." && $0.message.contains("is not a locale") },
                "\(report.problems)")
    }
}
