import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StorefrontText

/// Localizations are matched by language, script and region, as CLDR's likely subtags relate them.
@Suite struct LocaleMatchingTests {
    func text(_ table: [String: String], _ locale: String) -> String? {
        LanguageFallback.resolve(table, locale: locale, defaultLanguage: "en_US")
    }

    @Test(arguments: ["zh_CN", "zh-Hans-CN", "zh_Hans", "zh-Hans", "zh", "zh_SG"])
    func simplifiedChineseKeysMatchEveryWayOfWritingSimplifiedChinese(locale: String) {
        #expect(text(["en_US": "English", "zh_Hans": "简体"], locale) == "简体")
        #expect(text(["en_US": "English", "zh_CN": "简体"], locale) == "简体")
    }

    @Test(arguments: ["zh_TW", "zh-Hant", "zh_Hant_TW", "zh-Hant-TW", "zh_HK"])
    func traditionalChineseKeysMatchEveryWayOfWritingTraditionalChinese(locale: String) {
        #expect(text(["en_US": "English", "zh_TW": "繁體"], locale) == "繁體")
        #expect(text(["en_US": "English", "zh_Hant": "繁體"], locale) == "繁體")
        #expect(text(["en_US": "English", "zh_Hant_TW": "繁體"], locale) == "繁體")
    }

    @Test func oneScriptIsNeverShownForTheOther() {
        #expect(text(["en_US": "English", "zh_Hans": "简体"], "zh_TW") == "English")
        #expect(text(["en_US": "English", "zh_TW": "繁體"], "zh_CN") == "English")
        #expect(text(["en_US": "English", "zh_Hans": "简体", "zh_Hant": "繁體"], "zh_HK") == "繁體")
    }

    @Test func theSameRegionWinsThenTheBareLanguageThenAnotherRegion() {
        #expect(text(["en_US": "US", "en_GB": "GB", "en": "plain"], "en_GB") == "GB")
        #expect(text(["en_US": "US", "de": "Deutsch", "de_AT": "Österreich"], "de_CH") == "Deutsch")
        #expect(text(["en_US": "US", "de_AT": "Österreich"], "de_CH") == "Österreich")
        #expect(text(["en_US": "US", "de_AT": "Österreich", "de_DE": "Deutschland"], "de") == "Deutschland")
        #expect(text(["en_US": "US", "fr": "Français"], "ja_JP") == "US")
    }

    @Test func aStoreKitFileInSimplifiedChineseIsShownForZhCN() throws {
        let text = """
        {
          "identifier" : "0F0F0F0F",
          "products" : [ {
              "displayPrice" : "6",
              "localizations" : [ { "description" : "", "displayName" : "Unlock", "locale" : "en_US" },
                                  { "description" : "", "displayName" : "解锁", "locale" : "zh_Hans" } ],
              "productID" : "app.unlock", "referenceName" : "Unlock", "type" : "NonConsumable" } ],
          "settings" : { "_storefront" : "CHN" },
          "version" : { "major" : 3, "minor" : 0 }
        }
        """
        let catalog = try #require(StoreKitFixtures.lint(text: text).catalog)
        let texts = { (locale: String) in StoreText(catalog: catalog, locale: locale, storefront: "CHN").title(of: catalog.products[0]) }
        #expect(texts("zh_CN") == "解锁")
        #expect(texts("zh-Hans-CN") == "解锁")
        #expect(texts("en_US") == "Unlock")
    }

    @Test func aStoreKitFilesDefaultLanguageKeepsTheScriptOfItsLocale() throws {
        let product = { (id: String, locales: [String]) in
            let entries = locales.map { #"{ "description" : "", "displayName" : "\#(id) \#($0)", "locale" : "\#($0)" }"# }
            return #"{ "displayPrice" : "30", "localizations" : [ \#(entries.joined(separator: ", ")) ], "productID" : "\#(id)", "referenceName" : "\#(id)", "type" : "NonConsumable" }"#
        }
        let text = """
        {
          "identifier" : "0F0F0F0F",
          "products" : [ \(product("a", ["zh_Hans", "zh_Hant"])), \(product("b", ["zh_Hans"])) ],
          "settings" : { "_storefront" : "TWN", "_locale" : "zh_TW" },
          "version" : { "major" : 3, "minor" : 0 }
        }
        """
        let catalog = try #require(StoreKitFixtures.lint(text: text).catalog)
        #expect(catalog.defaultLanguage == "zh_Hant")
        #expect(catalog.product(id: "a")?.localizations["zh_Hant"]?.title == "a zh_Hant")
    }
}
