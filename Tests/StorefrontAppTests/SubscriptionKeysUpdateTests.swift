import Foundation
import StoreEngine
import StorefrontText
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

    @Test("In a grace period with auto-renew off, U is offered and B is not, and the cancel question says billing is not tried again (before: B charged a year)")
    func graceWithAutoRenewOff() throws {
        let fixture = try F()
        try fixture.buyYearlyIntoGracePeriod()
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.send(.character("t"))
        let record = try #require(state.snapshot.transactions.first)
        #expect(TransactionAction.resolveBilling.isAvailable(for: record, in: state.snapshot))
        #expect(!TransactionAction.resumeRenewal.isAvailable(for: record, in: state.snapshot))
        state.send(.character("X"))
        // The dialog's lines joined, without its frame: the question's words, wrapped.
        let question = render(state, size: state.size).rowTexts
            .map { $0.replacingOccurrences(of: "│", with: " ").split(separator: " ").joined(separator: " ") }.joined(separator: " ")
        #expect(question.contains("it keeps access until") && question.contains("billing is not tried again"), "\(question)")
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)
        state.refresh(from: fixture)
        #expect(!TransactionAction.resolveBilling.isAvailable(for: record, in: state.snapshot))
        #expect(!TransactionAction.renew.isAvailable(for: record, in: state.snapshot), "renewing now would resolve billing")
        #expect(TransactionAction.resumeRenewal.isAvailable(for: record, in: state.snapshot))
        let product = try #require(fixture.catalog.product(id: Self.yearly))
        let said = StorefrontPaneText.status(state.snapshot.status(of: Self.yearly), product: product, text: state.text)
        #expect(said.hasSuffix("then it ends (auto-renew is off)"), "the details do not say the store retries: \(said)")
        // Enter on the plan opens no payment sheet: the store refuses buying it again, and says to turn renewal on.
        var shop = fixture.state(size: Size(width: 100, height: 30))
        shop.type("/Yearly")
        #expect(update(&shop, .keyPressed(.enter)).isEmpty, "nothing asked of the store")
        let alert = try #require(shop.topAlert, "\(String(describing: shop.top))")
        #expect(alert.message.contains("auto-renew is off") && alert.message.contains("resume-renewal"), "\(alert.message)")
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
