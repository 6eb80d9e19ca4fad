import Foundation
import StoreEngine
import StorefrontText
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StoreLedger

/// What the person is told when the store answers: purchase outcomes, restore, failures, announcements.
@Suite("Update: results and alerts")
struct ResultsUpdateTests {
    typealias F = StorefrontFixture

    /// Buys the selected product through the sheet with the store answering, returns the
    /// outcome shown (a notice, or an alert for a refusal or failure).
    static func buySelected(_ state: inout AppState, fixture: F, confirm: Key = .enter) throws -> Alert? {
        let effects = state.send(.enter)
        try fixture.run(effects.isEmpty ? state.send(confirm) : effects, on: &state)
        return state.notice ?? state.topAlert
    }

    @Test("A credited purchase closes the sheet and quotes the committed balance")
    func credited() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        let alert = try Self.buySelected(&state, fixture: fixture)
        #expect(alert == Alert(title: "Purchase complete", message: "Added 5 Rage Faces with Random Rage Face: you now have 10.",
                               tone: .success))
        #expect(state.overlays.isEmpty, "the sheet is gone and good news takes no key")
        #expect(state.notice == alert)
        #expect(state.activity == nil)
        #expect(state.snapshot.status(of: F.facePack) == .credits(credit: "rage-faces", balance: 10))
    }

    @Test("Unlocking, then buying again: 'already yours'")
    func unlockedThenOwned() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.down, .down)
        #expect(try Self.buySelected(&state, fixture: fixture)
            == Alert(title: "Purchase complete", message: "Unlocked Girlfriend of Drummer Rage.", tone: .success))
        #expect(state.overlays.isEmpty)
        #expect(try Self.buySelected(&state, fixture: fixture)
            == Alert(title: "Already yours", message: "You already own Girlfriend of Drummer Rage; nothing was charged.", tone: .info))
    }

    @Test("Cancelling the sheet is reported as a cancel with nothing charged")
    func cancelled() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.down, .down, .down)
        let alert = try Self.buySelected(&state, fixture: fixture, confirm: .escape)
        #expect(alert == Alert(title: "Purchase cancelled", message: "Purchase of Nightly Rage cancelled; nothing was charged.", tone: .info))
        #expect(fixture.store.transactions(for: "tester").map(\.state) == [.cancelled])
    }

    @Test("A purchase set to fail in Settings is reported as failed, with the reason")
    func failed() throws {
        let fixture = try F()
        try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
        var state = fixture.state()
        let alert = try #require(try Self.buySelected(&state, fixture: fixture))
        #expect(alert.title == "Purchase failed")
        #expect(alert.tone == .failure)
        #expect(alert.message.hasPrefix("Purchase of Random Rage Face failed: "))
        #expect(alert.message.hasSuffix("; nothing was charged."))
    }

    @Test("Purchases disabled on the device: the store refuses and the alert says how to allow them")
    func refusedDisallowed() throws {
        let fixture = try F()
        try fixture.store.set(.purchasesAllowed, to: "false", for: fixture.buyer)
        var state = fixture.state()
        let alert = try Self.buySelected(&state, fixture: fixture)
        #expect(alert == Alert(title: "Purchase refused", message: "Purchases are disabled on this device (default); allow them with "
                               + "`storefront settings set purchases-allowed true` or in Settings.", tone: .warning))
    }

    @Test("Over the maximum of 50 faces the store refuses and says so: a sheet opened at 45, confirmed after another device bought 5")
    func refusedOverMaximum() throws {
        let fixture = try F()
        for _ in 0..<9 { try fixture.buy(F.facePack) }
        var state = fixture.state()
        #expect(state.send(.enter).isEmpty && state.overlays == [.buySheet(productID: F.facePack)])
        try fixture.buy(F.facePack)
        let alert = try Self.buySelected(&state, fixture: fixture)
        #expect(alert == Alert(title: "Purchase refused", message: "Refused: the balance of Rage Faces is 50, and at most 50 may be held; "
                               + "5 more would go over it. Nothing was charged. Spend at least 5 first "
                               + "(`storefront spend rage-faces --amount 5`, or u in the storefront).", tone: .warning))
    }

    @Test("A balance of one over the maximum reads right with a plural credit name (before: \"you have 1 Rage Faces\")")
    func refusedOverMaximumWithABalanceOfOne() throws {
        let text = try F().state().text
        let refusal = PurchaseOutcome.refused(.overMaximum(credit: "rage-faces", maximum: 3, balance: 1, adding: 5))
        #expect(text.message(for: refusal, product: nil, balance: nil)
                == "Refused: the balance of Rage Faces is 1, and at most 3 may be held; 5 more would go over it. Nothing was charged. "
                + "No balance can take 5 at once; buy fewer, or a smaller pack.")
        // Where spending makes room, it says how much (before: a spend that could not make room).
        let roomy = PurchaseOutcome.refused(.overMaximum(credit: "rage-faces", maximum: 10, balance: 8, adding: 5))
        #expect(text.message(for: roomy, product: nil, balance: nil)
                .hasSuffix("Spend at least 3 first (`storefront spend rage-faces --amount 3`, or u in the storefront)."))
    }

    @Test("r asks the store to restore for the buyer")
    func restoreKey() throws {
        let fixture = try F()
        var state = fixture.state()
        #expect(state.send(.character("r")) == [.restore(fixture.buyer)])
        #expect(state.activity == .restoring)
    }

    @Test("Restore on a second device names what came back and that consumables are never restored")
    func restoreOnSecondDevice() throws {
        let fixture = try F(buyer: Buyer(account: "tester", device: "tablet"))
        try fixture.buy(F.drummer, buyer: Buyer())
        try fixture.buy(F.facePack, buyer: Buyer())
        var state = fixture.state()
        #expect(state.snapshot.status(of: F.drummer) == .restoreToUnlock)
        try fixture.run(state.send(.character("r")), on: &state)
        #expect(state.notice == Alert(title: "Restore purchases", message: "Restored 1 purchase: Girlfriend of Drummer Rage. "
                                        + "Consumables are never restored.", tone: .success))
        #expect(state.snapshot.status(of: F.drummer) == .owned(since: F.start))
    }

    @Test("Restore with nothing to bring back says so")
    func restoreNothing() throws {
        let fixture = try F()
        var state = fixture.state()
        try fixture.run(state.send(.character("r")), on: &state)
        #expect(state.notice == Alert(title: "Restore purchases", message: "Nothing to restore.", tone: .info))
        #expect(state.overlays.isEmpty)
    }

    @Test("An alert shows a command's error words as a sentence: a capital first, one full stop last",
          arguments: [("another session has held the lock", "Another session has held the lock."),
                      ("Cannot reach the store.", "Cannot reach the store."),
                      ("try again (reason)", "Try again (reason)."),
                      ("is it there?", "Is it there?"),
                      ("", "")])
    func failureIsASentence(words: String, shown: String) {
        #expect(StorefrontScreenText.failure(words) == shown)
    }

    @Test("Storage trouble closes the sheet and shows the error's own words")
    func operationFailed() throws {
        var state = try F().state()
        state.send(.enter, .enter)
        _ = update(&state, .operationFailed(message: "could not write /x: disk full"))
        #expect(state.overlays == [.alert(Alert(title: "Could not complete", message: "Could not write /x: disk full.", tone: .failure,
                                                takesKeysAfterAMoment: true))])
        #expect(state.activity == nil)
        // In the sheet's place, it is armed as the sheet was (before: an Enter pressed again dismissed it unread),
        // and its footer offers Enter only once it takes it.
        #expect(!KeyHelp.footerHints(for: state).contains { $0.key == "Enter" }, "\(KeyHelp.footerHints(for: state))")
        let heldBack = state.holdsBackEnterForAMoment()
        #expect(heldBack)
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        #expect(KeyHelp.footerHints(for: state).contains { $0.key == "Enter" && $0.label == "OK" })
        state.send(.enter)
        #expect(state.overlays.isEmpty)
    }

    @Test("While a notice shows, the footer offers Enter to close it, as Enter then does (before: 'Enter buy')")
    func aNoticeFooterOffersEnterToClose() throws {
        var state = try F().state(size: Size(width: 100, height: 30))
        #expect(KeyHelp.footerHints(for: state).first { $0.key == "Enter" }?.label == "buy")
        state.report(Alert(title: "Purchase complete", message: "Remove Ads is yours.", tone: .success))
        let hints = KeyHelp.footerHints(for: state)
        #expect(hints.filter { $0.key == "Enter" }.map(\.label) == ["close"], "\(hints)")
        #expect(hints.contains { $0.key == "q" }, "the other keys still do their own work: \(hints)")
        let footer = render(state, size: state.size).rowText(state.size.height - 1)
        #expect(footer.hasPrefix(" Enter close  ") && !footer.contains("Enter buy"), "\(footer)")
        state.send(.enter)
        #expect(state.notice == nil && KeyHelp.footerHints(for: state).first { $0.key == "Enter" }?.label == "buy")
    }

    /// A storefront at 100x30 with the payment sheet of `productID` open; nil, with the issue
    /// recorded, when no sheet opened.
    static func sheetOpen(for productID: String, in fixture: F) -> AppState? {
        var state = fixture.state(size: Size(width: 100, height: 30))
        SheetsAndPanesTests.select(productID, in: &state)
        state.send(.enter)
        guard case .buySheet = state.overlays.last else {
            Issue.record("no sheet: \(state.overlays)")
            return nil
        }
        return state
    }

    @Test("A sheet confirmed for what another device bought meanwhile ends in an armed alert, not a notice the next Enter passes over (before: that Enter opened another sheet)")
    func aPurchaseMadeElsewhereWhileTheSheetWasOpenIsAnArmedAlert() throws {
        let fixture = try F()
        guard var state = Self.sheetOpen(for: F.nightly, in: fixture) else { return }
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        let confirm = state.send(.enter)
        #expect(!confirm.isEmpty, "the sheet was confirmed")
        // Another device buys it before this storefront's purchase is stored.
        try fixture.buy(F.nightly, buyer: Buyer(account: fixture.buyer.account, device: "phone"))
        try fixture.run(confirm, on: &state)
        let alert = try #require(state.topAlert, "\(state.overlays) \(String(describing: state.notice))")
        #expect(alert.tone == .warning && alert.takesKeysAfterAMoment, "\(alert)")
        let heldBack = state.holdsBackEnterForAMoment()
        #expect(heldBack)
    }

    @Test("Enter on a notice only closes it: after \"Purchase complete\" it opens no new payment sheet, and the next Enter does (before: it opened one at once)")
    func enterClosesANoticeAndDoesNothingElse() throws {
        let fixture = try F()
        guard var state = Self.sheetOpen(for: F.facePack, in: fixture) else { return }
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.notice?.title == "Purchase complete" && state.overlays.isEmpty, "\(String(describing: state.notice)) \(state.overlays)")
        #expect(state.send(.enter).isEmpty)
        #expect(state.notice == nil && state.overlays.isEmpty, "\(state.overlays)")
        state.send(.enter)
        guard case .buySheet = state.overlays.last else { Issue.record("no sheet after the second Enter: \(state.overlays)"); return }
    }

    @Test("Enter that closes a notice over an open payment sheet arms the sheet anew, so the next Enter at once buys nothing (before: it bought)")
    func closingANoticeOverASheetArmsItAnew() throws {
        let fixture = try F()
        guard var state = Self.sheetOpen(for: F.facePack, in: fixture) else { return }
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(5)))
        state.notice = Alert(title: "Not in this catalog", message: "…", tone: .warning)
        #expect(update(&state, .keyPressed(.enter)).isEmpty && state.notice == nil)
        #expect(update(&state, .keyPressed(.enter)).isEmpty, "the second Enter of a quick pair confirms nothing")
        guard case .buySheet = state.overlays.last else { Issue.record("the sheet closed: \(state.overlays)"); return }
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        #expect(!update(&state, .keyPressed(.enter)).isEmpty, "read a moment later, it confirms")
    }

    @Test("Any other key on a notice does its own work as the notice goes")
    func otherKeysPassANotice() throws {
        let fixture = try F()
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.notice = Alert(title: "Purchase complete", message: "Done.", tone: .success)
        state.send(.character("t"))
        #expect(state.notice == nil)
        guard case .transactions = state.overlays.last else { Issue.record("t did not open the transactions: \(state.overlays)"); return }
    }

    @Test("A saved setting ends the spinner")
    func settingSaved() throws {
        var state = try F().state()
        state.activity = .savingSetting
        #expect(update(&state, .settingSaved(name: "purchases-allowed", value: "false")).isEmpty)
        #expect(state.activity == nil)
    }

    @Test("A request of several declined from this storefront is named with its quantity (before: \"The request to buy Random Rage Face\")")
    func declinedRequestNamesItsQuantity() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = update(&state, .requestDeclined(productID: F.facePack, quantity: 2))
        #expect(state.notice?.message == "The request to buy 2 × Random Rage Face was declined; nothing was charged.",
                "\(String(describing: state.notice))")
    }

    @Test("Unfinished purchases delivered at start show as a notice that names them, counted in English")
    func announced() throws {
        let fixture = try F()
        var state = fixture.state()
        let one = try #require(fixture.buy(F.facePack).transaction)
        let two = try #require(fixture.buy(F.drummer).transaction)
        _ = update(&state, .unfinishedDelivered([one]))
        #expect(state.notice == Alert(title: "Unfinished purchases",
                                      message: "Delivered 1 unfinished transaction: Random Rage Face (+5 Rage Faces).", tone: .info))
        _ = update(&state, .unfinishedDelivered([one, two]))
        #expect(state.notice?.message.hasPrefix("Delivered 2 unfinished transactions: ") == true)
        #expect(state.overlays.isEmpty)
    }

    @Test("A notice does not take the next key: the key does its own work and the notice goes")
    func noticeLeavesTheKeyAlone() throws {
        let fixture = try F()
        var state = fixture.state()
        try fixture.run(state.send(.enter, .enter), on: &state)
        #expect(state.notice?.title == "Purchase complete")
        state.send(.character("u"))
        #expect(SpendUpdateTests.spendScreen(state) != nil, "u opened the spend screen at once")
        #expect(state.notice == nil)
    }

    @Test("Alerts close with Enter, Esc, Space, y or n; q quits from an alert",
          arguments: [Key.enter, Key.escape, Key.character(" "), Key.character("y"), Key.character("n")])
    func closingAlerts(key: Key) throws {
        var state = try F().state()
        _ = update(&state, .operationFailed(message: "M"))
        #expect(state.send(key).isEmpty)
        #expect(state.overlays.isEmpty)
        _ = update(&state, .operationFailed(message: "M"))
        #expect(state.send(.character("q")) == [.quit])
    }

    @Test("A change made elsewhere replaces the snapshot; one for another buyer or storefront is ignored")
    func storeChanged() throws {
        let fixture = try F()
        var state = fixture.state()
        try fixture.buy(F.noAds)
        let stale = fixture.snapshot(storefront: "DEU")
        _ = update(&state, .storeChanged(stale))
        #expect(state.snapshot.status(of: F.noAds) == .available)
        _ = update(&state, .storeChanged(fixture.snapshot(buyer: Buyer(account: "other"))))
        #expect(state.snapshot.status(of: F.noAds) == .available)
        state.refresh(from: fixture)
        #expect(state.snapshot.status(of: F.noAds) == .owned(since: F.start))
        #expect(state.overlays.isEmpty, "a change from elsewhere raises no alert")
    }

    @Test("A torn last line moved aside is reported once")
    func tornTail() throws {
        let fixture = try F()
        var state = fixture.state()
        var snapshot = fixture.snapshot()
        let torn = TornTailReport(ledgerPath: "/tmp/e.jsonl", movedTo: "/tmp/e.jsonl.torn", line: 4, byteCount: 12)
        snapshot.tornTail = torn
        _ = update(&state, .storeChanged(snapshot))
        #expect(state.topAlert == Alert(title: "Incomplete line moved aside", message: "\(torn).", tone: .warning))
        state.send(.enter)
        _ = update(&state, .storeChanged(snapshot))
        #expect(state.overlays.isEmpty)
    }
}
