import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// One lint lists every problem a catalog has: the checks across products (duplicate ids,
/// grants of undefined credits, grants over a maximum) see the products and credits read with
/// errors too, each problem is listed once, and none follows from another.
@Suite struct CatalogEveryProblemAtOnceTests {
    /// Products and credits with one or more mistakes of every kind, after the valid product.
    static let faultyCredits = #"[{"id": "coins", "maximum": 10}, {"id": "stars", "maximum": 0}]"#
    static let faultyProducts = """
        {"id": "dup", "type": "consumable", "localizations": {"en": {"title": "D"}}, "prices": {"USA": "0.999"}, "grant": {"credit": "coins", "amount": 11}},
        {"id": "dup", "type": "consumable", "localizations": {"en": {"title": ""}}, "prices": {"USA": "1"}, "grant": {"credit": "gems", "amount": 0}},
        {"id": "sub", "type": "autoRenewable", "localizations": {"en": {"title": "S"}}, "prices": {"USA": "1"},
         "subscription": {"group": "g", "period": "P0M", "level": 0, "introOffer": {"paymentMode": "payUpFront", "period": "P1M", "periods": 0}}},
        {"id": "x", "type": "gadget", "localizations": {"en": {"title": "X"}}, "prices": {"USA": "1"}},
        {"id": "star", "type": "consumable", "localizations": {"en": {"title": "Star"}}, "prices": {"USA": "-1"}, "grant": {"credit": "stars", "amount": 5}}
        """

    /// Each error expected, by field, with a part of its message.
    static let expectedErrors: [String: String] = [
        "credits[1].maximum": "0 is out of range",
        "products[1].prices.USA": "more decimal places",
        "products[1].grant.amount": "grants 11 but the credit \"coins\" holds at most 10",
        "products[2].localizations.en.title": "default language",
        "products[2].grant.amount": "0 is out of range",
        "products[2].grant.credit": "undefined credit \"gems\"",
        "products[2].id": "duplicate product id \"dup\" (first used by products[1])",
        "products[3].subscription.period": "\"P0M\" is not a period",
        "products[3].subscription.level": "the level must be 1",
        "products[3].subscription.introOffer.periods": "0 is out of range",
        "products[3].subscription.introOffer.prices": "needs prices",
        "products[4].type": "unknown type \"gadget\"",
        "products[5].prices.USA": "negative",
    ]

    func lint(products: String, credits: String) -> CatalogLoader.Report {
        CatalogLoader.lint(bytes: CatalogValidationTests().catalog(products: products, credits: credits), file: "faulty.json")
    }

    @Test func oneLintListsEveryProblemOfEveryProduct() {
        let report = lint(products: Self.faultyProducts, credits: Self.faultyCredits)
        #expect(report.catalog == nil)
        let errors = report.problems.filter { $0.severity == .error }
        for (field, text) in Self.expectedErrors.sorted(by: { $0.key < $1.key }) {
            let found = errors.first { $0.field == field }
            #expect(found?.message.contains(text) == true, "\(field): \(found?.message ?? "no error") in \(errors)")
            #expect((found?.line ?? 0) > 0, "\(field) has no place")
        }
        #expect(errors.count == Self.expectedErrors.count, "no other error: \(errors.map(\.description))")
    }

    @Test func noProblemIsListedTwice() {
        let report = lint(products: Self.faultyProducts, credits: Self.faultyCredits)
        let fields = report.problems.map(\.field)
        #expect(Set(fields).count == fields.count, "\(report.problems.map(\.description))")
    }

