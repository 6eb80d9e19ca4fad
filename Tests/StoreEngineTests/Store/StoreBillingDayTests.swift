import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// Renewals keep the subscription's billing day: periods count from the run's anchor, so a
/// subscription bought on the 31st renews on the last day of shorter months and on the 31st
/// again when the month has one.
@Suite struct StoreBillingDayTests {
    static let catalogText = """
    {
      "format": "storefront-catalog", "version": 1,
      "app": {"name": "Days", "bundleId": "com.example.days"},
      "defaultLanguage": "en",
      "storefronts": [{"code": "USA", "currency": "USD"}],
      "products": [
        {"id": "monthly", "type": "autoRenewable", "localizations": {"en": {"title": "Monthly"}}, "prices": {"USA": "3"},
         "subscription": {"group": "m", "period": "P1M"}},
        {"id": "weekly", "type": "autoRenewable", "localizations": {"en": {"title": "Weekly"}}, "prices": {"USA": "1"},
         "subscription": {"group": "w", "period": "P1W"}},
        {"id": "yearly", "type": "autoRenewable", "localizations": {"en": {"title": "Yearly"}}, "prices": {"USA": "30"},
         "subscription": {"group": "y", "period": "P1Y"}},
        {"id": "trial", "type": "autoRenewable", "localizations": {"en": {"title": "Trial"}}, "prices": {"USA": "3"},
         "subscription": {"group": "t", "period": "P1M", "introOffer": {"paymentMode": "freeTrial", "period": "P3D", "periods": 1}}}
      ]
    }
    """

    let fixture: StoreFixture
    let store: Store

    init() throws {
        let report = CatalogLoader.lint(bytes: Array(Self.catalogText.utf8), file: "days.json")
        fixture = StoreFixture(catalog: try #require(report.catalog))
        store = try fixture.store()
    }

    static let utc: Calendar = { var calendar = Calendar(identifier: .gregorian); calendar.timeZone = TimeZone(identifier: "UTC")!; return calendar }()

    static func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
        utc.date(from: DateComponents(year: year, month: month, day: day)) ?? .distantPast
    }

    /// Moves store time to `date` and buys `productID` there.
    func buy(_ productID: String, on date: Date) throws {
        fixture.clock.advance(by: date.timeIntervalSince(fixture.clock.now()))
        #expect(try store.purchase(productID, buyer: phone, storefront: "USA").isPurchased)
    }

    /// The start and end of every period of `productID` so far, purchase first.
    func periods(of productID: String) -> [(start: Date, end: Date)] {
        fixture.log.allEvents.filter { $0.productId == productID && ($0.kind == .purchase || $0.kind == .renew) }
            .map { ($0.time, $0.expiresDate ?? .distantPast) }
    }

    /// Moves store time to `date` and records what fell due.
    func advance(to date: Date) throws {
        fixture.clock.advance(by: date.timeIntervalSince(fixture.clock.now()))
        _ = try store.catchUp()
    }

    @Test func monthlyFromThe31stReturnsToThe31st() throws {
        try buy("monthly", on: Self.day(2027, 1, 31))
        try advance(to: Self.day(2027, 6, 1))
        let ends = periods(of: "monthly").map(\.end)
        #expect(ends == [Self.day(2027, 2, 28), Self.day(2027, 3, 31), Self.day(2027, 4, 30), Self.day(2027, 5, 31),
                         Self.day(2027, 6, 30)])
        // Periods join end to start: none overlaps, none is empty.
        for (earlier, later) in zip(periods(of: "monthly"), periods(of: "monthly").dropFirst()) {
            #expect(earlier.end == later.start && later.start < later.end)
        }
        // Another process folding the same ledger schedules the same next period.
        let reopened = try fixture.store()
        #expect(reopened.snapshot.subscriptions.values.first?.billingAnchor == Self.day(2027, 1, 31))
    }

    @Test func yearlyFromFebruary29thReturnsToIt() throws {
        try buy("yearly", on: Self.day(2028, 2, 29))
        try advance(to: Self.day(2032, 3, 1))
        #expect(periods(of: "yearly").map(\.end) == [Self.day(2029, 2, 28), Self.day(2030, 2, 28), Self.day(2031, 2, 28),
                                                      Self.day(2032, 2, 29), Self.day(2033, 2, 28)])
        #expect(periods(of: "yearly").map(\.start).first == Self.day(2028, 2, 29))
    }

    @Test func weeklyKeepsItsWeekday() throws {
        try buy("weekly", on: Self.day(2027, 1, 31))
        try advance(to: Self.day(2027, 2, 20))
        #expect(periods(of: "weekly").map(\.end) == (1...3).map { Self.day(2027, 1, 31) + TimeInterval($0 * 7 * 86_400) })
    }

    @Test func paidMonthsAfterATrialCountFromTheTrialsEnd() throws {
        // The three-day trial from 28 January ends on the 31st: the paid months bill on the 31st.
        try buy("trial", on: Self.day(2027, 1, 28))
        try advance(to: Self.day(2027, 4, 1))
        #expect(periods(of: "trial").map(\.end) == [Self.day(2027, 1, 31), Self.day(2027, 2, 28), Self.day(2027, 3, 31),
                                                     Self.day(2027, 4, 30)])
    }

    @Test func aLedgerOfChainedPeriodsStillRenewsWithoutOverlap() throws {
        // A ledger written before anchors were kept: 31 Jan → 28 Feb → 28 Mar, chained.
        try buy("monthly", on: Self.day(2027, 1, 31))
        let original = try #require(fixture.log.allEvents.last?.transactionId)
        for (start, end) in [(Self.day(2027, 2, 28), Self.day(2027, 3, 28))] {
            var renewal = try #require(fixture.log.allEvents.last)
            renewal.kind = .renew
            renewal.time = start
            renewal.expiresDate = end
            renewal.transactionId = String(Int(original)! + 1)
            renewal.originalTransactionId = original
            renewal.renewalKey = "\(original)@\(Int(Self.day(2027, 2, 28).timeIntervalSince1970))"
            _ = try fixture.log.connection().commit { _ in ([renewal], ()) }
        }
        fixture.clock.advance(by: Self.day(2027, 4, 1).timeIntervalSince(fixture.clock.now()))
        let reopened = try fixture.store()
        _ = try reopened.catchUp()
        let periods = periods(of: "monthly")
        #expect(periods.map(\.end) == [Self.day(2027, 2, 28), Self.day(2027, 3, 28), Self.day(2027, 3, 31), Self.day(2027, 4, 30)])
        for (earlier, later) in zip(periods, periods.dropFirst()) { #expect(earlier.end == later.start && later.start < later.end) }
    }
}
