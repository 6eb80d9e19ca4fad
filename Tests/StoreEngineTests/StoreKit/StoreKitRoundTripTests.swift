import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// Converting a `.storekit` file with `CatalogWriter` and reading the result back gives the
/// same products, prices, credits, groups and offers.
@Suite struct StoreKitRoundTripTests {
    private func convertedBack(_ catalog: Catalog) -> (text: String, report: CatalogLoader.Report) {
        let text = CatalogWriter.write(catalog)
        return (text, CatalogLoader.lint(bytes: Array(text.utf8), file: "converted.json"))
    }

    @Test(arguments: StoreKitFixtures.sampleNames)
    func convertedSampleReadsBackUnchanged(name: String) throws {
        let originalReport = StoreKitFixtures.lint(name)
        let original = try #require(originalReport.catalog)
        let (text, report) = convertedBack(original)
        #expect(report.format == .storefront)
        // An offer id given twice is warned of in both formats alike; nothing else is said of a converted catalog.
        let repeatedOfferIDs = originalReport.problems.filter { $0.message.contains("is also used by") }.count
        #expect(report.problems.count == repeatedOfferIDs && report.problems.allSatisfy {
            $0.severity == .warning && $0.message.contains("is also used by promotionalOffers[")
        }, "\(report.problems)")
        var readBack = try #require(report.catalog)
        #expect(readBack.initialSettings == nil)
        #expect(readBack.products == original.products)
        #expect(readBack.storefronts == original.storefronts)
        #expect(readBack.credits == original.credits)
        #expect(readBack.subscriptionGroups == original.subscriptionGroups)
        readBack.source = original.source
        readBack.initialSettings = original.initialSettings
        #expect(readBack == original)
        #expect(CatalogWriter.write(readBack) == text, "writing is stable")
    }

    @Test(arguments: CatalogLoader.bundledNames)
    func bundledCatalogReadsBackUnchanged(name: String) throws {
        let original = try CatalogLoader.loadBundled(name)
        let (_, report) = convertedBack(original)
        #expect(report.problems.isEmpty, "\(report.problems)")
        var readBack = try #require(report.catalog)
        readBack.source = original.source
        #expect(readBack == original)
    }

    @Test func everyKindOfOfferSurvivesConversion() throws {
        let original = try #require(StoreKitFixtures.lint("RevenueCat__purchases-ios__UnitTestsConfiguration.storekit").catalog)
        var product = try #require(original.product(id: "com.revenuecat.annual_with_commitment"))
        let plans = try #require(product.subscription?.billingPlans)
        #expect(plans.map(\.kind) == [.billedUpfront, .monthly])
        // No sample fills these; give the product one of each so the round trip covers them.
        product.subscription?.winBackOffers = [PromotionalOffer(id: "come-back", paymentMode: .payUpFront,
                                                                period: SubscriptionPeriod(value: 3, unit: .month),
                                                                prices: ["USA": Decimal(string: "4.99") ?? 0])]
        product.subscription?.billingPlans[1].introOffer = IntroOffer(paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week))
        product.subscription?.offerCodes = [OfferCode(id: "SPRING", eligibility: [.expired, .new], isStackable: true,
                                                      paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month),
                                                      periodCount: 3, prices: ["USA": Decimal(string: "0.49") ?? 0])]
        var catalog = original
        catalog.products = catalog.products.map { $0.id == product.id ? product : $0 }
        let (text, report) = convertedBack(catalog)
        #expect(text.contains("\"winBackOffers\""))
        #expect(text.contains("\"eligibility\": [\"new\", \"expired\"]"))
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.catalog?.product(id: product.id) == product)
    }

    @Test func writerOutputIsPrettyStableAndExact() throws {
        let catalog = try #require(StoreKitFixtures.lint("chicktack0321__eitango_tokkun__Products.storekit").catalog)
        let text = CatalogWriter.write(catalog)
        let expected = """
            {
              "format": "storefront-catalog",
              "version": 1,
              "app": {
                "name": "chicktack0321__eitango_tokkun__Products",
                "bundleId": "A1B2C3D4-0000-0000-0000-EITANGOAPP01"
              },
              "defaultLanguage": "ja",
              "storefronts": [
                { "code": "JPN", "currency": "JPY" }
              ],
              "credits": [],
              "subscriptionGroups": [],
              "products": [
                {
                  "id": "com.eitango.app.unlock.grade2",
                  "type": "nonConsumable",
                  "referenceName": "Grade 2 core vocabulary unlock",
                  "localizations": {
                    "ja": {
                      "title": "2級コア発展語彙の解放",
                      "description": "英検2級で実際に問われる発展語彙を、クイズ・タイピング・聞き流しの出題対象に加えます。買い切りで、月額・年額の課金はありません。"
                    }
                  },
                  "prices": { "JPN": "500" }
                }
              ]
            }

            """
        #expect(text == expected)
    }

    @Test func writerEscapesTextThatWouldBreakJSON() throws {
        var catalog = try #require(StoreKitFixtures.lint("chicktack0321__eitango_tokkun__Products.storekit").catalog)
        catalog.products[0].localizations["ja"] = LocalizedText(title: "Quote \" backslash \\ tab\t", description: "line\nbreak \u{1B}[31m")
        let (text, report) = convertedBack(catalog)
        #expect(text.contains(#""title": "Quote \" backslash \\ tab\t""#))
        #expect(text.contains(#"line\nbreak \u001B[31m"#))
        #expect(report.catalog?.products == catalog.products)
    }
}