    @Test func aCreditWithAnInvalidMaximumIsStillDefinedAndHoldsNoMaximum() {
        let product = #"{"id": "c", "type": "consumable", "localizations": {"en": {"title": "C"}}, "prices": {"USA": "1"}, "grant": {"credit": "coins", "amount": 5}}"#
        let report = lint(products: product, credits: #"[{"id": "coins", "maximum": 0, "scope": "planet"}]"#)
        let errors = report.problems.filter { $0.severity == .error }
        #expect(errors.map(\.field) == ["credits[0].maximum", "credits[0].scope"], "\(errors.map(\.description))")
    }

    @Test func anOfferThatIsNoObjectIsOneProblem() {
        let product = #"""
            {"id": "s", "type": "autoRenewable", "localizations": {"en": {"title": "S"}}, "prices": {"USA": "1"},
             "subscription": {"group": "g", "period": "P1M", "promotionalOffers": ["oops"], "offerCodes": [7], "winBackOffers": [true]}}
            """#
        let errors = lint(products: product, credits: "[]").problems.filter { $0.severity == .error }
        #expect(errors.map(\.field) == ["products[1].subscription.promotionalOffers[0]", "products[1].subscription.offerCodes[0]",
                                        "products[1].subscription.winBackOffers[0]"], "\(errors.map(\.description))")
        #expect(errors.allSatisfy { $0.message.hasPrefix("expected an object") })
    }

    @Test func aStoreKitOfferWithAnInvalidCountHasItsPriceCheckedToo() {
        let offer = #"{ "displayPrice" : "0.999", "internalID" : "AAAA0003", "numberOfPeriods" : 0, "paymentMode" : "payUpFront", "subscriptionPeriod" : "P1M" }"#
        let report = StoreKitFixtures.lint(text: StoreKitEmptyOfferPriceTests.subscription(introOffer: offer))
        let errors = StoreKitFixtures.errors(report)
        #expect(errors.map(\.field) == ["subscriptionGroups[0].subscriptions[0].introductoryOffer.numberOfPeriods",
                                        "subscriptionGroups[0].subscriptions[0].introductoryOffer.displayPrice"],
                "\(errors.map(\.description))")
    }

    @Test func theReportKeepsWhatCouldBeReadOfACatalogWithErrors() throws {
        let report = lint(products: Self.faultyProducts, credits: Self.faultyCredits)
        let partial = try #require(report.partial)
        #expect(partial.products.map(\.id) == ["ok", "dup", "dup", "sub", "x", "star"])
        #expect(partial.credits.map(\.id) == ["coins", "stars"])
    }

    @Test func aStoreKitProductWithErrorsStillCountsForDuplicateIDsAndTexts() throws {
        let text = """
            {
              "identifier" : "0F0F0F0F",
              "products" : [
                { "displayPrice" : "0.999", "localizations" : [ { "description" : "", "displayName" : "Unlock", "locale" : "en_US" } ],
                  "productID" : "app.unlock", "referenceName" : "Unlock", "type" : "NonConsumable" },
                { "displayPrice" : "0.99", "localizations" : [ { "description" : "", "displayName" : "Again", "locale" : "en_US" } ],
                  "productID" : "app.unlock", "referenceName" : "Again", "type" : "Gadget" },
                { "displayPrice" : "0.99", "localizations" : [ { "description" : "", "displayName" : "Other", "locale" : "en_GB" } ],
                  "productID" : "app.other", "referenceName" : "Other", "type" : "NonConsumable" },
                { "displayPrice" : "0.99", "localizations" : [ { "description" : "", "displayName" : "Broken", "locale" : "" } ],
                  "productID" : "app.broken", "referenceName" : "Broken", "type" : "NonConsumable" }
              ],
              "settings" : { },
              "version" : { "major" : 3, "minor" : 0 }
            }
            """
        let report = StoreKitFixtures.lint(text: text)
        #expect(report.catalog == nil)
        let found = report.problems.map { "\($0.severity) \($0.field)" }
        #expect(found == ["error products[0].displayPrice", "error products[1].type", "error products[3].localizations[0].locale",
                          "error products[1].productID", "warning products[2].localizations"],
                "\(report.problems.map(\.description))")
        #expect(report.problems.first { $0.field == "products[1].productID" }?.message.contains("duplicate product ID") == true)
        #expect(try #require(report.partial).products.map(\.id) == ["app.unlock", "app.unlock", "app.other", "app.broken"])
    }

    @Test func anOverlayListsItsOwnProblemsWhenTheImportedFileHasErrors() {
        let folder = ScratchFolder()
        defer { folder.remove() }
        folder.write("Shop.storekit", StoreKitOverlayTests.shop.replacingOccurrences(of: "\"1.99\"", with: "\"1.999\""))
        let overlay = StoreKitOverlayTests.overlay("""
            "app": { "name": 5 },
              "credits": [{ "id": "coins", "maximum": 0 }]
            """, importing: "Shop.storekit")
        let report = CatalogLoader.lint(path: folder.write("Shop.json", overlay))
        let errors = report.problems.filter { $0.severity == .error }
        #expect(errors.map(\.field) == ["products[0].displayPrice", "app.name", "credits[0].maximum"], "\(errors.map(\.description))")
    }
}
