import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// An interrupted purchase completed in another process is announced when the snapshot arrives.
@Suite("Update: a completed interrupted purchase is announced")
struct CompletedPurchaseAnnouncementTests {
    typealias F = StorefrontFixture

    @Test("Resolving an interrupted face pack elsewhere announces it with the new balance")
    func completedElsewhere() throws {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        let interrupted = try #require(try fixture.buy(F.facePack).transaction)
        var state = fixture.state()
        _ = try fixture.store.resolve(interrupted.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        #expect(state.shownOutcome == Alert(title: "Purchase completed",
                                        message: "Your purchase of Random Rage Face was completed. +5 Rage Faces: you have 5.", tone: .success))
    }
}
