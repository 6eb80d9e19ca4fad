import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// The test-session settings of a `.storekit` file are read into `StoreKitSettings`, each one
/// known or reported, and described for `catalog lint`.
@Suite struct StoreKitSettingsTests {
    private func settings(_ members: String) throws -> (StoreKitSettings, CatalogLoader.Report) {
        let report = StoreKitFixtures.lint(text: StoreKitCountryCodeTests.oneProduct(price: "\"0.99\"", settings: members))
        let catalog = try #require(report.catalog, "\(report.problems)")
        return (try #require(catalog.initialSettings), report)
    }

    @Test func newestFormatSettingsAreReadAndDescribed() throws {
        let catalog = try #require(StoreKitFixtures.lint("RevenueCat__purchases-ios__UnitTestsConfiguration.storekit").catalog)
        let settings = try #require(catalog.initialSettings)
        #expect(settings.askToBuyEnabled == false)
        #expect(settings.billingGracePeriodEnabled == false)
        #expect(settings.timeRate == .realTime)
        #expect(settings.simulatedErrors == [])
        let lines = settings.descriptionLines(applied: [.askToBuyEnabled])
        #expect(lines.contains("_askToBuyEnabled: false (recognised; applied)"))
        #expect(lines.contains("_disableDialogs: false (recognised; no effect in Storefront)"))
        #expect(lines.contains("_storefront: USA (recognised; applied: prices are in USD)"))
        #expect(lines.count == 10)
    }

    @Test func formatOneErrorCodeIsNamed() throws {
        let (settings, _) = try settings(#""_failTransactionsEnabled" : true, "_storeKitError" : 2"#)
        #expect(settings.failTransactionsEnabled == true)
        #expect(settings.storeKitError == 2)
        #expect(settings.descriptionLines(applied: settings.appliedKeys).contains("_storeKitError: 2 = paymentCancelled (recognised; applied)"))
        #expect(settings.storeSettings.failures[.purchase] == InjectedFailure(error: .userCancelled, once: false))
    }

    @Test func simulatedErrorsPerAPIAreRead() throws {
        let (settings, _) = try settings("""
            "_storeKitErrors" : [
              { "current" : null, "enabled" : false, "name" : "Load Products" },
              { "current" : { "index" : 4, "type" : "generic" }, "enabled" : true, "name" : "Purchase" }
            ]
            """)
        #expect(settings.simulatedErrors == [SimulatedStoreKitError(api: "Load Products", isEnabled: false),
                                             SimulatedStoreKitError(api: "Purchase", isEnabled: true, errorType: "generic", errorIndex: 4)])
        #expect(settings.descriptionLines(applied: settings.appliedKeys) == ["_storeKitErrors: enabled for Purchase (generic 4) (recognised; applied)"])
        #expect(settings.storeSettings.failures == [.purchase: InjectedFailure(error: .unknown, once: false)])
    }

