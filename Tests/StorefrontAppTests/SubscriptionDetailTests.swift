import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The detail pane of a subscription: its first line whole at every window size, and why it
/// ended in words rather than StoreKit's raw reason.
@Suite("Render: a subscription's details, whole and in words")
struct SubscriptionDetailTests {
    typealias F = StorefrontFixture

    /// The rows of the storefront at `size` with the monthly plan selected, after `expire`.
    private func expiredMonthly(size: Size) throws -> [String] {
        let fixture = try F()
        try fixture.buy(F.monthly)
        try fixture.store.expire(F.monthly, buyer: fixture.buyer)
        var state = fixture.state(size: size)
        SheetsAndPanesTests.select(F.monthly, in: &state)
        return SheetsAndPanesTests.rowTexts(state)
    }

    @Test("after expire the pane says the subscription was ended by hand, not \"ended: unknown\"")
    func expiredByHandIsSaidInWords() throws {
        let screen = try expiredMonthly(size: Size(width: 100, height: 30)).joined(separator: "\n")
        #expect(screen.contains("State expired · ended by hand"), "\(screen)")
        #expect(!screen.contains("unknown"), "\(screen)")
    }

    @Test("a scheduled switch of plan waits on auto-renew once renewal is cancelled, in the pane and in the entitlements' words (before: said to happen anyway)",
          arguments: [true, false])
    func scheduledSwitchWaitsOnAutoRenew(cancelled: Bool) throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        try fixture.buy(F.monthly)
        if cancelled { _ = try fixture.store.cancelRenewal("com.example.rage.pro.yearly", buyer: fixture.buyer) }
        let state = fixture.state()
        let subscription = try #require(fixture.store.entitlements(for: fixture.buyer).subscriptions.first)
        let pane = DetailView.subscriptionLine(subscription, text: state.text)
        #expect(pane.hasSuffix("switches to Rage Pro (Monthly) at renewal" + (cancelled ? " if auto-renew is on again" : "")),
                "\(pane)")
        let listed = state.text.entitlementDetails(of: subscription)
        #expect(listed.hasSuffix("switches to Rage Pro (Monthly) at the next renewal" + (cancelled ? " if auto-renew is turned on again" : "")),
                "\(listed)")
    }

    @Test("with renewal cancelled, the plan switched to is on hold in its row and pane, and the current plan's pane no longer says it renews (before: \"scheduled\" and \"Renews every 1 year\" beside \"Not renewing\")",
          arguments: [true, false])
    func switchedToPlanIsOnHoldWhileRenewalIsOff(cancelled: Bool) throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        try fixture.buy(F.monthly)
        if cancelled { _ = try fixture.store.cancelRenewal("com.example.rage.pro.yearly", buyer: fixture.buyer) }
        var state = fixture.state(size: Size(width: 110, height: 34))
        SheetsAndPanesTests.select(F.monthly, in: &state)
        let monthlyRows = SheetsAndPanesTests.rowTexts(state)
        #expect(monthlyRows.contains { $0.contains("Rage Pro (Monthly)") && $0.contains(cancelled ? "Switch on hold" : "Switches Nov") },
                "\(monthlyRows.joined(separator: "\n"))")
        let monthlyPane = Self.detailPane(monthlyRows)
        #expect(monthlyPane.contains("Plan change scheduled: Rage Pro (Yearly) switches to this on"), "\(monthlyPane)")
        #expect(monthlyPane.contains("if its auto-renew is turned on again (it is off)") == cancelled, "\(monthlyPane)")
        #expect(monthlyPane.contains("Renews every month"), "the plan switched to keeps its period's words: \(monthlyPane)")
        SheetsAndPanesTests.select("com.example.rage.pro.yearly", in: &state)
        let yearlyRows = SheetsAndPanesTests.rowTexts(state)
        let yearlyPane = Self.detailPane(yearlyRows)
        // It does not renew either way: it ends, or the plan switched to follows it (before: "Renews").
        #expect(!yearlyPane.contains("Renews every"), "\(yearlyPane)")
        #expect(yearlyPane.contains("Period 1 year; auto-renew is off") == cancelled, "\(yearlyPane)")
        #expect(yearlyPane.contains("Period 1 year; Rage Pro (Monthly) follows, at the renewal") != cancelled, "\(yearlyPane)")
        #expect(yearlyPane.contains("then it switches to Rage Pro (Monthly) at its renewal") != cancelled, "\(yearlyPane)")
        #expect(yearlyRows.contains { $0.contains("Rage Pro (Yearly)") && $0.contains(cancelled ? "Not renewing" : "Switching") },
                "\(yearlyRows.joined(separator: "\n"))")
    }

    @Test("a plan in a billing problem with a switch scheduled reads that the other plan follows once billing is resolved (before: \"Renews every year\")")
    func switchWaitingOnBillingIsNoRenewal() throws {
        let fixture = try F()
        try fixture.buyYearlyIntoGracePeriod()
        let scheduled = try fixture.buy(F.monthly)
        guard case .changeScheduled(_, _, nil, _, _) = scheduled else { Issue.record("expected a switch once billing is resolved, got \(scheduled)"); return }
        var state = fixture.state(size: Size(width: 110, height: 34))
        SheetsAndPanesTests.select("com.example.rage.pro.yearly", in: &state)
        let yearlyPane = Self.detailPane(SheetsAndPanesTests.rowTexts(state))
        #expect(yearlyPane.contains("Period 1 year; Rage Pro (Monthly) follows, once billing is resolved"), "\(yearlyPane)")
        #expect(!yearlyPane.contains("Renews every"), "\(yearlyPane)")
        let subscription = try #require(fixture.store.entitlements(for: fixture.buyer).subscriptions.first)
        // The renewal failed already: the switch comes with the billing fixed, not "at renewal".
        #expect(DetailView.subscriptionLine(subscription, text: state.text)
                    .hasSuffix("switches to Rage Pro (Monthly) once billing is resolved"), "\(yearlyPane)")
        let listed = state.text.entitlementDetails(of: subscription)
        #expect(!listed.contains("renews") && listed.hasSuffix("switches to Rage Pro (Monthly) once billing is resolved"), "\(listed)")
    }

    /// The detail pane's text, its rows joined by spaces: what is right of the list's box.
    private static func detailPane(_ rows: [String]) -> String {
        rows.compactMap { $0.components(separatedBy: "││").dropFirst().first }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    @Test("the first line (type and price) is never cut", arguments: [Size(width: 100, height: 30), Size(width: 80, height: 24)])
    func firstLineIsWhole(size: Size) throws {
        let rows = try expiredMonthly(size: size)
        #expect(rows.contains { $0.contains("$2.99/month") }, "\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("Auto-renewable subscription · $") && $0.contains("…") }, "\(rows.joined(separator: "\n"))")
    }
}

