import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// What this storefront changes itself shows at once, whatever device the transaction was
/// bought on.
@Suite("Update: the storefront's own changes show at once")
struct OwnChangesUpdateTests {
    typealias F = StorefrontFixture

    @Test("Refunding a face pack bought on another device of the account shows the new balance and state")
    func refundOfAPurchaseFromAnotherDevice() throws {
        let fixture = try F()
        try fixture.buy(F.facePack, buyer: Buyer(account: "tester", device: "phone"))
        var state = fixture.state()
        #expect(state.snapshot.balance(of: "rage-faces") == 5)
        state.send(.character("t"), .character("R"))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.topAlert?.title == "Refund complete")
        #expect(state.snapshot.transactions.first?.state == .refunded)
        #expect(state.snapshot.balance(of: "rage-faces") == 0)
    }
}


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
        #expect(state.topAlert?.title == "Request closed")
        #expect(state.topAlert?.message.contains("already had it") == true)
        #expect(state.snapshot.status(of: F.noAds).name == "owned")
    }
}
