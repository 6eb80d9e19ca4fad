import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StorefrontText

/// Credit counts are written as the locale writes numbers, grouped as prices beside them are
/// ("10,000,000 left", "10.000.000" in German), while a command to type keeps plain digits.
@Suite struct CreditCountWordsTests {
    /// Rage with its face pack granting `amount` and rage faces held up to `maximum`.
    func store(grant amount: Int, maximum: Int) throws -> (Store, StoreText) {
        var catalog = try CatalogLoader.loadBundled("Rage")
        catalog.credits = catalog.credits.map { credit in
            var changed = credit
            if credit.id == "rage-faces" { changed.maximum = maximum }
            return changed
        }
        catalog.products = catalog.products.map { product in
            var changed = product
            if product.id == Rage.face { changed.grant?.amount = amount }
            return changed
        }
        let store = try StoreFixture(catalog: catalog).store()
        return (store, StoreText(catalog: catalog, locale: "en_US", storefront: "USA"))
    }

    @Test("Counts are grouped in the locale's way, in its digits, as its prices are")
    func theFormatter() throws {
        let (store, english) = try store(grant: 5, maximum: 100)
        #expect(english.count(7) == "7" && english.count(1_234) == "1,234" && english.count(10_000_000_000) == "10,000,000,000")
        let german = StoreText(catalog: store.catalog, locale: "de_DE", storefront: "DEU")
        #expect(german.count(1_234_567) == "1.234.567")
        let arabic = StoreText(catalog: store.catalog, locale: "ar_EG", storefront: "USA")
        #expect(arabic.count(15) == "١٥", "Arabic-Indic digits, as ar_EG's prices have")
    }

    @Test("A period's length is in the locale's digits as the counts beside it are (before: \"٣ renewals\" beside \"for 3 months\")")
    func periodsInTheLocalesDigits() throws {
        let (store, english) = try store(grant: 5, maximum: 100)
        let arabic = StoreText(catalog: store.catalog, locale: "ar_EG", storefront: "USA")
        let threeMonths = SubscriptionPeriod(value: 3, unit: .month)
        #expect(english.periodText(threeMonths) == "3 months" && arabic.periodText(threeMonths) == "٣ months")
        #expect(arabic.recurringPrice(1, period: threeMonths, abbreviated: true).hasSuffix("/٣ mo"))
        #expect(arabic.everyPeriodText(threeMonths) == "every ٣ months")
        #expect(arabic.purchasedName(productID: Rage.face, quantity: 3).hasPrefix("٣ × "), "a quantity too")
        #expect(CommandLineText.Purchases.storeTimeAdvanced(to: "now", dueEvents: 0, text: arabic).hasSuffix("٠ subscription events fell due."))
    }

    @Test("A grant, a balance, a spend and a refund of thousands read grouped (before: '1000000 left')")
    func sentencesGroupTheirCounts() throws {
        let (store, text) = try store(grant: 1_500, maximum: 10_000_000)
        let outcome = try store.purchase(Rage.face, quantity: 2, buyer: phone, storefront: "USA")
        let bought = text.message(for: outcome, product: store.catalog.product(id: Rage.face), balance: 3_000, owner: nil)
        #expect(bought.hasPrefix("Added 3,000 Rage Faces with 2 × Random Rage Face"), "\(bought)")
        #expect(bought.contains("you now have 3,000."), "\(bought)")
        let product = try #require(store.catalog.product(id: Rage.face))
        #expect(text.grantText(product, quantity: 2) == "+3,000 Rage Faces")
        #expect(text.statusText(.credits(credit: "rage-faces", balance: 3_000)) == "3,000 left")
        #expect(StorefrontPaneText.balance(3_000, undelivered: 1_500, text: text) == "3,000 (+1,500 undelivered)")
        #expect(CommandLineText.Purchases.spent(1_200, of: "Rage Faces", left: 1_800, text: text) == "Spent 1,200 of your Rage Faces; 1,800 left.")
        #expect(CommandLineText.Account.credit("Rage Faces", id: "rage-faces", balance: 1_800, text: text) == "Rage Faces (rage-faces): 1,800")
        _ = try store.spend("rage-faces", amount: 2_000, buyer: phone)
        let refunded = text.refundMessage(try store.refund(try #require(outcome.transaction).id))
        #expect(refunded.hasSuffix("Took back 1,000 of the Rage Faces it granted; 2,000 had already been spent."), "\(refunded)")
    }

    @Test("A refusal over the maximum groups its counts but keeps the command's amount plain")
    func theCommandKeepsPlainDigits() throws {
        let (store, text) = try store(grant: 4_000, maximum: 10_000)
        _ = try store.purchase(Rage.face, quantity: 2, buyer: phone, storefront: "USA")
        let outcome = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        let said = text.message(for: outcome, product: store.catalog.product(id: Rage.face), balance: nil, owner: nil)
        #expect(said.contains("the balance of Rage Faces is 8,000, and at most 10,000 may be held; 4,000 more would go over it."), "\(said)")
        #expect(said.contains("Spend at least 2,000 first (`storefront spend rage-faces --amount 2000`"), "\(said)")
    }
}
