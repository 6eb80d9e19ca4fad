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
                + "com.example.rage.lives.3 (shown by their product id only); a balance of 6 in the credit extra-lives (not shown; "
                + "counted over all the account's devices). Nothing of it is lost, and subscriptions on such plans are neither renewed "
                + "nor ended through this catalog: give the catalog that has them (--catalog PATH) to see them")
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

/// A catalog that lacks the plan an account's subscription runs on decides nothing about that
/// subscription: before, it ended it for every process at its renewal (`productUnavailable`),
/// and took any other plan of the group for an upgrade, charged and refunded at once.
@Suite("A catalog that lacks a subscription's plan leaves it alone")
struct CatalogLackingAPlanTests {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    func store(without productID: String) throws -> Store {
        var catalog = fixture.catalog
        catalog.products.removeAll { $0.id == productID }
        return try Store(catalog: catalog, log: fixture.connection(), clock: fixture.clock)
    }

    @Test("renewals that fall due are left to a catalog that has the plan, which then records them")
    func dueRenewalsWaitForACatalogWithThePlan() throws {
        _ = try fixture.store().purchase(Rage.monthly, buyer: phone, storefront: "USA")
        fixture.clock.advance(by: 40 * 86_400)
        let trimmed = try store(without: Rage.monthly)
        let before = try fixture.allEvents().count
        _ = try trimmed.catchUp()
        #expect(try fixture.allEvents().count == before, "nothing recorded by the catalog without the plan")
        let full = try fixture.store()
        _ = try full.catchUp()
        let kinds = try fixture.allEvents().dropFirst(before).map(\.kind)
        #expect(kinds.contains(.renew) && !kinds.contains(.expire), "\(kinds)")
        #expect(full.subscription(Rage.monthly, for: phone.account)?.status == .subscribed)
    }

