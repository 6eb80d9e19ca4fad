import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Switching plans in a subscription group: the payment sheet says it is a plan change, and
/// after it is scheduled the row, the details and Enter say what will happen.
@Suite("Update: plan changes in a subscription group")
struct PlanChangeUpdateTests {
    typealias F = StorefrontFixture
    static let yearly = "com.example.rage.pro.yearly"

    static func screen(_ state: AppState) -> String {
        render(state, size: state.size).rowTexts.joined(separator: "\n")
    }

    /// Searches for the monthly plan and presses Enter on it; returns what Enter asked for.
    static func enterOnMonthly(in state: inout AppState) -> [Effect] {
        state.type("/Monthly")
        return update(&state, .keyPressed(.enter))
    }

    @Test("The payment sheet for a lower plan says it switches at renewal and charges nothing now")
    func sheetSaysPlanChange() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        #expect(state.top == .buySheet(productID: F.monthly))
        let screen = Self.screen(state)
        #expect(screen.contains("A plan change"))
        #expect(screen.contains("nothing is charged now"))
    }

    @Test("Once scheduled, the row and details say so, and Enter does not offer to buy it again")
    func scheduledChangeIsShown() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.buy(F.monthly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(state.snapshot.status(of: F.monthly).name == "changeScheduled")
        state.type("/Monthly")
        let screen = Self.screen(state)
        #expect(screen.contains("Switches"))
        #expect(screen.contains("Plan change scheduled"))
        #expect(!screen.contains("Available"))
        let effects = update(&state, .keyPressed(.enter))
        #expect(effects == [.purchase(productID: F.monthly, buyer: fixture.buyer, storefront: "USA", simulate: nil)])
        #expect(state.top == nil, "no payment sheet offering to buy it again")
    }
}
