import Foundation
import StoreCatalog
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The storefront says, once per account, that the account's history holds what its catalog
/// does not name: at opening, after switching to such an account, and once another process
/// records one (before: such balances were left out without a word).
@Suite("Update: what the catalog lacks is said once per account")
struct CatalogGapsNoticeTests {
    typealias F = StorefrontFixture
    static let lives = "com.example.rage.lives.3"

    /// A storefront on the Rage catalog without Extra Lives, over a log that `full` (the whole
    /// catalog, as another process) writes to.
    static func trimmed() throws -> (fixture: F, full: Store) {
        var catalog = try CatalogLoader.loadBundled("Rage")
        let full = catalog
        catalog.credits.removeAll { $0.id == "extra-lives" }
        catalog.products.removeAll { $0.id == lives }
        let fixture = try F(catalog: catalog)
        return (fixture, try Store(catalog: full, log: fixture.log.connection(), clock: fixture.clock))
    }

    @Test("switching to an account that holds what the catalog lacks says so, once; the account opened with says nothing")
    func switchingToSuchAnAccountSaysSo() throws {
        let (fixture, full) = try Self.trimmed()
        let bob = Buyer(account: "bob", device: fixture.buyer.device)
        _ = try full.purchase(Self.lives, buyer: bob, storefront: "USA")
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.noticeCatalogGaps()
        #expect(state.notice == nil, "\(String(describing: state.notice))")
        try fixture.run(state.switchBuyer(bob, storefront: "USA"), on: &state)
        let notice = try #require(state.notice)
        #expect(notice.title == "Not in this catalog"
                && notice.message.hasPrefix("bob's history holds what the catalog of Rage (com.example.rage) does not have: "
                    + "1 transaction of com.example.rage.lives.3"), "\(notice.message)")
        state.notice = nil
        try fixture.run(state.switchBuyer(fixture.buyer, storefront: "USA"), on: &state)
        try fixture.run(state.switchBuyer(bob, storefront: "USA"), on: &state)
        #expect(state.notice == nil, "said once per account: \(String(describing: state.notice))")
    }

    @Test("a purchase the catalog lacks, recorded by another process while open, is said when it arrives")
    func aPurchaseMadeElsewhereIsSaid() throws {
        let (fixture, full) = try Self.trimmed()
        var state = fixture.state(size: Size(width: 100, height: 30))
        _ = try full.purchase(Self.lives, buyer: fixture.buyer, storefront: "USA")
        try fixture.store.refresh()
        _ = update(&state, .storeChanged(fixture.snapshot()))
        #expect(state.notice?.message.contains("a balance of 3 in the credit extra-lives (not shown; counted over all") == true,
                "\(String(describing: state.notice))")
    }

    /// A storefront on the Rage catalog without the yearly plan, for a buyer whom another
    /// process (the whole catalog) subscribed to it.
    static func yearlyTheCatalogLacks() throws -> F {
        var catalog = try CatalogLoader.loadBundled("Rage")
        let full = catalog
        catalog.products.removeAll { $0.id == "com.example.rage.pro.yearly" }
        let fixture = try F(catalog: catalog)
        _ = try Store(catalog: full, log: fixture.log.connection(), clock: fixture.clock)
            .purchase("com.example.rage.pro.yearly", buyer: fixture.buyer, storefront: "USA")
        try fixture.store.refresh()
        return fixture
    }

    @Test("another plan of a group whose subscription runs on a plan the catalog lacks opens an alert, not a sheet (before: a sheet charging an upgrade)")
    func noSheetForAPlanChangeThatCannotBeTold() throws {
        let fixture = try Self.yearlyTheCatalogLacks()
        var state = fixture.state(size: Size(width: 100, height: 30))
        SheetsAndPanesTests.select(F.monthly, in: &state)
        #expect(AppText.shortStatus(state.snapshot.status(of: F.monthly), state: state) == "Plan unknown",
                "the row says so before Enter (before: nothing, as an available plan)")
        #expect(state.send(.enter).isEmpty)
        let alert = try #require(state.topAlert, "\(state.overlays)")
        #expect(alert.message.hasPrefix("Your subscription in this group is on com.example.rage.pro.yearly, a plan this catalog does not have"),
                "\(alert.message)")
    }

    @Test("renewing now from the transactions screen a plan the catalog lacks says why, with no question (before: a question with no amount)")
    func noRenewQuestionForAPlanTheCatalogLacks() throws {
        let fixture = try Self.yearlyTheCatalogLacks()
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.send(.character("t"))
        #expect(state.send(.character("N")).isEmpty)
        let alert = try #require(state.topAlert, "\(state.overlays)")
        #expect(alert.message.hasPrefix("Renewing now would charge for com.example.rage.pro.yearly, a plan this catalog does not have"),
                "\(alert.message)")
    }
}