    @Test("past a due date it cannot decide, the catalog's entitlements say what fell due is not recorded and give no access (before: subscribed, entitled, renews)")
    func entitlementsPastAnUndecidedDueDate() throws {
        _ = try fixture.store().purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let trimmed = try store(without: Rage.monthly)
        let running = try #require(trimmed.entitlements(for: phone).subscriptions.first)
        #expect(running.dueNotRecorded == nil && running.isEntitled, "before its date nothing is due")
        fixture.clock.advance(by: 40 * 86_400)
        let lapsed = try #require(trimmed.entitlements(for: phone).subscriptions.first)
        #expect(lapsed.state == .subscribed && lapsed.dueNotRecorded == lapsed.expiresDate && !lapsed.isEntitled, "\(lapsed)")
        let text = StoreText(catalog: trimmed.catalog, locale: "en_US", storefront: "USA")
        let words = text.entitlementDetails(of: lapsed)
        #expect(words.hasSuffix("is not recorded, as this catalog does not have its plan (give the catalog that has it)")
                && !words.contains("renews"), "\(words)")
        let full = try #require(try fixture.store().entitlements(for: phone).subscriptions.first)
        #expect(full.dueNotRecorded == nil && full.isEntitled && full.renewalCount >= 1, "\(full)")
    }

    @Test("renewals of a promotional offer's periods are left to a catalog that has the offer, which charges its price (before: the regular price)")
    func offerPeriodsWaitForACatalogWithTheOffer() throws {
        let full = try fixture.store()
        _ = try full.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try full.expire(Rage.monthly, buyer: phone)
        let comeback = try full.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: Store.PurchaseOptions(offerID: "rage.pro.comeback"))
        #expect(comeback.transaction?.price == Decimal(string: "0.99"), "\(comeback)")
        var catalog = fixture.catalog
        let index = try #require(catalog.products.firstIndex { $0.id == Rage.monthly })
        catalog.products[index].subscription?.promotionalOffers = []
        let withoutOffer = try Store(catalog: catalog, log: fixture.connection(), clock: fixture.clock)
        fixture.clock.advance(by: 35 * 86_400)
        let before = try fixture.allEvents().count
        _ = try withoutOffer.catchUp()
        #expect(try fixture.allEvents().count == before, "nothing recorded by the catalog without the offer")
        _ = try fixture.store().catchUp()
        let renewals = try fixture.store().snapshot.transactions(of: phone.account).filter { $0.purchaseDate > comeback.transaction!.purchaseDate }
        #expect(renewals.map(\.price) == [Decimal(string: "0.99")], "\(renewals.map(\.price))")
    }

    @Test("renewing now a plan the catalog lacks is refused, naming the plan (before: \"there is no transaction\" with the product's id)")
    func renewingAPlanTheCatalogLacksIsRefused() throws {
        let yearly = try #require(try fixture.store().purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let trimmed = try store(without: Rage.yearly)
        let before = try fixture.allEvents().count
        #expect(throws: StoreError.planNotInCatalog(productID: Rage.yearly)) { try trimmed.renew(yearly.id, buyer: phone) }
        #expect(try fixture.allEvents().count == before)
        #expect(StoreError.planNotInCatalog(productID: Rage.yearly).description.hasPrefix(
            "renewing now would charge for com.example.rage.pro.yearly, a plan this catalog does not have"))
    }

    @Test("a plan the catalog has but no longer sells in the storefront still ends at its renewal, productUnavailable")
    func aPlanNotSoldHereEndsAsBefore() throws {
        _ = try fixture.store().purchase(Rage.monthly, buyer: phone, storefront: "USA")
        fixture.clock.advance(by: 40 * 86_400)
        var catalog = fixture.catalog
        let index = try #require(catalog.products.firstIndex { $0.id == Rage.monthly })
        catalog.products[index].prices["USA"] = nil
        let store = try Store(catalog: catalog, log: fixture.connection(), clock: fixture.clock)
        _ = try store.catchUp()
        let chain = try #require(store.subscription(Rage.monthly, for: phone.account))
        #expect(chain.status == .expired && chain.expirationReason == .productUnavailable, "\(chain.status)")
    }

    @Test("buying another plan of the group is refused, naming the plan the catalog lacks, and nothing is charged (before: an upgrade, charged at once)")
    func anotherPlanOfTheGroupIsRefused() throws {
        _ = try fixture.store().purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let trimmed = try store(without: Rage.yearly)
        let before = try fixture.allEvents().count
        let outcome = try trimmed.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(outcome == .refused(.currentPlanUnknown(productID: Rage.monthly, current: Rage.yearly)), "\(outcome)")
        #expect(try fixture.allEvents().count == before)
        let text = StoreText(catalog: trimmed.catalog, locale: "en_US", storefront: "USA")
        let product = try #require(trimmed.catalog.product(id: Rage.monthly))
        #expect(text.message(for: outcome, product: product).hasPrefix(
            "Your subscription in this group is on com.example.rage.pro.yearly, a plan this catalog does not have"))
    }

    @Test("the group's other plans read groupPlanUnknown, in lists and the pane, while the account runs on a plan the catalog lacks (before: available)")
    func theGroupsOtherPlansSayTheyCannotBeBought() throws {
        _ = try fixture.store().purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let trimmed = try store(without: Rage.yearly)
        let monthly = try #require(trimmed.catalog.product(id: Rage.monthly))
        let status = trimmed.status(of: monthly, in: trimmed.entitlements(for: phone), storefront: "USA")
        #expect(status == .groupPlanUnknown(current: Rage.yearly) && status.name == "groupPlanUnknown", "\(status)")
        let text = StoreText(catalog: trimmed.catalog, locale: "en_US", storefront: "USA")
        #expect(text.statusText(status) == "Not with this catalog (your plan com.example.rage.pro.yearly is not in it)")
        #expect(StorefrontPaneText.status(status, product: monthly, text: text).hasPrefix(
            "Cannot be bought with this catalog: your subscription in its group is on com.example.rage.pro.yearly"))
        let full = try fixture.store()
        let fullStatus = full.status(of: try #require(full.catalog.product(id: Rage.monthly)), in: full.entitlements(for: phone), storefront: "USA")
        #expect(fullStatus == .available, "the full catalog knows it for a downgrade at the renewal: \(fullStatus)")
    }
}
