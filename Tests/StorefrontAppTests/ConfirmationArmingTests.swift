import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Keys that arrive with the key that opened a confirmation sheet (a paste, keys typed ahead)
/// never confirm it; the sheet takes Enter once `ConfirmationArming.delay` has passed.
@Suite("Update: confirmation sheets are armed after a moment")
struct ConfirmationArmingTests {
    typealias F = StorefrontFixture

    @Test("The pasted keys '/', 'item', Enter, 'item', Enter open the sheet but never buy")
    func pastedSearchDoesNotBuy() throws {
        var state = try F().state()
        var keys: [Key] = [.character("/")]
        keys += "random".map(Key.character) + [.enter] + "lives".map(Key.character) + [.enter]
        var effects: [Effect] = []
        for key in keys { effects += state.sendInOneBurst(key) }
        #expect(effects.isEmpty, "nothing was asked of the store")
        #expect(state.overlays == [.buySheet(productID: F.facePack)])
        #expect(state.activity == nil)
    }

    @Test("Enter just after the sheet opened is ignored; after the delay it buys")
    func armsAfterDelay() throws {
        let fixture = try F()
        var state = fixture.state()
        let opened = Date(timeIntervalSince1970: 1000)
        _ = update(&state, .keyClockTicked(opened))
        #expect(update(&state, .keyPressed(.enter)).isEmpty)
        _ = update(&state, .keyClockTicked(opened.addingTimeInterval(ConfirmationArming.delay / 2)))
        #expect(update(&state, .keyPressed(.enter)).isEmpty)
        #expect(!state.isConfirmationArmed(at: state.keyTime))
        #expect(KeyHelp.footerHints(for: state).map(\.key) == ["Esc", "?"], "no Enter hint while the sheet is not armed")
        _ = update(&state, .keyClockTicked(opened.addingTimeInterval(ConfirmationArming.delay + 0.01)))
        #expect(KeyHelp.footerHints(for: state).first == KeyHelp.Hint("Enter", "buy"))
        #expect(update(&state, .keyPressed(.enter))
            == [.purchase(productID: F.facePack, buyer: fixture.buyer, storefront: "USA", simulate: nil, shownCharge: Decimal(string: "0.99"))])
    }

    @Test("Esc cancels a sheet at once, armed or not")
    func escapeAlwaysCancels() throws {
        let fixture = try F()
        var state = fixture.state()
        #expect(state.sendInOneBurst(.enter, .escape)
            == [.purchase(productID: F.facePack, buyer: fixture.buyer, storefront: "USA", simulate: .cancel)])
    }

    @Test("Keys typed ahead during an operation keep the time they arrived: a sheet they open is not confirmed by them")
    func typedAheadKeepTheirTime() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        let effects = state.sendInOneBurst(.character(" "), .escape, .enter, .enter)
        try fixture.run(effects, on: &state)
        #expect(state.overlays == [.buySheet(productID: F.facePack)], "the sheet opened by the typed-ahead Enter stays up")
        #expect(fixture.store.transactions(for: "tester").count == 1, "only the first purchase was made")
    }

    /// Opens the payment sheet on the first product at `start` and confirms it 0.6 s later;
    /// returns the purchase effect, which the test runs when it has pressed its keys.
    static func confirmPurchase(_ state: inout AppState) -> (purchase: [Effect], start: Date) {
        let start = Date(timeIntervalSince1970: 1000)
        _ = update(&state, .keyClockTicked(start))
        _ = update(&state, .keyPressed(.enter))
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(0.6)))
        return (update(&state, .keyPressed(.enter)), start)
    }

    @Test("Enters typed during a slow purchase, 0.7 s apart, never confirm the sheet the first of them opens once it ends (before: a second purchase)")
    func typedDuringSlowPurchaseDoNotConfirm() throws {
        let fixture = try F()
        var state = fixture.state()
        let (purchase, start) = Self.confirmPurchase(&state)
        #expect(purchase == [.purchase(productID: F.facePack, buyer: fixture.buyer, storefront: "USA", simulate: nil, shownCharge: Decimal(string: "0.99"))])
        // The commit waits behind another session's lock; Enter is pressed twice meanwhile.
        for seconds in [2.1, 2.8] {
            _ = update(&state, .keyClockTicked(start.addingTimeInterval(seconds)))
            #expect(update(&state, .keyPressed(.enter)).isEmpty)
        }
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(12)))
        try fixture.run(purchase, on: &state)
        #expect(fixture.store.transactions(for: "tester").count == 1, "the typed-ahead Enters bought again")
        #expect(state.overlays.isEmpty, "keys typed at the sheet while its purchase was stored are dropped with it")
        #expect(state.waitingKeys.isEmpty && state.activity == nil)
    }

    @Test("Esc pressed once a purchase has begun cannot stop it, and its result says so with how to take it back (before: dropped without a word)",
          arguments: [true, false])
    func escDuringStoredPurchaseIsSaid(pressEscape: Bool) throws {
        let fixture = try F()
        var state = fixture.state()
        let (purchase, start) = Self.confirmPurchase(&state)
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(1.5)))
        // Nothing says the purchase waits for the lock: the key asks nothing of the store now.
        #expect(update(&state, .keyPressed(pressEscape ? .escape : .character("j"))).isEmpty)
        // At once, while it is stored, the sheet's spinner says what the key can still do (before: nothing until it ended).
        let sheet = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(sheet.contains("Purchasing… (dropped if it waits for the lock)") == pressEscape, "\(sheet)")
        try fixture.run(purchase, on: &state)
        #expect(fixture.store.transactions(for: "tester").count == 1)
        let said = state.notice?.message ?? ""
        #expect(said.contains("Cancelling came too late: the purchase had been sent to the store. To take it back, "
            + "refund it (t, then R).") == pressEscape, "\(said)")
        #expect(state.waitingKeys.isEmpty)
    }

    @Test("Esc pressed while a refund is stored is said in the refund's result", arguments: ["escape", "q"])
    func escDuringStoredRefundIsSaid(key: String) throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.comic.drummer")
        var state = fixture.state()
        let start = Date(timeIntervalSince1970: 1000)
        _ = update(&state, .keyClockTicked(start))
        state.send(.character("t"))
        _ = update(&state, .keyPressed(.character("R")))
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(1)))
        let refund = update(&state, .keyPressed(.character("y")))
        #expect(!refund.isEmpty, "the refund was asked of the store")
        _ = update(&state, .keyPressed(key == "q" ? .character("q") : .escape))
        let screen = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(screen.contains("(dropped if it waits for the lock)"), "\(screen)")
        try fixture.run(refund, on: &state)
        #expect(state.notice?.message.contains("Cancelling came too late: the refund had been sent to the store") == true,
                "\(state.notice?.message ?? "no notice")")
    }

    @Test("A sheet opened by a key that waited is armed from when it opens, not from when the key was typed")
    func sheetOpenedByWaitingKeyArmsWhenOpened() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        let start = Date(timeIntervalSince1970: 1000)
        _ = update(&state, .keyClockTicked(start))
        state.send(.character("u"))
        let spend = update(&state, .keyPressed(.character(" ")))
        // Typed while the spend is stored: Esc closes the spend screen, Enter opens the payment sheet.
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(1)))
        _ = update(&state, .keyPressed(.escape))
        _ = update(&state, .keyPressed(.enter))
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(1.7)))
        _ = update(&state, .keyPressed(.enter))
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(5)))
        try fixture.run(spend, on: &state)
        #expect(state.overlays == [.buySheet(productID: F.facePack)], "the waiting Enter opens the sheet; the next does not confirm it")
        #expect(fixture.store.transactions(for: "tester").count == 1, "a second purchase")
        #expect(!state.isConfirmationArmed(at: state.keyTime), "armed from 0.3 s after it opened, not after the key was typed")
    }

    @Test("The refund and cancel-renewal questions are armed the same way")
    func otherConfirmations() throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        var state = fixture.state()
        state.send(.character("t"))
        #expect(state.sendInOneBurst(.character("X"), .enter).isEmpty)
        #expect(state.top?.isConfirmation == true)
        state.send(.escape)
        #expect(state.sendInOneBurst(.character("R"), .character("y")).isEmpty)
        #expect(state.top?.isConfirmation == true)
    }

    /// The help opened over the cancel-renewal sheet of a yearly plan, once the sheet was armed.
    private static func helpOverAnArmedSheet() throws -> AppState {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        var state = fixture.state()
        state.send(.character("t"), .character("X"))
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(ConfirmationArming.delay + 1)))
        _ = update(&state, .keyPressed(.character("?")))
        return state
    }

    @Test("The help over a sheet closed with Enter arms the sheet again: a second Enter at once buys nothing (before: it bought)")
    func helpClosedWithEnterRearms() throws {
        var state = try Self.helpOverAnArmedSheet()
        #expect(state.sendInOneBurst(.enter, .enter).isEmpty, "the first Enter closes the help, the second is not taken")
        #expect(state.top?.isConfirmation == true && state.activity == nil)
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(ConfirmationArming.delay + 0.1)))
        #expect(update(&state, .keyPressed(.enter)).count == 1, "an Enter once the sheet could be read is taken")
    }

    @Test("Coming back from the help does not arm a sheet again: Enter soon after Esc confirms")
    func helpDoesNotRearm() throws {
        var state = try Self.helpOverAnArmedSheet()
        _ = update(&state, .keyPressed(.escape))
        #expect(state.top?.isConfirmation == true)
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(ConfirmationArming.delay / 3)))
        #expect(update(&state, .keyPressed(.enter)).count == 1, "the Enter is taken")
        #expect(state.activity != nil)
    }
}
