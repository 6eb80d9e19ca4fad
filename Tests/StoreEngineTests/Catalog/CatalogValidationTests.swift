import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

@Suite struct CatalogValidationTests {
    /// A catalog text with one valid product plus `products` spliced in.
    func catalog(products: String, credits: String = #"[{"id": "coins", "maximum": 10}]"#,
                 storefronts: String = #"[{"code": "USA", "currency": "USD"}, {"code": "JPN", "currency": "JPY"}]"#) -> [UInt8] {
        Array("""
        {
          "format": "storefront-catalog", "version": 1,
          "app": {"name": "Test", "bundleId": "com.example.test"},
          "defaultLanguage": "en",
          "storefronts": \(storefronts),
          "credits": \(credits),
          "products": [
            {"id": "ok", "type": "nonConsumable", "localizations": {"en": {"title": "Fine"}}, "prices": {"USA": "1.00"}}\(products.isEmpty ? "" : ",")
            \(products)
          ]
        }
        """.utf8)
    }

    func problems(_ bytes: [UInt8]) -> [CatalogProblem] {
        CatalogLoader.lint(bytes: bytes, file: "test.json").problems
    }

    func expectError(_ products: String, product: String?, field: String, containing text: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let report = CatalogLoader.lint(bytes: catalog(products: products), file: "test.json")
        #expect(report.catalog == nil, sourceLocation: sourceLocation)
        let match = report.problems.first { $0.severity == .error && $0.productID == product && $0.field == field }
        #expect(match != nil, "no error for \(field) in \(report.problems)", sourceLocation: sourceLocation)
        #expect(match?.message.contains(text) == true, "message was: \(match?.message ?? "none")", sourceLocation: sourceLocation)
        #expect((match?.line ?? 0) > 0, sourceLocation: sourceLocation)
    }

    @Test func validCatalogHasNoProblems() {
        let report = CatalogLoader.lint(bytes: catalog(products: ""), file: "test.json")
        #expect(report.problems.isEmpty)
        #expect(report.catalog?.products.count == 1)
    }

    @Test func duplicateIds() {
        expectError(#"{"id": "ok", "type": "nonConsumable", "localizations": {"en": {"title": "Again"}}, "prices": {"USA": "1"}}"#,
                    product: "ok", field: "products[1].id", containing: "duplicate product id")
    }

    @Test func everyDuplicateNamesTheFirstUse() {
        let again = #"{"id": "ok", "type": "nonConsumable", "localizations": {"en": {"title": "Again"}}, "prices": {"USA": "1"}}"#
        let errors = problems(catalog(products: "\(again),\n\(again)")).filter { $0.severity == .error }
        #expect(errors.map(\.field) == ["products[1].id", "products[2].id"])
        #expect(errors.allSatisfy { $0.message.contains("first used by products[0]") && $0.line > 0 })
    }

