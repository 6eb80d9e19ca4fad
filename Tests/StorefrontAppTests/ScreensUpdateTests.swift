import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Transactions with refund, settings, help, and quitting.
@Suite("Update: transactions, settings, help and quitting")
struct ScreensUpdateTests {
    typealias F = StorefrontFixture

    static func transactions(_ state: AppState) -> TransactionsScreen? {
        if case .transactions(let screen) = state.overlays.last { return screen }
        return nil
    }

    static func settings(_ state: AppState) -> SettingsScreen? {
        if case .settings(let screen) = state.overlays.last { return screen }
        return nil
    }

    /// A store with three transactions for the buyer: a face pack, a cancelled comic, then Remove Ads (newest).
    static func storeWithHistory() throws -> F {
        let fixture = try F()
        try fixture.buy(F.facePack)
        fixture.clock.advance(by: 60)
        try fixture.buy(F.drummer, simulate: .cancel)
        fixture.clock.advance(by: 60)
        try fixture.buy(F.noAds)
        return fixture
    }

    @Test("t lists the account's transactions, newest first, the newest selected")
    func opensTransactions() throws {
        let fixture = try Self.storeWithHistory()
        var state = fixture.state()
        #expect(state.send(.character("t")).isEmpty)
        #expect(state.snapshot.transactions.map(\.productID) == [F.noAds, F.drummer, F.facePack])
        #expect(Self.transactions(state)?.scroll.itemCount == 3)
        #expect(Self.transactions(state)?.scroll.selectedIndex == 0)
    }

    @Test("Moving in the transactions: j, k, End, Home")
    func movesInTransactions() throws {
        var state = try Self.storeWithHistory().state()
        state.send(.character("t"), .character("j"))
        #expect(Self.transactions(state)?.scroll.selection == 1)
        state.send(.end)
        #expect(Self.transactions(state)?.scroll.selection == 2)
        state.send(.character("k"), .home)
        #expect(Self.transactions(state)?.scroll.selection == 0)
        state.send(.escape)
        #expect(state.overlays.isEmpty)
    }

