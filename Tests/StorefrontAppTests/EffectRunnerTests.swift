import Foundation
import StoreEngine
@testable import StorefrontRuntime
import Testing
import TerminalUI
@testable import StorefrontApp

/// The runtime hands results back as data; the app words them, so the runtime writes no English.
@Suite("Runtime: results come back as data, worded by the app")
struct EffectRunnerTests {
    typealias F = StorefrontFixture
    static let newsletter = "com.example.rage.newsletter"

    @Test("A decline comes back as the product declined, and the alert words it")
    func decline() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let pending = try #require(fixture.buy(F.drummer).transaction)
        let actions = EffectRunner(store: fixture.store)
            .run(.settle(.decline, transactionID: pending.id, buyer: fixture.buyer), storefront: "USA")
        #expect(actions.last == .requestDeclined(productID: F.drummer, quantity: 1))
        var state = fixture.state()
        for action in actions { _ = update(&state, action) }
        #expect(state.notice?.title == "Request declined")
        #expect(state.notice?.message == "The request to buy Girlfriend of Drummer Rage was declined; nothing was charged.")
    }

    @Test("Unsubscribing and renewing come back as the product and the chain, not as sentences")
    func subscriptions() throws {
        let fixture = try F()
        let free = try #require(fixture.buy(Self.newsletter).transaction)
        let runner = EffectRunner(store: fixture.store)
        let left = runner.run(.settle(.unsubscribe, transactionID: free.id, buyer: fixture.buyer), storefront: "USA")
        #expect(left.last == .unsubscribed(productID: Self.newsletter))
        // Asked again on a record read before (another shell got there first): nothing changed, no error.
        let again = runner.run(.settle(.unsubscribe, transactionID: free.id, buyer: fixture.buyer), storefront: "USA")
        #expect(again.last == .unsubscribed(productID: Self.newsletter, changed: false), "\(again)")

        let monthly = try #require(fixture.buy(F.monthly).transaction)
        let renewed = runner.run(.settle(.renew, transactionID: monthly.id, buyer: fixture.buyer), storefront: "USA")
        guard case .subscriptionChanged(let chain, _, let charged, _, _)? = renewed.last else {
            Issue.record("renewing gave \(renewed)")
            return
        }
        // The renewal recorded is the one the alert says was charged.
        let renewal = try #require(charged)
        #expect(renewal.id == chain.latestTransactionID && renewal.id != monthly.id && renewal.isRenewal)
        #expect(renewal.price == Decimal(string: "2.99") && renewal.purchaseDate == monthly.expiresDate, "the period after the intro offer's, at the regular price")
        var state = fixture.state()
        for action in renewed { _ = update(&state, action) }
        let period = "from \(state.text.date(renewal.purchaseDate)) to \(state.text.date(try #require(renewal.expiresDate)))"
        #expect(state.notice == Alert(title: "Subscription", message: "Charged $2.99 for Rage Pro (Monthly) \(period) (transaction \(renewal.id)). "
                                      + state.text.describe(chain), tone: .success))
    }

    @Test("Renew now into the plan a switch goes to says the plan running first, as entitlements does (before: the plan paid ahead 'subscribed, renews')")
    func renewIntoASwitchSaysThePlanRunning() throws {
        let fixture = try F()
        let yearly = try #require(try fixture.buy("com.example.rage.pro.yearly").transaction)
        _ = try fixture.buy(F.monthly)   // a switch at the yearly plan's renewal
        let renewed = EffectRunner(store: fixture.store).run(.settle(.renew, transactionID: yearly.id, buyer: fixture.buyer), storefront: "USA")
        var state = fixture.state()
        for action in renewed { _ = update(&state, action) }
        let message = state.notice?.message ?? ""
        #expect(message.contains("). Subscribed: Rage Pro (Yearly) until \(state.text.date(try #require(yearly.expiresDate))), then Rage Pro (Monthly) paid ahead until ")
                && message.hasSuffix(", renews."), "\(message)")
    }

    @Test("Cancelling renewal that another process cancelled first says nothing changed (before: only the state, as if it had been done)")
    func cancelAlreadyCancelledSaysSo() throws {
        let fixture = try F()
        let monthly = try #require(fixture.buy(F.monthly).transaction)
        let runner = EffectRunner(store: fixture.store)
        _ = try fixture.store.cancelRenewal(F.monthly, buyer: fixture.buyer)
        let actions = runner.run(.settle(.cancelRenewal, transactionID: monthly.id, buyer: fixture.buyer), storefront: "USA")
        var state = fixture.state()
        for action in actions { _ = update(&state, action) }
        #expect(state.notice?.message.hasSuffix("Auto-renew was already off; nothing changed.") == true, "\(state.notice?.message ?? "")")
    }

    @Test("A transaction gone from the store is the store's own error")
    func goneTransaction() throws {
        let fixture = try F()
        let actions = EffectRunner(store: fixture.store)
            .run(.settle(.unsubscribe, transactionID: "nope", buyer: fixture.buyer), storefront: "USA")
        #expect(actions == [.operationFailed(message: "\(StoreError.unknownTransaction("nope"))")])
    }
}
