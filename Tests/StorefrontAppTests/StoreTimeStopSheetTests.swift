import Foundation
import StoreEngine
import Testing
import TerminalUI
import StorefrontText
@testable import StorefrontApp

/// Near where store time stops (`Store.latestStoreTime`), the storefront offers no sheet or
/// question for what could never begin: a period paid ahead, a pass after the run running, a
/// change of plan at a renewal after the stop (before: each was offered, and refused on Enter).
@Suite("Update: nothing is offered that would begin after store time stops")
struct StoreTimeStopSheetTests {
    typealias F = StorefrontFixture
    static let yearly = "com.example.rage.pro.yearly"

    /// A store within a month of where its time stops, with the yearly plan and a pass running past it.
    static func nearTheEnd() throws -> F {
        let fixture = try F()
        for step in ["P100Y", "P10Y", "P1Y", "P1M"] {
            let duration = try StoreDuration.parse(step)
            while (try? fixture.store.advance(by: duration, buyer: fixture.buyer)) != nil {}
        }
        try fixture.buy(Self.yearly)
        try fixture.buy(F.season)
        return fixture
    }

    @Test("A downgrade and a second pass open an alert that says why, not a sheet, and record nothing",
          arguments: [F.monthly, F.season])
    func noSheetForWhatCouldNeverBegin(productID: String) throws {
        let fixture = try Self.nearTheEnd()
        var state = fixture.state(size: Size(width: 100, height: 30))
        SheetsAndPanesTests.select(productID, in: &state)
        let events = fixture.log.allEvents.count
        let effects = state.send(.enter)
        #expect(effects.isEmpty, "\(effects)")
        let alert = try #require(state.topAlert, "\(state.overlays)")
        #expect(alert.message.contains("would never begin") && alert.message.contains("Nothing was charged"), "\(alert.message)")
        #expect(fixture.log.allEvents.count == events)
    }

    @Test("Renewing ahead from the transactions screen says why it cannot, with no question")
    func noRenewQuestionAfterTheStop() throws {
        let fixture = try Self.nearTheEnd()
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.send(.character("t"))
        let row = try #require(state.snapshot.transactions.firstIndex { $0.productID == Self.yearly })
        for _ in 0..<row { state.send(.down) }
        state.send(.character("N"))
        let alert = try #require(state.topAlert, "\(state.overlays)")
        #expect(alert.message.hasPrefix("Rage Pro (Yearly)'s next period would begin on ")
                && alert.message.contains("so it would never begin: it cannot be renewed ahead"), "\(alert.message)")
    }

    @Test("Far from the stop the same keys open the sheet and the question")
    func sheetsFarFromTheStop() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        SheetsAndPanesTests.select(F.monthly, in: &state)
        state.send(.enter)
        guard case .buySheet = state.overlays.last else { Issue.record("no sheet: \(state.overlays)"); return }
    }
    @Test("A period that ends after store time stops is never said to renew: in the entitlements' words, the standing, the pane and the row")
    func noRenewalSaidPastTheStop() throws {
        let fixture = try Self.nearTheEnd()
        let state = fixture.state(size: Size(width: 100, height: 30))
        let stops = state.text.date(Store.latestStoreTime)
        let subscription = try #require(fixture.store.entitlements(for: fixture.buyer).subscriptions.first { $0.productID == Self.yearly })
        let ends = try #require(subscription.expiresDate)
        #expect(subscription.willAutoRenew && ends >= Store.latestStoreTime)
        let listed = state.text.entitlementDetails(of: subscription)
        #expect(listed.hasSuffix(", never renews (store time stops \(stops))") && !listed.contains(", renews"), "\(listed)")
        let chain = try #require(fixture.store.subscription(Self.yearly, for: fixture.buyer.account))
        let standing = state.text.describe(chain)
        #expect(standing == "Rage Pro (Yearly): subscribed until \(state.text.date(ends)); store time stops \(stops), so it never renews.",
                "\(standing)")
        let status = state.snapshot.status(of: Self.yearly)
        let product = try #require(fixture.catalog.product(id: Self.yearly))
        let pane = StorefrontPaneText.status(status, product: product, text: state.text)
        #expect(pane == "Subscribed until \(state.text.date(ends)); store time stops \(stops), before it would renew", "\(pane)")
        #expect(state.text.statusText(status) == "Active until \(state.text.date(ends))", "\(state.text.statusText(status))")
    }

    @Test("Once store time has stopped, the header says so instead of its rate, and no row counts down to a renewal")
    func headerSaysTimeHasStopped() throws {
        let fixture = try Self.nearTheEnd()
        try fixture.store.setTimeRate(.monthEvery30Seconds, buyer: fixture.buyer)
        fixture.clock.advance(by: 3_600)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.now = fixture.clock.now()
        #expect(state.storeNow == Store.latestStoreTime)
        let screen = render(state, size: Size(width: 100, height: 30)).rowTexts
        #expect(screen[1].contains("Store time") && screen[1].contains("· stopped")
                && !screen[1].contains(TimeRate.monthEvery30Seconds.rawValue), "\(screen[1])")
        // Wide enough for the row's long status, where a countdown would show.
        var wide = state
        wide.size = Size(width: 160, height: 30)
        let rows = render(wide, size: wide.size).rowTexts
        let row = try #require(rows.first { $0.contains("Rage Pro (Yearly)") }, "\(rows.joined(separator: "\n"))")
        #expect(!row.contains("Renews") && row.contains("Subscribed"), "\(row)")
    }
}