/// A credit's details with packs bought on this device and not delivered yet.
@Suite("Render: credits awaiting delivery in a consumable's details")
struct UndeliveredCreditDetailTests {
    typealias F = StorefrontFixture

    @Test("a pack bought here and left unfinished after the storefront started shows under the balance, and only here (before: the balance alone)")
    func undeliveredPackIsShown() throws {
        let fixture = try F()
        let pack = try #require(fixture.store.catalog.product(id: F.facePack))
        let options = Store.PurchaseOptions(finish: false)
        _ = try fixture.store.purchase(F.facePack, buyer: fixture.buyer, storefront: "USA", options: options)
        let pane = { (state: AppState) in DetailView.lines(for: pack, state: state, width: 60).map { $0.map(\.text).joined() }.joined(separator: " ") }
        let state = fixture.state()
        #expect(pane(state).contains("Your balance of Rage Faces: 0 +5 Rage Faces bought here, not delivered yet (delivered when the "
            + "storefront next starts, or by storefront deliver-unfinished)"), "\(pane(state))")
        let tablet = Buyer(account: fixture.buyer.account, device: "tablet")
        _ = try fixture.store.deliverUnfinished(tablet)
        #expect(pane(fixture.state()).contains("not delivered yet"), "another device's delivery leaves this one's pack waiting")
        _ = try fixture.store.deliverUnfinished(fixture.buyer)
        #expect(!pane(fixture.state()).contains("not delivered yet"), "\(pane(fixture.state()))")
    }

    @Test("the header's balance and the pack's row say what waits for delivery beside the balance, and nothing once it is delivered (before: the balance alone)")
    func undeliveredPackIsInTheHeaderAndRow() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        _ = try fixture.store.purchase(F.facePack, buyer: fixture.buyer, storefront: "USA", options: Store.PurchaseOptions(finish: false))
        let screen = { (width: Int) in render(fixture.state(size: Size(width: width, height: 30)), size: Size(width: width, height: 30)).rowTexts }
        for width in [80, 100, 140] {
            let rows = screen(width)
            #expect(rows[1].contains("Rage Faces: 5 (+5 undelivered)"), "\(width): \(rows[1])")
            #expect(rows.contains { $0.contains("Random Rage Face") && $0.contains("5 (+5) left") }, "\(rows.joined(separator: "\n"))")
        }
        _ = try fixture.store.deliverUnfinished(fixture.buyer)
        let rows = screen(100)
        #expect(rows[1].contains("Rage Faces: 10 ·"), "\(rows[1])")
        #expect(rows.contains { $0.contains("Random Rage Face") && $0.contains("10 left") } && !rows.joined().contains("undelivered"),
                "\(rows.joined(separator: "\n"))")
    }
}
