import Foundation
import Testing
@testable import StoreEngine

/// Store time stops at `Store.latestStoreTime`: a period or pass that would begin there or later
/// could never begin, so nothing is charged for it (before, `renew` and a pass bought after a
/// run took money for periods from 3000 on).
@Suite struct StoreTimeStopTests {
    let fixture: StoreFixture
    let store: Store

    /// A store whose time is within a month of where it stops.
    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
        for step in ["P100Y", "P10Y", "P1Y", "P1M"] {
            let duration = try StoreDuration.parse(step)
            while (try? store.advance(by: duration, buyer: phone)) != nil {}
        }
    }

    @Test func aRenewalPaidAheadThatWouldBeginAfterStoreTimeStopsIsRefusedAndChargesNothing() throws {
        let now = store.projectedState().now
        #expect(now < Store.latestStoreTime && Store.latestStoreTime.timeIntervalSince(now) < 32 * 86_400)
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let periodEnd = try #require(store.subscription(Rage.yearly, for: "tester")?.expiresDate)
        let before = fixture.log.allEvents.count
        #expect(throws: StoreError.periodBeginsAfterStoreTimeStops(Rage.yearly, start: periodEnd, latest: Store.latestStoreTime)) {
            try store.renew(Rage.yearly, buyer: phone)
        }
        #expect(fixture.log.allEvents.count == before)
        #expect(store.subscription(Rage.yearly, for: "tester")?.expiresDate == periodEnd)
    }

    @Test func aPassThatWouldBeginAfterStoreTimeStopsIsNotSold() throws {
        let first = try store.purchase(Rage.season, buyer: phone, storefront: "USA")
        let runEnd = try #require(first.transaction?.expiresDate)
        #expect(runEnd > Store.latestStoreTime, "the pass running now may end after store time stops: it began before")
        let before = fixture.log.allEvents.count
        let second = try store.purchase(Rage.season, buyer: phone, storefront: "USA")
        #expect(second == .refused(.beginsAfterStoreTimeStops(productID: Rage.season, start: runEnd)))
        #expect(fixture.log.allEvents.count == before)
    }

    @Test("a plan change that would wait for a renewal after store time stops is not scheduled (before: scheduled, never to happen)")
    func aChangeAtARenewalAfterStoreTimeStopsIsRefused() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let periodEnd = try #require(store.subscription(Rage.yearly, for: "tester")?.expiresDate)
        #expect(periodEnd > Store.latestStoreTime)
        let before = fixture.log.allEvents.count
        let downgrade = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(downgrade == .refused(.beginsAfterStoreTimeStops(productID: Rage.monthly, start: periodEnd)))
        #expect(fixture.log.allEvents.count == before)
        #expect(store.subscription(Rage.yearly, for: "tester")?.pendingProductID == nil)
    }
}
