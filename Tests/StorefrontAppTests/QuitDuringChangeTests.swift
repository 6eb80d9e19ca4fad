import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Ctrl-C while a change is being stored quits once it ends; its outcome, which the closing
/// screen never shows, is kept for the storefront to say after the screen is gone.
@Suite("Update: quitting while a change is stored")
struct QuitDuringChangeTests {
    typealias F = StorefrontFixture

    @Test("Ctrl-C during a stored purchase keeps the purchase's outcome to be said after the screen closes (before: quit silently after charging)")
    func outcomeOfThePurchaseIsKept() throws {
        let fixture = try F()
        var state = fixture.state()
        let (purchase, start) = ConfirmationArmingTests.confirmPurchase(&state)
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(1.5)))
        #expect(update(&state, .keyPressed(.ctrl("c"))) == [.quit])
        try fixture.run(purchase, on: &state)
        #expect(fixture.store.transactions(for: "tester").count == 1)
        #expect(state.outcomesAfterQuitting.map(\.title) == ["Purchase complete"], "\(state.outcomesAfterQuitting)")
        #expect(state.outcomesAfterQuitting.first?.message.contains("Random Rage Face") == true)
        #expect(!state.changeFailedAfterQuitting)
    }

    @Test("Ctrl-C during a purchase that then fails: the storefront is to exit 1 (before: 0, as if it went through)")
    func aFailedChangeMakesTheExitStatusSaySo() throws {
        let fixture = try F()
        try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
        var state = fixture.state()
        let (purchase, start) = ConfirmationArmingTests.confirmPurchase(&state)
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(1.5)))
        #expect(update(&state, .keyPressed(.ctrl("c"))) == [.quit])
        try fixture.run(purchase, on: &state)
        #expect(state.outcomesAfterQuitting.map(\.title) == ["Purchase failed"], "\(state.outcomesAfterQuitting)")
        #expect(state.changeFailedAfterQuitting)
    }

    @Test("Ctrl-C during a spend keeps the spend's outcome to be said (before: the storefront closed without a word, exit 0)",
          arguments: [true, false])
    func outcomeOfASpendIsKept(enough: Bool) throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        let spend = state.send(.character(" "))
        #expect(!spend.isEmpty, "the spend was asked of the store")
        #expect(update(&state, .keyPressed(.ctrl("c"))) == [.quit])
        // Another process spends them all first: the store refuses this one.
        if !enough { for _ in 0..<5 { _ = try fixture.store.spend("rage-faces", buyer: fixture.buyer) } }
        try fixture.run(spend, on: &state)
        let said = state.outcomesAfterQuitting.map { "\($0.title). \($0.message)" }
        #expect(said == [enough ? "Rage Faces used. Spent 1 of your Rage Faces; 4 left."
                                : "Not enough Rage Faces. Refused: you asked to spend 1 of your Rage Faces and you have 0; nothing was spent. Buy more first."],
                "\(said)")
        #expect(state.changeFailedAfterQuitting == !enough)
    }

    @Test("Ctrl-C on a payment sheet records its cancel, which the person asked for, and keeps nothing to say")
    func quitFromASheetKeepsNothing() throws {
        let fixture = try F()
        var state = fixture.state()
        let start = Date(timeIntervalSince1970: 1000)
        _ = update(&state, .keyClockTicked(start))
        _ = update(&state, .keyPressed(.enter))
        let quit = update(&state, .keyPressed(.ctrl("c")))
        #expect(quit.contains(.quit))
        try fixture.run(quit.filter { $0 != .quit }, on: &state)
        #expect(state.outcomesAfterQuitting.isEmpty)
    }
}