    @Test("_storeKitErrors with an API Storefront does not simulate beside ones it does is applied, naming the one left out (before: no effect, though applied)")
    func simulatedErrorsPartlyApplied() throws {
        let (settings, _) = try settings("""
            "_storeKitErrors" : [
              { "current" : { "index" : 0, "type" : "generic" }, "enabled" : true, "name" : "Purchase" },
              { "current" : { "index" : 1, "type" : "generic" }, "enabled" : true, "name" : "App Transaction" }
            ]
            """)
        #expect(settings.descriptionLines(applied: settings.appliedKeys, unsimulated: settings.unsimulatedAPIs)
            == ["_storeKitErrors: enabled for Purchase (generic 0), App Transaction (generic 1) (recognised; applied, except for App Transaction, which Storefront does not simulate)"])
        #expect(settings.storeSettings.failures.keys.sorted { "\($0)" < "\($1)" } == [.purchase])
    }

    @Test("A _storeKitErrors entry naming an API Xcode does not have is warned of (before: passed over without a word)")
    func unknownSimulatedErrorAPIIsWarnedOf() throws {
        let (misspelt, report) = try settings(#""_storeKitErrors" : [ { "current" : null, "enabled" : true, "name" : "Purchases" } ]"#)
        #expect(misspelt.simulatedErrors == [SimulatedStoreKitError(api: "Purchases", isEnabled: true)])
        let warning = try #require(report.problems.first { $0.severity == .warning && $0.field == "settings._storeKitErrors[0].name" })
        #expect(warning.message.contains("\"Purchases\" is not an API Xcode simulates errors for (Load Products, Purchase,"), "\(warning.message)")
        let (known, knownReport) = try settings(#""_storeKitErrors" : [ { "current" : null, "enabled" : true, "name" : "App Transaction" } ]"#)
        #expect(known.simulatedErrors?.count == 1 && !knownReport.problems.contains { $0.field.hasSuffix(".name") }, "\(knownReport.problems)")
    }

    @Test func timeRatesAreNamedByTheirRawValues() throws {
        let (fast, _) = try settings(#""_timeRate" : 15, "_compatibilityTimeRate" : { "3" : 6 }"#)
        #expect(fast.timeRate == .monthlyRenewalEveryThirtySeconds)
        #expect(fast.timeRate?.speed == .monthLasts(seconds: 30))
        #expect(fast.compatibilityTimeRate == #"{"3": 6}"#)
        #expect(fast.descriptionLines(applied: fast.appliedKeys).first == "_timeRate: 15 = monthly renewal every 30 seconds (recognised; applied)")
        #expect(fast.storeTimeRate == .monthEvery30Seconds)
        #expect(StoreKitTimeRate(rawValue: 1005)?.speed == .everyPeriodLasts(seconds: 2))
        #expect(StoreKitTimeRate(rawValue: 6)?.phrase == "one day every second")
        #expect(StoreKitTimeRate(rawValue: 10)?.phrase == "monthly renewal every hour")
        #expect(StoreKitTimeRate(rawValue: 14) == nil)
    }

    @Test func unknownSettingsAreWarnedAboutAndListed() throws {
        let (settings, report) = try settings(#""_timeRate" : 7, "_futureSwitch" : true"#)
        #expect(settings.timeRate == nil)
        #expect(settings.unrecognised == [UnrecognisedSetting(key: "_timeRate", value: "7"),
                                          UnrecognisedSetting(key: "_futureSwitch", value: "true")])
        #expect(settings.descriptionLines() == ["_timeRate: 7 (not recognised; ignored)", "_futureSwitch: true (not recognised; ignored)"])
        let warnings = report.problems.filter { $0.severity == .warning }.map(\.field)
        #expect(warnings == ["settings._timeRate", "settings._futureSwitch"])
    }

    @Test func syncRecordsAreKeptAsWrittenEvenWhenPlaceholders() throws {
        let catalog = try #require(StoreKitFixtures.lint("boboul-cloud__Pret-Materiel__Products.storekit").catalog)
        let settings = try #require(catalog.initialSettings)
        #expect(settings.syncRecords[.developerTeamID] == "XXXXXXXXXX")
        #expect(settings.syncRecords[.lastSynchronizedDate] == "755078400")
        #expect(settings.descriptionLines().contains("_developerTeamID: XXXXXXXXXX (recognised; a record of syncing with App Store Connect, no effect)"))
    }

    @Test(arguments: [("chicktack0321__eitango_tokkun__Products.storekit", "ja"),
                      ("boboul-cloud__Pret-Materiel__Products.storekit", "fr"),
                      ("RevenueCat__purchases-ios__v2.0_SimpleApp_Products.storekit", "es_ES"),
                      ("RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit", "en_US")])
    func fileLocaleBecomesTheDefaultLanguage(name: String, language: String) throws {
        let catalog = try #require(StoreKitFixtures.lint(name).catalog)
        #expect(catalog.defaultLanguage == language)
        #expect(catalog.products.allSatisfy { $0.localizations[language]?.title.isEmpty == false })
    }

    @Test func localeWithoutAnyTextFallsBackToTheMostUsedLocalization() throws {
        let (settings, report) = try settings(#""_locale" : "zh_CN""#)
        #expect(settings.locale == "zh_CN")
        #expect(report.catalog?.defaultLanguage == "en_US")
    }

    @Test("A _locale nobody knows is set aside with a warning at its line, and the texts default to en_US (before: taken as given and said \"applied\")",
          arguments: ["xx_YY", "english", "en_QQ"])
    func unknownLocaleIsSetAside(locale: String) throws {
        let (settings, report) = try settings(#""_locale" : "\#(locale)""#)
        #expect(settings.locale == nil)
        let warning = try #require(report.problems.first { $0.field == "settings._locale" }, "\(report.problems)")
        #expect(warning.severity == .warning && warning.line > 0)
        #expect(warning.message.contains("\"\(locale)\" is not a locale Storefront knows, so it is ignored and the texts default to en_US"),
                "\(warning.message)")
        #expect(!settings.descriptionLines().contains { $0.hasPrefix("_locale") })
    }

    @Test func ownCatalogsHaveNoStoreKitSettings() throws {
        #expect(try CatalogLoader.loadBundled("Rage").initialSettings == nil)
    }
}
