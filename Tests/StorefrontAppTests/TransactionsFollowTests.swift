import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The transactions screen keeps its selection on the transaction picked while rows arrive.
@Suite("Update: transactions selection follows its transaction")
struct TransactionsFollowTests {
    typealias F = StorefrontFixture

    /// The id of the transaction selected on the transactions screen on top.
    static func selectedID(_ state: AppState) -> String? {
        guard case .transactions(let screen) = state.overlays.last, let index = screen.scroll.selectedIndex,
              state.snapshot.transactions.indices.contains(index) else { return nil }
        return state.snapshot.transactions[index].id
    }

    @Test("Rows arriving above (newest first) leave the selection on the same transaction")
    func rowsArriveAbove() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        try fixture.buy(F.lives)
        try fixture.buy(F.drummer)
        var state = fixture.state()
        state.send(.character("t"), .down)
        let picked = try #require(Self.selectedID(state))
        #expect(picked == state.snapshot.transactions[1].id)
        for _ in 0..<3 {
            try fixture.buy(F.facePack)
            state.refresh(from: fixture)
            #expect(Self.selectedID(state) == picked)
        }
        let refund = state.send(.character("R"))
        #expect(refund.isEmpty)
        #expect(state.top == .refundConfirmation(transactionID: picked), "R acts on the transaction picked")
    }

    @Test("Renewals under a fast clock do not move the selection")
    func renewalsDoNotMoveIt() throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        try fixture.buy(F.noAds)
        var state = fixture.state()
        state.send(.character("t"), .down)
        let picked = try #require(Self.selectedID(state))
        let subscription = try #require(fixture.store.transactions(for: "tester").first { $0.productID == "com.example.rage.pro.yearly" })
        #expect(picked == subscription.id)
        _ = try fixture.store.renew(subscription.id, buyer: fixture.buyer)
        state.refresh(from: fixture)
        #expect(state.snapshot.transactions.count == 3)
        #expect(Self.selectedID(state) == picked)
    }
}
