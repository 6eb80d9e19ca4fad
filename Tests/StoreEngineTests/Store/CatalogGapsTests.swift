import Foundation
import Testing
@testable import StoreEngine
import StoreCatalog
import StorefrontText

/// A catalog that lacks a product or credit an account's history holds says so: before, such
/// balances were left out and such purchases named by id without a word.
@Suite("What a history holds that the catalog does not name is said, not hidden")
struct CatalogGapsTests {
    let fixture: StoreFixture
    let trimmed: Catalog

    init() throws {
        fixture = try StoreFixture()
        var catalog = fixture.catalog
        catalog.credits.removeAll { $0.id == "extra-lives" }
        catalog.products.removeAll { $0.id == Rage.lives }
        trimmed = catalog
    }

    @Test("a trimmed catalog names the products and balances it lacks, for the account that holds them only")
    func trimmedCatalogNamesWhatItLacks() throws {
        let full = try fixture.store()
        for product in [Rage.lives, Rage.lives, Rage.face] { _ = try full.purchase(product, buyer: phone, storefront: "USA") }
        #expect(full.catalogGaps(for: phone).isEmpty)
        let store = try Store(catalog: trimmed, log: fixture.connection(), clock: fixture.clock)
        let gaps = store.catalogGaps(for: phone)
        #expect(gaps.products == [.init(id: Rage.lives, transactions: 2)])
        #expect(gaps.credits == [.init(id: "extra-lives", balance: 6)])
        #expect(store.catalogGaps(for: Buyer(account: "bob", device: "phone")).isEmpty)
        let text = StoreText(catalog: trimmed, locale: "en_US", storefront: "USA")
        #expect(text.catalogGapsWarning(gaps, buyer: phone)
                == "tester's history holds what the catalog of Rage (com.example.rage) does not have: 2 transactions of "
                + "com.example.rage.lives.3 (shown by their product id only); a balance of 6 in the credit extra-lives (not shown). "
                + "Nothing of it is lost: give the catalog that has them with --catalog to see them")
        #expect(text.catalogGapsWarning(store.catalogGaps(for: Buyer(account: "bob", device: "phone")), buyer: phone) == nil)
    }

    @Test("a balance spent to nothing hides nothing, so only the purchases are named")
    func aBalanceOfNothingIsNoGap() throws {
        let full = try fixture.store()
        _ = try full.purchase(Rage.lives, buyer: phone, storefront: "USA")
        _ = try full.spend("extra-lives", amount: 3, buyer: phone)
        let gaps = try Store(catalog: trimmed, log: fixture.connection(), clock: fixture.clock).catalogGaps(for: phone)
        #expect(gaps.credits.isEmpty && gaps.products == [.init(id: Rage.lives, transactions: 1)], "\(gaps)")
    }
}
