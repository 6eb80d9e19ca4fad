import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The payment sheet: opening it, buying, cancelling, and what skips it.
@Suite("Update: buying")
struct BuyingUpdateTests {
    typealias F = StorefrontFixture

    @Test("Enter and b open the payment sheet for the selected product, asking the store nothing yet",
          arguments: [Key.enter, Key.character("b")])
    func opensSheet(key: Key) throws {
        var state = try F().state()
        state.send(.down)
        #expect(state.send(key).isEmpty)
        #expect(state.overlays == [.buySheet(productID: F.lives)])
        #expect(state.activity == nil)
    }

    @Test("Enter and y on the sheet ask the store to buy, and a spinner runs", arguments: [Key.enter, Key.character("y")])
    func confirms(key: Key) throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.enter)
        let effects = state.send(key)
        #expect(effects == [.purchase(productID: F.facePack, buyer: fixture.buyer, storefront: "USA", simulate: nil, shownCharge: Decimal(string: "0.99"))])
        #expect(state.activity == .purchasing(productID: F.facePack))
        #expect(state.overlays == [.buySheet(productID: F.facePack)], "the sheet stays up, showing the spinner")
    }

    @Test("Esc and n on the sheet record a user cancel with the store", arguments: [Key.escape, Key.character("n")])
    func cancels(key: Key) throws {
        let fixture = try F()
        var state = fixture.state(locale: "de_DE", storefront: "DEU")
        state.send(.enter)
        #expect(state.send(key) == [.purchase(productID: F.facePack, buyer: fixture.buyer, storefront: "DEU", simulate: .cancel)])
        #expect(state.activity == .cancellingPurchase(productID: F.facePack))
        #expect(state.activity?.label == "Recording the cancel…", "the spinner does not say Purchasing after a cancel")
    }

    @Test("Keys sent in one write with the Esc that cancels a sheet are handled once the cancel is recorded (before: dropped with it)")
    func keysAfterTheCancellingEscapeAreKept() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.enter)
        let effects = state.sendInOneBurst(.escape, .down, .character("t"))
        #expect(state.waitingKeys.map(\.key) == [.down, .character("t")], "they wait while the cancel is recorded")
        try fixture.run(effects, on: &state)
        #expect(state.selectedID == F.lives, "the arrow moved the selection")
        guard case .transactions? = state.top else {
            Issue.record("t opened no transactions screen: \(state.overlays)")
            return
        }
        #expect(state.waitingKeys.isEmpty && state.activity == nil)
        #expect(fixture.store.transactions(for: "tester").map(\.state) == [.cancelled], "one cancel recorded, nothing bought")
    }

    @Test("A transaction action's spinner is a sentence: \"Cancel renewal…\", \"Renew now…\" (before: \"Cancel Renewal…\")")
    func settlingLabels() {
        #expect(Activity.settling(.cancelRenewal).label == "Cancel renewal…")
        #expect(Activity.settling(.renew).label == "Renew now…")
    }

    @Test("While the store works, keys wait their turn (except Ctrl-C) and ticks turn the spinner")
    func busy() throws {
        var state = try F().state()
        state.send(.enter, .enter)
        let busy = state
        let typedAhead: [Key] = [.escape, .enter, .character("q"), .down, .character("r")]
        for key in typedAhead {
            #expect(state.send(key).isEmpty)
        }
        #expect(state.waitingKeys.map(\.key) == typedAhead)
        #expect(state.overlays == busy.overlays && state.activity == busy.activity, "no key acted during the purchase")
        #expect(update(&state, .tick).isEmpty)
        #expect(update(&state, .tick).isEmpty)
        #expect(state.tick == 2)
        #expect(state.send(.ctrl("c")) == [.quit])
        #expect(state.isQuitting)
    }

    @Test("A tick with nothing running changes nothing")
    func idleTick() throws {
        var state = try F().state()
        let before = state
        #expect(update(&state, .tick).isEmpty)
        #expect(state == before)
    }

    @Test("Ctrl-C on the sheet records the same user cancel as Esc, then quits")
    func quitFromSheet() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("b"))
        #expect(state.send(.ctrl("c")) == [.purchase(productID: F.facePack, buyer: fixture.buyer, storefront: "USA", simulate: .cancel), .quit])
        #expect(state.isQuitting)
    }

    @Test("q on the sheet cancels it as Esc does and stays in the storefront")
    func qCancelsSheet() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("b"))
        #expect(state.send(.character("q")) == [.purchase(productID: F.facePack, buyer: fixture.buyer, storefront: "USA", simulate: .cancel)])
        #expect(!state.isQuitting)
    }

    @Test("Quitting while the sheet's purchase runs records no cancel: the purchase is under way")
    func quitWhilePurchasing() throws {
        var state = try F().state()
        state.send(.enter, .enter)
        #expect(state.send(.ctrl("c")) == [.quit])
    }

    @Test("Keys the sheet does not know leave it up")
    func otherKeysOnSheet() throws {
        var state = try F().state()
        state.send(.enter)
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        let before = state
        for key: Key in [.down, .character("x"), .tab] {
            #expect(state.send(key).isEmpty)
            #expect(state == before)
        }
    }

    @Test("An owned product goes straight to the store (which answers 'already owned'), with no sheet")
    func ownedSkipsSheet() throws {
        let fixture = try F()
        try fixture.buy(F.drummer)
        var state = fixture.state()
        state.send(.down, .down)
        #expect(state.selectedID == F.drummer)
        #expect(state.send(.enter) == [.purchase(productID: F.drummer, buyer: fixture.buyer, storefront: "USA", simulate: nil, changesNothing: true)])
        #expect(state.overlays.isEmpty)
        #expect(state.activity == .purchasing(productID: F.drummer))
    }

    @Test("With purchases disabled the store is asked at once, so it can refuse")
    func disallowedSkipsSheet() throws {
        let fixture = try F()
        try fixture.store.set(.purchasesAllowed, to: "false", for: fixture.buyer)
        var state = fixture.state()
        #expect(state.send(.enter) == [.purchase(productID: F.facePack, buyer: fixture.buyer, storefront: "USA", simulate: nil, changesNothing: true)])
        #expect(state.overlays.isEmpty)
    }

    @Test("A product not sold in the storefront shows why instead of a sheet")
    func notSold() throws {
        var state = try F().state(locale: "ja_JP", storefront: "JPN")
        state.send(.down, .down, .down)
        #expect(state.selectedID == F.nightly)
        #expect(state.send(.enter).isEmpty)
        #expect(state.activity == nil)
        #expect(state.topAlert == Alert(title: "Not available", message: "ナイトリー・レイジ is not sold in 日本; choose another storefront.",
                                        tone: .warning))
    }

    @Test("Enter on a product whose request waits for a parent's approval refuses at once, with no sheet to confirm (before: a Buy sheet, refused only once confirmed)")
    func waitingRequestSkipsSheet() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let request = try #require(try fixture.buy(F.noAds).transaction)
        var state = fixture.state()
        state.type("/Remove Ads")
        #expect(state.selectedID == F.noAds)
        #expect(state.send(.enter).isEmpty)
        #expect(state.topAlert?.message == "A request to buy Remove Ads already waits for a parent's approval (transaction \(request.id)); "
            + "a parent approves or declines it first (`storefront approve \(request.id)` or `storefront decline \(request.id)`, "
            + "or A or D on the storefront's transactions screen, t). Nothing was charged.", "\(String(describing: state.topAlert))")
        // With Ask to Buy turned off, buying goes through the sheet as any purchase does.
        try fixture.store.set(.askToBuy, to: "false", for: fixture.buyer)
        var later = fixture.state()
        later.type("/Remove Ads")
        #expect(later.send(.enter).isEmpty && later.topAlert == nil)
        #expect(later.overlays.contains { if case .buySheet = $0 { true } else { false } }, "\(later.overlays)")
    }

    @Test("Enter on a product whose interrupted purchase waits for the buyer says to complete it, with no sheet that would start a second one (before: a Buy sheet, and another interrupted purchase)")
    func interruptedPurchaseSkipsSheet() throws {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        let interrupted = try #require(try fixture.buy(F.noAds).transaction)
        var state = fixture.state()
        state.type("/Remove Ads")
        #expect(state.send(.enter).isEmpty)
        #expect(state.topAlert?.title == "Needs your action" && state.topAlert?.message.contains("(transaction \(interrupted.id))") == true,
                "\(String(describing: state.topAlert))")
        #expect(!state.overlays.contains { if case .buySheet = $0 { true } else { false } })
    }

    @Test("With interrupted purchases turned off since, Enter on a product whose interrupted purchase waits opens its sheet: buying again buys, as the store lets it")
    func interruptedPurchaseWaitingWithTheSettingOffOpensTheSheet() throws {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        _ = try #require(try fixture.buy(F.noAds).transaction)
        try fixture.store.set(.interruptedPurchases, to: "false", for: fixture.buyer)
        var state = fixture.state()
        state.type("/Remove Ads")
        _ = state.send(.enter)
        #expect(state.topAlert == nil, "\(String(describing: state.topAlert))")
        #expect(state.overlays.contains { if case .buySheet = $0 { true } else { false } }, "\(state.overlays)")
    }
}
