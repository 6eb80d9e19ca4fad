import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Subscription keys on the transactions screen: U resumes renewal, N is not offered once a
/// subscription has ended.
@Suite("Update: subscription keys on the transactions screen")
struct SubscriptionKeysUpdateTests {
    typealias F = StorefrontFixture
    static let yearly = "com.example.rage.pro.yearly"

    @Test("U turns auto-renew back on after it was cancelled")
    func resumeRenewal() throws {
        let fixture = try F()
        let bought = try #require(try fixture.buy(Self.yearly).transaction)
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)
        var state = fixture.state()
        state.send(.character("t"))
        let record = try #require(state.snapshot.transactions.first)
        #expect(TransactionAction.resumeRenewal.isAvailable(for: record, in: state.snapshot))
        #expect(!TransactionAction.cancelRenewal.isAvailable(for: record, in: state.snapshot))
        let effects = state.send(.character("U"))
        #expect(effects == [.settle(.resumeRenewal, transactionID: bought.id, buyer: fixture.buyer)])
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.contains("renews") == true)
        #expect(state.snapshot.entitlements.subscriptions.first?.willAutoRenew == true)
        #expect(!TransactionAction.resumeRenewal.isAvailable(for: record, in: state.snapshot))
    }

    @Test("Renew now is not offered on an expired subscription")
    func noRenewAfterExpiry() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        _ = try fixture.store.expire(Self.yearly, buyer: fixture.buyer)
        let state = fixture.state()
        let record = try #require(state.snapshot.transactions.first)
        #expect(!TransactionAction.renew.isAvailable(for: record, in: state.snapshot))
    }
}
