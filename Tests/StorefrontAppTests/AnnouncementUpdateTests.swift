import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Purchases that complete elsewhere while the buyer waits are announced in the storefront.
@Suite("Update: announcements of purchases completed elsewhere")
struct AnnouncementUpdateTests {
    typealias F = StorefrontFixture

    /// The storefront's state after an interrupted purchase of `product`, made before it
    /// opened, was completed by another process.
    func stateAfterCompletionElsewhere(of product: String) throws -> AppState {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        let interrupted = try #require(try fixture.buy(product).transaction)
        var state = fixture.state()
        _ = try fixture.store.resolve(interrupted.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        return state
    }

    @Test("An interrupted purchase completed in another process is announced when the snapshot arrives")
    func announcedCompletion() throws {
        let state = try stateAfterCompletionElsewhere(of: F.drummer)
        #expect(state.shownOutcome == Alert(title: "Purchase completed", message: "Girlfriend of Drummer Rage is yours.",
                                        tone: .success))
    }

    @Test("A consumable completed elsewhere is announced with the new balance")
    func announcedConsumableCompletion() throws {
        let state = try stateAfterCompletionElsewhere(of: F.facePack)
        #expect(state.shownOutcome?.title == "Purchase completed")
        // "Is yours" reads wrong of a pack of faces (before: "Random Rage Face is yours").
        #expect(state.shownOutcome?.message == "Your purchase of Random Rage Face was completed. +5 Rage Faces: you have 5.")
    }
}
