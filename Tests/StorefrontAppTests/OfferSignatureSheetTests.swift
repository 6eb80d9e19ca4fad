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

    @Test("with a key and the requirement on, the sheet says why the offer cannot be bought here, and it is not")
    func requirementOnIsExplained() throws {
        let fixture = try F()
        var state = try offerSheet(fixture)
        let sheet = SheetsAndPanesTests.rowTexts(state).joined(separator: " ")
        #expect(sheet.contains("needs a signature from the app's server"), "\(sheet)")
        #expect(sheet.contains("promotional-offer-signatures off"))
        let before = state.snapshot.transactions.count
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.snapshot.transactions.count == before, "no offer was bought without a signature")
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
