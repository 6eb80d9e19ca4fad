import Foundation
import Testing
@testable import StoreEngine

/// A .storekit file's settings become the store's starting settings, and the ledger's win.
@Suite struct StoreKitStoreSettingsTests {
    func store(_ fixture: String) throws -> (Store, ManualClock) {
        let catalog = try #require(StoreKitFixtures.lint(fixture).catalog)
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        return (try Store(catalog: catalog, log: InMemoryEventLog().connection(), clock: clock), clock)
    }

    @Test func askToBuyFromTheFileMakesPurchasesWaitUntilTheLedgerSaysOtherwise() throws {
        let (store, _) = try store("storefront__RightToLeft_Arabic.storekit")
        let buyer = Buyer()
        #expect(try store.purchase("com.example.ar.coins100", buyer: buyer, storefront: "SAU").name == "pending")
        try store.set(.askToBuy, to: "false", for: buyer)
        #expect(try store.purchase("com.example.ar.coins100", buyer: buyer, storefront: "SAU").name == "purchased")
    }

    @Test func timeRateFromTheFileIsAnchoredOnFirstUse() throws {
        let (store, clock) = try store("storefront__RightToLeft_Arabic.storekit")
        try store.applyCatalogTimeRate(buyer: Buyer())
        #expect(store.timeline.rate == .monthEvery30Seconds)
        let before = store.now()
        clock.advance(by: 30)
        #expect(abs(store.now().timeIntervalSince(before) - 30 * 86_400) < 1)
        try store.applyCatalogTimeRate(buyer: Buyer())
        #expect(store.snapshot.eventCount == 1)
    }

    @Test func billingRetryAndGraceFromTheFileApplyToRenewals() throws {
        let (store, _) = try store("storefront__China_Chinese.storekit")
        let buyer = Buyer()
        let first = try store.purchase("com.example.cn.member.monthly", buyer: buyer, storefront: "CHN")
        #expect(first.transaction?.price == 1)
        try store.advance(by: try #require(StoreDuration("P1M")), buyer: buyer)
        #expect(store.entitlements(for: buyer).subscriptions.first?.state == .inGracePeriod)
    }
}
