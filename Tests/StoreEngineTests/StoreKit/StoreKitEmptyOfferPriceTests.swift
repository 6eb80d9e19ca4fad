import Foundation
import Testing
@testable import StoreEngine

/// Xcode writes `"displayPrice" : ""` for an offer whose price was never filled in.
@Suite struct StoreKitEmptyOfferPriceTests {
    static func subscription(introOffer: String) -> String {
        """
        {
          "identifier" : "0F0F0F0F",
          "products" : [ ],
          "settings" : { },
          "subscriptionGroups" : [ {
              "id" : "AAAA0001", "localizations" : [ ], "name" : "Pro",
              "subscriptions" : [ {
                  "adHocOffers" : [ ], "codeOffers" : [ ], "displayPrice" : "4.99", "familyShareable" : false,
                  "groupNumber" : 1, "internalID" : "AAAA0002",
                  "introductoryOffer" : \(introOffer),
                  "localizations" : [ { "description" : "", "displayName" : "Pro", "locale" : "en_US" } ],
                  "productID" : "app.pro.monthly", "recurringSubscriptionPeriod" : "P1M",
                  "referenceName" : "Pro monthly", "subscriptionGroupID" : "AAAA0001", "type" : "RecurringSubscription" } ] } ],
          "version" : { "major" : 3, "minor" : 0 }
        }
        """
    }

    @Test func aPayAsYouGoOfferWithAnEmptyPriceLoadsWithoutTheOfferAndAWarning() throws {
        let offer = #"{ "displayPrice" : "", "internalID" : "AAAA0003", "numberOfPeriods" : 3, "paymentMode" : "payAsYouGo", "subscriptionPeriod" : "P1M" }"#
        let report = StoreKitFixtures.lint(text: Self.subscription(introOffer: offer))
        let catalog = try #require(report.catalog, "\(report.problems)")
        let product = try #require(catalog.product(id: "app.pro.monthly"))
        #expect(product.subscription?.introOffer == nil)
        #expect(product.price(in: "USA") == Decimal(string: "4.99"))
        let warning = try #require(report.problems.first { $0.field.hasSuffix("introductoryOffer.displayPrice") })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("empty price") && warning.line > 0)
    }

    @Test func aFreeTrialWithAnEmptyPriceNeedsNone() throws {
        let offer = #"{ "displayPrice" : "", "internalID" : "AAAA0003", "paymentMode" : "free", "subscriptionPeriod" : "P1W" }"#
        let report = StoreKitFixtures.lint(text: Self.subscription(introOffer: offer))
        let catalog = try #require(report.catalog, "\(report.problems)")
        #expect(catalog.product(id: "app.pro.monthly")?.subscription?.introOffer?.paymentMode == .freeTrial)
        #expect(!report.problems.contains { $0.field.hasSuffix("displayPrice") })
    }
}
