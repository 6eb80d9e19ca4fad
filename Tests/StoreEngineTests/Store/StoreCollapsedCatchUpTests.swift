import Foundation
import Testing
@testable import StoreEngine

/// A catch-up over many periods is one bounded step: beyond `maximumRenewalsPerCatchUp`
/// renewals, the missed ones collapse into one renewal of the current period.
@Suite struct StoreCollapsedCatchUpTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    func renewals() -> [StoreEvent] { fixture.log.allEvents.filter { $0.kind == .renew } }

    @Test func aCenturyOfMonthlyRenewalsIsRecordedInBoundedSteps() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let target = try store.advance(by: try StoreDuration.parse("P100Y"), buyer: phone)
        let recorded = renewals()
        #expect(recorded.count == SubscriptionSchedule.maximumRenewalsPerCatchUp + 1)
        let last = try #require(recorded.last)
        #expect(last.time <= target && (last.expiresDate ?? .distantPast) > target)
        #expect(last.offer == nil && last.price == "2.99")
        // The periods never overlap and every key is used once.
        for (earlier, later) in zip(recorded, recorded.dropFirst()) {
            #expect((earlier.expiresDate ?? .distantFuture) <= later.time)
        }
        #expect(Set(recorded.compactMap(\.renewalKey)).count == recorded.count)
        let subscription = try #require(store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.monthly })
        #expect(subscription.state == .subscribed)
        // Nothing more is due: reads from here append nothing.
        let count = fixture.log.allEvents.count
        #expect(try store.catchUp() == false)
        #expect(try fixture.store().catchUp() == false)
        #expect(fixture.log.allEvents.count == count)
    }

    @Test func collapsedPeriodsStayAnchoredToTheFirstPeriodsDay() throws {
        let schedule = SubscriptionSchedule(catalog: fixture.catalog)
        var renewal = StoreEvent(kind: .renew, time: Date(timeIntervalSince1970: 1_801_872_000),
                                 app: "com.example.rage", account: "tester", device: "phone")
        renewal.productId = Rage.monthly
        renewal.storefront = "USA"
        renewal.offer = .introductory(.payAsYouGo)
        renewal.offerPeriodsLeft = 2
        let now = Date(timeIntervalSince1970: 1_801_872_000 + 400 * 86_400)
        let collapsed = schedule.collapsed(renewal, at: now)
        let calendar = { () -> Calendar in var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "UTC")!; return c }()
        #expect(calendar.component(.day, from: collapsed.time) == calendar.component(.day, from: renewal.time))
        #expect(collapsed.time <= now && (collapsed.expiresDate ?? .distantPast) > now)
        #expect(calendar.dateComponents([.month], from: collapsed.time, to: collapsed.expiresDate ?? now).month == 1)
        #expect(collapsed.offer == nil && collapsed.offerPeriodsLeft == nil)
    }
}
