import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The payment sheet and signed promotional offers: it says why it cannot buy an offer that
/// needs a signature, and buys it when the requirement is off.
@Suite("Render: the payment sheet and promotional offer signatures")
struct OfferSignatureSheetTests {
    typealias F = StorefrontFixture

    /// A past subscriber on the payment sheet of Rage Pro with the comeback offer chosen, in a
    /// store that has an in-app purchase key.
    private func offerSheet(_ fixture: F) throws -> AppState {
        try fixture.buy(F.monthly)
        try fixture.store.expire(F.monthly, buyer: fixture.buyer)
        _ = try fixture.store.registerInAppPurchaseKey(publicKey: "AAAA", keyID: "SHEETKEY01", by: fixture.buyer)
        var state = fixture.state()
        SheetsAndPanesTests.select(F.monthly, in: &state)
        state.send(.enter, .right)
        #expect(state.top == .buySheet(productID: F.monthly, offerID: "rage.pro.comeback"))
        return state
    }

    @Test("with a key in use and the requirement on, the sheet says why and how, and offers no Enter for the offer")
    func requirementOnIsExplained() throws {
        let fixture = try F()
        var state = try offerSheet(fixture)
        let rows = SheetsAndPanesTests.rowTexts(state)
        let sheet = rows.joined(separator: " ")
        #expect(sheet.contains("needs a signature from the app's server"), "\(sheet)")
        #expect(sheet.contains("Promotional offer signatures off in Settings"), "\(sheet)")
        #expect(!sheet.contains("Enter Buy"), "the sheet offers no Enter for an offer it cannot buy: \(sheet)")
        #expect(!KeyHelp.footerHints(for: state).contains { $0.key == "Enter" }, "the footer offers no Enter either")
        RenderSnapshotTests.verify(state, named: "buy-sheet-offer-signature-80x24")
        #expect(state.send(.enter).isEmpty, "Enter sends no purchase the store would refuse")
        #expect(state.top == .buySheet(productID: F.monthly, offerID: "rage.pro.comeback"), "the sheet stays, saying why")
        state.send(.left)
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        #expect(KeyHelp.footerHints(for: state).first == KeyHelp.Hint("Enter", "buy"), "the regular price can be bought")
        #expect(SheetsAndPanesTests.rowTexts(state).joined().contains("Enter Buy"))
    }

    @Test("the Settings screen turns the requirement off (and on), and the sheet then buys the offer")
    func settingsRowLiftsTheRequirement() throws {
        let fixture = try F()
        _ = try offerSheet(fixture)
        var state = fixture.state()
        state.send(.character("s"))
        while state.top != .settings(SettingsScreen(selection: .promotionalOfferSignatures)) {
            guard state.send(.down).isEmpty, case let .settings(screen) = state.top, screen.selection != .failure(.subscriptionStatus) else {
                Issue.record("no settings row for promotional offer signatures")
                return
            }
        }
        #expect(SheetsAndPanesTests.rowTexts(state).contains { $0.contains("Promotional offer signatures") && $0.contains("‹ Required ›") })
        let effects = state.send(.enter)
        #expect(effects == [.setSetting(.promotionalOfferSignatures, value: "off", buyer: fixture.buyer)])
        try fixture.run(effects, on: &state)
        #expect(state.snapshot.settings.promotionalOfferSignatures == .off)
        #expect(SheetsAndPanesTests.rowTexts(state).contains { $0.contains("Promotional offer signatures") && $0.contains("‹ Off ›") })
        let back = state.send(.right)
        #expect(back == [.setSetting(.promotionalOfferSignatures, value: "required", buyer: fixture.buyer)])
        try fixture.run(back, on: &state)
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.snapshot.settings.promotionalOfferSignatures == .off)
        state.send(.escape)
        #expect(state.top == nil)
        SheetsAndPanesTests.select(F.monthly, in: &state)
        state.send(.enter, .right)
        #expect(!SheetsAndPanesTests.rowTexts(state).joined().contains("signature"))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.snapshot.transactions.first?.offer == .promotional(id: "rage.pro.comeback"))
    }

    @Test("with no key in use the Settings row says the requirement asks for nothing yet")
    func settingsRowSaysNoKeyIsInUse() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("s"))
        #expect(SheetsAndPanesTests.rowTexts(state).contains {
            $0.contains("Promotional offer signatures") && $0.contains("‹ Required, no key in use ›")
        })
        _ = try fixture.store.registerInAppPurchaseKey(publicKey: "AAAA", keyID: "SHEETKEY02", by: fixture.buyer)
        try fixture.run([.loadSnapshot(buyer: fixture.buyer, storefront: state.storefront)], on: &state)
        #expect(SheetsAndPanesTests.rowTexts(state).contains {
            $0.contains("Promotional offer signatures") && $0.contains("‹ Required ›")
        })
    }

    @Test("at 60 columns a Settings label cut by its value ends in \"…\" (before: cut bare, \"signatu‹ Required…\")")
    func settingsLabelIsCutWithAnEllipsis() throws {
        var state = try F().state(size: Size(width: 60, height: 16))
        state.send(.character("s"))
        for _ in 0..<6 { state.send(.down) }
        let row = try #require(SheetsAndPanesTests.rowTexts(state).first { $0.contains("‹ Required, no key in use ›") })
        #expect(row.contains("Promotional offer") && row.range(of: "… +‹ Required", options: .regularExpression) != nil, "\(row)")
    }

    @Test("with the requirement off, the sheet says nothing of signatures and buys the offer")
    func requirementOffBuys() throws {
        let fixture = try F()
        try fixture.store.set(.promotionalOfferSignatures, to: "off", for: fixture.buyer)
        var state = try offerSheet(fixture)
        #expect(!SheetsAndPanesTests.rowTexts(state).joined().contains("signature"))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.snapshot.transactions.first?.offer == .promotional(id: "rage.pro.comeback"))
    }
}