    @Test("R asks to confirm the refund; Enter refunds it and the alert says what was taken back")
    func refund() throws {
        let fixture = try Self.storeWithHistory()
        var state = fixture.state()
        state.send(.character("t"), .end)
        let record = state.snapshot.transactions[2]
        #expect(record.productID == F.facePack)
        #expect(state.send(.character("R")).isEmpty)
        #expect(state.top == .refundConfirmation(transactionID: record.id))
        let effects = state.send(.enter)
        #expect(effects == [.refund(transactionID: record.id, buyer: fixture.buyer, replacedByShown: nil,
                                    dependenciesShown: [record.id: .purchased])])
        #expect(state.activity == .refunding(transactionID: record.id))
        try fixture.run(effects, on: &state)
        #expect(state.notice == Alert(title: "Refund complete",
                                      message: "Refunded $0.99 for Random Rage Face (transaction \(record.id)). Took back 5 of the Rage Faces it granted.",
                                      tone: .success))
        #expect(state.overlays.count == 1, "the confirmation is gone; the transactions stay, under the notice")
        #expect(state.snapshot.transactions[2].state == .refunded)
        #expect(state.snapshot.balance(of: "rage-faces") == 0)
    }

    @Test("Esc or n keeps the transaction", arguments: [Key.escape, Key.character("n")])
    func keep(key: Key) throws {
        var state = try Self.storeWithHistory().state()
        state.send(.character("t"), .character("R"))
        #expect(state.send(key).isEmpty)
        #expect(state.activity == nil)
        #expect(Self.transactions(state) != nil)
    }

    @Test("R on a cancelled transaction explains that refunding does not apply to it")
    func refundRefused() throws {
        var state = try Self.storeWithHistory().state()
        state.send(.character("t"), .down)
        let record = state.snapshot.transactions[1]
        #expect(state.send(.character("R")).isEmpty)
        #expect(state.topAlert == Alert(title: "Not possible",
                                        message: "Refund does not apply to transaction \(record.id) (cancelled). "
                                            + "No key changes it.",
                                        tone: .warning))
    }

    @Test("A key that does not apply names in its alert the keys that do, as the footer it covers does (before: it pointed at that footer)")
    func inapplicableKeyNamesTheKeysThatApply() throws {
        var state = try Self.storeWithHistory().state()
        state.send(.character("t"))
        let record = state.snapshot.transactions[0]
        #expect(record.productID == F.noAds)
        #expect(state.send(.character("U")).isEmpty)
        #expect(state.topAlert?.message == "Resume renewal does not apply to transaction \(record.id) (purchased). "
            + "Keys that apply to it: R refund.")
    }

    @Test("A key that does not apply to an ended subscription's transaction says it expired, not \"purchased\"")
    func inapplicableKeyOnAnEndedSubscriptionSaysItEnded() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        _ = try fixture.store.expire(F.monthly, buyer: fixture.buyer)
        var state = fixture.state()
        state.send(.character("t"))
        let record = state.snapshot.transactions[0]
        #expect(state.send(.character("U")).isEmpty)
        #expect(state.topAlert?.message.hasPrefix("Resume renewal does not apply to transaction \(record.id) (expired).") == true,
                "\(String(describing: state.topAlert))")
    }

    @Test("R on a free trial asks to refund it, as `refund` on the command line does it (before: \"does not apply\" here, refunded there)")
    func refundOfAFreeTrialIsOffered() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        var state = fixture.state()
        state.send(.character("t"))
        let record = state.snapshot.transactions[0]
        #expect(record.productID == F.monthly && record.price == 0)
        #expect(state.send(.character("R")).isEmpty)
        #expect(state.top == .refundConfirmation(transactionID: record.id))
    }

    @Test("R with no transactions does nothing")
    func refundWithoutTransactions() throws {
        var state = try F().state()
        state.send(.character("t"))
        let before = state
        #expect(state.send(.character("R")).isEmpty)
        #expect(state == before)
    }

    @Test("A refund made elsewhere updates an open transactions screen")
    func transactionsFollowStore() throws {
        let fixture = try Self.storeWithHistory()
        var state = fixture.state()
        state.send(.character("t"))
        try fixture.buy(F.lives)
        state.refresh(from: fixture)
        #expect(Self.transactions(state)?.scroll.itemCount == 4)
    }

    @Test("s opens the settings on the first row; Enter turns purchases off, then on",
          arguments: [Key.enter, Key.character(" "), Key.right, Key.character("l")])
    func togglePurchasesAllowed(key: Key) throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("s"))
        #expect(Self.settings(state) == SettingsScreen(selection: .purchasesAllowed))
        let off = state.send(key)
        #expect(off == [.setSetting(.purchasesAllowed, value: "false", buyer: fixture.buyer)])
        #expect(state.activity == .savingSetting)
        try fixture.run(off, on: &state)
        #expect(state.activity == nil)
        #expect(!state.snapshot.purchasesAllowed)
        #expect(state.send(key) == [.setSetting(.purchasesAllowed, value: "true", buyer: fixture.buyer)])
    }

    @Test("The next-purchase outcome steps forward with Enter and back with Left")
    func nextPurchaseOutcome() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("s"), .down)
        #expect(Self.settings(state)?.selection == .nextPurchase)
        let forward = state.send(.enter)
        #expect(forward == [.setSetting(.nextPurchaseOutcome, value: "cancel", buyer: fixture.buyer)])
        try fixture.run(forward, on: &state)
        #expect(state.snapshot.nextPurchase == .cancel)
        #expect(state.send(.left) == [.setSetting(.nextPurchaseOutcome, value: "succeed", buyer: fixture.buyer)])

        let fresh = try F()
        var other = fresh.state()
        other.send(.character("s"), .character("j"))
        #expect(other.send(.character("h")) == [.setSetting(.nextPurchaseOutcome, value: "fail", buyer: fresh.buyer)],
                "back from succeed wraps round to fail")
    }

    @Test("Up and Down stop at the settings' ends; Esc closes them")
    func settingsMoving() throws {
        var state = try F().state()
        state.send(.character("s"), .up)
        #expect(Self.settings(state)?.selection == .purchasesAllowed)
        for _ in 0..<SettingsScreen.Row.allCases.count { state.send(.down) }
        #expect(Self.settings(state)?.selection == SettingsScreen.Row.allCases.last)
        state.send(.escape)
        #expect(state.overlays.isEmpty)
    }

    @Test("? opens the help; it scrolls in a short window and closes with Esc, Enter or ?",
          arguments: [Key.escape, Key.enter, Key.character("?")])
    func help(closing: Key) throws {
        var state = try F().state(size: Size(width: 60, height: 16))
        #expect(state.send(.character("?")).isEmpty)
        #expect(state.overlays == [.help(HelpScreen(offset: 0))])
        state.send(.down, .character("j"))
        #expect(state.overlays == [.help(HelpScreen(offset: 2))])
        state.send(.up)
        #expect(state.overlays == [.help(HelpScreen(offset: 1))])
        // Enough pages to pass the end of the help, which then stops at its last line.
        for _ in 0..<30 { state.send(.pageDown) }
        let bottom = HelpView.maximumOffset(size: state.size)
        #expect(bottom > 0)
        #expect(state.overlays == [.help(HelpScreen(offset: bottom))])
        for _ in 0..<30 { state.send(.pageUp) }
        #expect(state.overlays == [.help(HelpScreen(offset: 0))])
        state.send(closing)
        #expect(state.overlays.isEmpty)
    }

    @Test("q on a question sheet only closes it, as n does")
    func qClosesQuestion() throws {
        let fixture = try Self.storeWithHistory()
        var state = fixture.state()
        state.send(.character("t"), .character("R"))
        #expect(state.top?.isConfirmation == true)
        #expect(state.send(.character("q")).isEmpty)
        #expect(!state.isQuitting)
        #expect(state.overlays.count == 1, "back on the transactions screen")
    }

    @Test("q quits from the main screen and from every screen over it but sheets")
    func quitEverywhere() throws {
        let fixture = try Self.storeWithHistory()
        for opening: [Key] in [[], ["t"], ["s"], ["?"], ["l"], ["a"], ["u"]].map({ $0.map { Key.character(Character($0)) } }) {
            var state = fixture.state()
            for key in opening { state.send(key) }
            #expect(state.overlays.count == opening.count, "\(opening) did not open")
            #expect(state.send(.character("q")) == [.quit], "q did not quit after \(opening)")
            #expect(state.isQuitting)
        }
    }

    @Test("Ctrl-C quits from anywhere: while searching, typing a name, busy or too small")
    func controlC() throws {
        let base = try F().state()
        var searching = base
        searching.send(.character("/"))
        var typing = base
        typing.send(.character("a"), .down, .enter)
        var busy = base
        busy.send(.character("r"))
        var small = base
        small.send(.resize(width: 40, height: 10))
        for var state in [base, searching, typing, busy, small] {
            #expect(state.send(.ctrl("c")) == [.quit])
            #expect(state.isQuitting)
        }
    }
}
