import Foundation
import Testing
@testable import StoreEngine

/// Every read gives one answer: subscriptions that start in the same store second are ordered
/// by the ledger, and a product id names the subscription that is still going.
@Suite struct StoreOrderingTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    /// Buys and ends the monthly subscription `times` times, all in one store second.
    func churn(_ times: Int, ending: (String) throws -> Void) throws {
        for _ in 0..<times {
            let outcome = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
            let record = try #require(outcome.transaction)
            try ending(record.id)
        }
    }

    @Test func subscriptionsStartedInOneSecondAreListedInLedgerOrder() throws {
        try churn(20) { _ = try store.expire($0, buyer: phone) }
        let chains = store.snapshot.subscriptionChains(of: "tester")
        #expect(chains.count == 20)
        let rows = chains.map { store.snapshot.transactions.row(of: $0.originalID) ?? -1 }
        #expect(rows == rows.sorted())
    }

    @Test func theLiveSubscriptionWinsAfterExpiriesInTheSameSecond() throws {
        try churn(12) { _ = try store.expire($0, buyer: phone) }
        let live = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        for reader in try (0..<3).map({ _ in try fixture.store() }) {
            let subscription = reader.entitlements(for: phone).subscriptions.first { $0.productID == Rage.monthly }
            #expect(subscription?.state == .subscribed)
            #expect(subscription?.transactionID == live.id)
        }
        let cancelled = try store.cancelRenewal(Rage.monthly, buyer: phone)
        #expect(cancelled.originalID == live.id)
        #expect(store.subscription(Rage.monthly, for: "tester")?.originalID == live.id)
    }

    @Test func productIDLookupsPickTheLiveSubscriptionNotARevokedOne() throws {
        try churn(12) { _ = try store.refund($0) }
        let live = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        let ended = try store.expire(Rage.monthly, buyer: phone)
        #expect(ended.originalID == live.id)
        #expect(ended.status == .expired)
    }

    @Test func entitlementsShowTheLiveSubscriptionAfterRefunds() throws {
        try churn(12) { _ = try store.refund($0) }
        let live = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        let subscription = store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.monthly }
        #expect(subscription?.transactionID == live.id)
        #expect(subscription?.state == .subscribed)
    }
}
