import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// A request the store closed because it became moot is announced as closed, not declined.
@Suite("Update: a moot request is announced as closed")
struct MootRequestUpdateTests {
    typealias F = StorefrontFixture

    @Test("Approving a request for something bought meanwhile announces it closed, with the reason")
    func mootRequestIsAnnouncedAsClosed() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let request = try #require(try fixture.buy(F.noAds).transaction)
        try fixture.store.set(.askToBuy, to: "false", for: fixture.buyer)
        try fixture.buy(F.noAds)
        var state = fixture.state()
        _ = try fixture.store.approve(request.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        #expect(state.shownOutcome?.title == "Request closed")
        #expect(state.shownOutcome?.message.contains("already had it") == true)
        #expect(state.snapshot.status(of: F.noAds).name == "owned")
    }
}
