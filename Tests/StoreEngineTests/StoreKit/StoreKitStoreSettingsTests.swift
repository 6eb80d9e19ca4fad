import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontTesting

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

    @Test func timeRateFromTheFileIsInForceFromTheFirstReadAndRunsFromTheFirstEvent() throws {
        let catalog = try #require(StoreKitFixtures.lint("storefront__RightToLeft_Arabic.storekit").catalog)
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        let log = InMemoryEventLog()
        let store = try Store(catalog: catalog, log: log.connection(), clock: clock)
        #expect(store.timeline.rate == .monthEvery30Seconds)
        #expect(store.now() == clock.now(), "nothing has happened yet: store time is real time")
        _ = try store.purchase("com.example.ar.coins100", buyer: Buyer(), storefront: "SAU")
        let firstEvent = try #require(log.allEvents.first)
        #expect(firstEvent.time == Date(timeIntervalSince1970: 1_796_000_000), "no jump at the first write")
        clock.advance(by: 30)
        #expect(abs(store.now().timeIntervalSince(firstEvent.time) - 30 * 86_400) < 1)
        #expect(log.allEvents.allSatisfy { $0.kind != .clock }, "the rate needs no clock event")
        let other = try Store(catalog: catalog, log: log.connection(), clock: clock)
        #expect(other.now() == store.now())
        #expect(other.timeline == store.timeline)
    }

    @Test func aRateSetInTheLedgerWinsOverTheFile() throws {
        let (store, clock) = try store("storefront__RightToLeft_Arabic.storekit")
        try store.setTimeRate(.realTime, buyer: Buyer())
        let before = store.now()
        clock.advance(by: 30)
        #expect(store.timeline.rate == .realTime)
        #expect(store.now().timeIntervalSince(before) == 30)
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
