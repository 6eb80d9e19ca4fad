import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

@Suite struct BundledCatalogTests {
    @Test(arguments: CatalogLoader.bundledNames)
    func bundledCatalogLoadsWithoutWarnings(name: String) throws {
        let bytes = try #require(CatalogLoader.bundledBytes(name))
        let report = CatalogLoader.lint(bytes: bytes, file: name)
        #expect(report.problems.isEmpty, "\(report.problems)")
        let catalog = try #require(report.catalog)
        #expect(catalog.storefronts.map(\.code) == ["USA", "DEU", "FRA", "JPN", "GBR"])
        for product in catalog.products {
            #expect(Set(product.localizations.keys) == ["en", "de", "fr", "ja"], "\(product.id)")
        }
    }

    @Test func rageHasTheRequiredProductsAndPrices() throws {
        let catalog = try CatalogLoader.loadBundled("Rage")
        let expected: [(String, ProductType, String, [String: String])] = [
            ("com.example.rage.comic.drummer", .nonConsumable, "Girlfriend of Drummer Rage", ["USA": "0.99", "DEU": "1.09", "FRA": "1.09", "JPN": "160", "GBR": "0.99"]),
            ("com.example.rage.comic.nightly", .nonConsumable, "Nightly Rage", ["USA": "1.99", "DEU": "2.29", "FRA": "2.29", "GBR": "1.99"]),
            ("com.example.rage.noads", .nonConsumable, "Remove Ads", ["USA": "2.99", "DEU": "3.49", "FRA": "3.49", "JPN": "450", "GBR": "2.99"]),
            ("com.example.rage.face.random", .consumable, "Random Rage Face", ["USA": "0.99", "DEU": "1.09", "FRA": "1.09", "JPN": "160", "GBR": "0.99"]),
            ("com.example.rage.lives.3", .consumable, "3 Extra Lives", ["USA": "1.99", "DEU": "2.29", "FRA": "2.29", "JPN": "300", "GBR": "1.99"]),
            ("com.example.rage.pro.monthly", .autoRenewable, "Rage Pro (Monthly)", ["USA": "2.99", "DEU": "3.49", "FRA": "3.49", "JPN": "450", "GBR": "2.99"]),
            ("com.example.rage.pro.yearly", .autoRenewable, "Rage Pro (Yearly)", ["USA": "19.99", "DEU": "22.99", "FRA": "22.99", "JPN": "3000", "GBR": "19.99"]),
            ("com.example.rage.season", .nonRenewing, "Rage Season Pass", ["USA": "4.99", "DEU": "5.49", "FRA": "5.49", "JPN": "800", "GBR": "4.99"]),
            ("com.example.rage.newsletter", .freeSubscription, "Rage Weekly", ["USA": "0", "DEU": "0", "FRA": "0", "JPN": "0", "GBR": "0"]),
        ]
        for (id, type, title, prices) in expected {
            let product = try #require(catalog.product(id: id))
            #expect(product.type == type)
            #expect(product.localizations["en"]?.title == title)
            #expect(product.prices.mapValues(ExactDecimal.string) == prices, "\(id)")
        }
        #expect(catalog.product(id: "com.example.rage.face.random")?.grant == CreditGrant(credit: "rage-faces", amount: 5))
        #expect(catalog.credit(id: "rage-faces")?.maximum == 50)
        #expect(catalog.product(id: "com.example.rage.lives.3")?.grant == CreditGrant(credit: "extra-lives", amount: 3))
        #expect(catalog.credit(id: "extra-lives")?.maximum == 99)
        let monthly = try #require(catalog.product(id: "com.example.rage.pro.monthly")?.subscription)
        #expect(monthly.group == "rage-pro" && monthly.period.description == "P1M")
        #expect(monthly.introOffer == IntroOffer(paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)))
        #expect(catalog.product(id: "com.example.rage.pro.yearly")?.subscription?.period.description == "P1Y")
        #expect(catalog.product(id: "com.example.rage.season")?.duration?.description == "P3M")
    }

    @Test func spaceShooterAndMagazineHaveTheirProducts() throws {
        let shooter = try CatalogLoader.loadBundled("SpaceShooter")
        #expect(shooter.products.map(\.type) == [.nonConsumable, .consumable, .consumable])
        #expect(shooter.product(id: "com.example.spaceshooter.donate")?.grant == nil)
        #expect(shooter.product(id: "com.example.spaceshooter.lives.5")?.grant?.amount == 5)
        let magazine = try CatalogLoader.loadBundled("Magazine")
        #expect(magazine.products.map(\.type) == [.autoRenewable, .autoRenewable, .nonRenewing, .freeSubscription])
        #expect(Set(magazine.products.compactMap(\.subscription?.group)) == ["issues"])
        #expect(magazine.products.compactMap(\.subscription?.introOffer?.paymentMode) == [.freeTrial, .freeTrial])
    }

    @Test func localizedTextFallsBackFromRegionToLanguageToDefault() throws {
        let drummer = try #require(try CatalogLoader.loadBundled("Rage").product(id: "com.example.rage.comic.drummer"))
        let title = { (locale: String) in LanguageFallback.resolve(drummer.localizations, locale: locale, defaultLanguage: "en")?.title }
        #expect(title("de_CH") == "Freundin des Schlagzeugers")
        #expect(title("ja_JP.UTF-8") == "ドラマーの彼女レイジ")
        #expect(title("pt_BR") == "Girlfriend of Drummer Rage")
        #expect(title("de-CH") == "Freundin des Schlagzeugers")
    }
}
