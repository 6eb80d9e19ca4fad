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
        #expect(state.shownOutcome?.title == "Refund complete")
        #expect(state.snapshot.transactions.first?.state == .refunded)
        #expect(state.snapshot.balance(of: "rage-faces") == 0)
    }
}