    @Test("A title missing in the default language is reported once at its field (before: twice at one line)")
    func missingDefaultTitleIsReportedOnce() {
        let missing = problems(catalog(products: #"{"id": "x", "type": "nonConsumable", "localizations": {"en": {"description": "D"}}, "prices": {"USA": "1"}}"#))
        #expect(missing.filter { $0.field == "products[1].localizations.en.title" }.map(\.message) == ["is missing"], "\(missing)")
        let empty = problems(catalog(products: #"{"id": "x", "type": "nonConsumable", "localizations": {"en": {"title": " "}}, "prices": {"USA": "1"}}"#))
        #expect(empty.filter { $0.field == "products[1].localizations.en.title" }.count == 1, "\(empty)")
        #expect(empty.contains { $0.message.contains("the title in the default language \"en\" is empty or missing") }, "\(empty)")
        let otherLanguage = problems(catalog(products: #"{"id": "x", "type": "nonConsumable", "localizations": {"de": {"title": "X"}}, "prices": {"USA": "1"}}"#))
        #expect(otherLanguage.contains { $0.field == "products[1].localizations.en.title" && $0.message.contains("is empty or missing") },
                "\(otherLanguage)")
    }

    @Test func unknownType() {
        expectError(#"{"id": "x", "type": "gadget", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "1"}}"#,
                    product: "x", field: "products[1].type", containing: "unknown type \"gadget\"")
    }

    @Test func negativePrice() {
        expectError(#"{"id": "x", "type": "nonConsumable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "-1.00"}}"#,
                    product: "x", field: "products[1].prices.USA", containing: "negative")
    }

    @Test func nonNumericPrice() {
        expectError(#"{"id": "x", "type": "nonConsumable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "$1.00"}}"#,
                    product: "x", field: "products[1].prices.USA", containing: "not a decimal number")
    }

    @Test func priceForAStorefrontNotListed() {
        expectError(#"{"id": "x", "type": "nonConsumable", "localizations": {"en": {"title": "X"}}, "prices": {"DEU": "1"}}"#,
                    product: "x", field: "products[1].prices.DEU", containing: "not listed")
    }

    @Test func unknownCurrency() {
        let report = CatalogLoader.lint(bytes: catalog(products: "", storefronts: #"[{"code": "USA", "currency": "USX"}]"#), file: "t.json")
        #expect(report.problems.contains { $0.field == "storefronts[0].currency" && $0.message.contains("unknown currency") })
        #expect(report.catalog == nil)
    }

    @Test func consumableWithoutGrant() {
        expectError(#"{"id": "x", "type": "consumable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "1"}}"#,
                    product: "x", field: "products[1].grant", containing: "needs a grant")
    }

    @Test func grantOfAnUndefinedCredit() {
        expectError(#"{"id": "x", "type": "consumable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "1"}, "grant": {"credit": "gems", "amount": 1}}"#,
                    product: "x", field: "products[1].grant.credit", containing: "undefined credit \"gems\"")
    }

    @Test("A plan's group follows a group id's rule, as the group it becomes is written as one (found by fuzzing: a group with a space was read, and the catalog convert wrote was refused)")
    func aPlansGroupIsAnId() {
        expectError(#"{"id": "plan", "type": "autoRenewable", "localizations": {"en": {"title": "P"}}, "prices": {"USA": "1.00"}, "subscription": {"group": "my group", "period": "P1M"}}"#,
                    product: "plan", field: "products[1].subscription.group", containing: "holds white space; an id is one word")
    }

    @Test func subscriptionWithoutGroupOrPeriod() {
        expectError(#"{"id": "x", "type": "autoRenewable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "1"}}"#,
                    product: "x", field: "products[1].subscription", containing: "needs a subscription")
        expectError(#"{"id": "x", "type": "autoRenewable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "1"}, "subscription": {"period": "P1M"}}"#,
                    product: "x", field: "products[1].subscription.group", containing: "missing")
        expectError(#"{"id": "x", "type": "autoRenewable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "1"}, "subscription": {"group": "g"}}"#,
                    product: "x", field: "products[1].subscription.period", containing: "missing")
    }

    @Test func emptyTitleInTheDefaultLanguage() {
        expectError(#"{"id": "x", "type": "nonConsumable", "localizations": {"en": {"title": " "}, "de": {"title": "X"}}, "prices": {"USA": "1"}}"#,
                    product: "x", field: "products[1].localizations.en.title", containing: "default language")
    }

    @Test func everyProblemIsListedNotOnlyTheFirst() {
        let products = """
        {"id": "a", "type": "gadget", "localizations": {"en": {"title": "A"}}, "prices": {"USA": "1"}},
        {"id": "b", "type": "nonConsumable", "localizations": {"en": {"title": "B"}}, "prices": {"USA": "-2"}},
        {"id": "c", "type": "consumable", "localizations": {"en": {"title": "C"}}, "prices": {"USA": "1"}}
        """
        let errors = problems(catalog(products: products)).filter { $0.severity == .error }
        #expect(Set(errors.compactMap(\.productID)) == ["a", "b", "c"])
    }

    @Test func malformedJSONNamesLineAndColumn() {
        let text = "{\n  \"format\": \"storefront-catalog\",\n  \"version\": 1,\n  \"app\": {\"name\": \"x\" \"bundleId\": \"y\"}\n}"
        let found = problems(Array(text.utf8))
        #expect(found.count == 1)
        #expect(found.first?.line == 4)
        #expect(found.first?.column == 23)
        #expect(found.first?.description.hasPrefix("test.json:4:23: error: malformed JSON") == true)
    }

    @Test func truncatedFileSaysSo() {
        let text = Array(catalog(products: "").prefix(120))
        let found = problems(text)
        #expect(found.first?.message.contains("truncated") == true)
    }

    @Test func unknownKeysAreWarningsNotErrors() {
        let products = #"{"id": "x", "type": "nonConsumable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "1"}, "colour": "red"}"#
        let report = CatalogLoader.lint(bytes: catalog(products: products), file: "t.json")
        #expect(report.catalog != nil)
        #expect(report.problems.map(\.severity) == [.warning])
        #expect(report.problems.first?.field == "products[1].colour")
    }

    @Test func propertyListsAndEmptyFilesAreRefusedClearly() {
        #expect(problems(Array("<?xml version=\"1.0\"?><plist></plist>".utf8)).first?.message.contains("XML property list") == true)
        #expect(problems(Array("bplist00abc".utf8)).first?.message.contains("binary property list") == true)
        #expect(problems([]).first?.message.contains("empty") == true)
    }

    @Test func newerCatalogVersionIsRefused() {
        var text = String(decoding: catalog(products: ""), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 7")
        #expect(problems(Array(text.utf8)).contains { $0.field == "version" && $0.message.contains("upgrade storefront") })
    }

    @Test("a product without its id still has its other problems listed, in both formats (before: only the missing id)")
    func aProductWithoutItsIDIsStillChecked() throws {
        let json = problems(catalog(products: #"{"type": "nonConsumable", "localizations": {"en": {"title": "X"}}, "prices": {"USA": 0.99}}"#))
        #expect(json.contains { $0.field == "products[1].id" && $0.message.contains("missing") }, "\(json)")
        #expect(json.contains { $0.field == "products[1].prices.USA" && $0.productID == nil }, "the price too: \(json)")
        let storeKit = StoreKitFixtures.lint(text: """
            {"identifier": "A1B2C3D4", "nonRenewingSubscriptions": [], "products": [
              {"displayPrice": 0.99, "familyShareable": false, "internalID": "1", "localizations": [{"description": "d", "displayName": "X", "locale": "en_US"}],
               "referenceName": "x", "type": "NonConsumable"}],
             "settings": {}, "subscriptionGroups": [], "version": {"major": 3, "minor": 0}}
            """).problems
        #expect(storeKit.contains { $0.field.hasSuffix(".productID") }, "\(storeKit)")
        #expect(storeKit.contains { $0.field.hasSuffix(".displayPrice") && $0.productID == nil }, "the price too: \(storeKit)")
    }

    @Test("a catalog of a version or format this one cannot read says only that, not what its layout lacks (before: four fields 'missing' as well)")
    func anUnreadableVersionIsTheOneProblem() {
        let newer = problems(Array(#"{"format": "storefront-catalog", "version": 2, "plans": []}"#.utf8))
        #expect(newer.map(\.field) == ["version"], "\(newer)")
        let other = problems(Array(#"{"format": "price-list", "version": 1}"#.utf8))
        #expect(other.map(\.field) == ["format"], "\(other)")
        let overlay = problems(Array(#"{"format": "storefront-catalog", "version": 3, "import": "a.storekit", "app": {}}"#.utf8))
        #expect(overlay.map(\.field) == ["version"], "an overlay too: \(overlay)")
        let unnumbered = problems(Array(#"{"format": "storefront-catalog"}"#.utf8))
        #expect(unnumbered.contains { $0.field == "version" } && unnumbered.contains { $0.field == "products" },
                "without a version it is read as this one: \(unnumbered)")
    }

    @Test func missingFileIsReported() {
        let report = CatalogLoader.lint(path: "/nonexistent/catalog.json")
        #expect(report.problems.first?.message.contains("does not exist") == true)
    }
}
