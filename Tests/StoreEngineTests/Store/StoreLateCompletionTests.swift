import Foundation
import Testing
@testable import StoreEngine

/// Requests approved or resolved after later purchases: decided as of their completion.
@Suite struct StoreLateCompletionTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    @Test func passResolvedAfterALaterPassShowsTheEndOfTheRun() throws {
        try store.set(.interruptedPurchases, to: "true", for: phone)
        let interrupted = try #require(try store.purchase(Rage.season, buyer: phone, storefront: "USA").transaction)
        try store.set(.interruptedPurchases, to: "false", for: phone)
        guard case let .purchased(bought) = try store.purchase(Rage.season, buyer: phone, storefront: "USA") else {
            Issue.record("the second pass was not bought"); return
        }
        guard case let .purchased(resolved) = try store.resolve(interrupted.id) else {
            Issue.record("the interrupted pass did not complete"); return
        }
        let end = try #require(resolved.expiresDate)
        #expect(end > bought.expiresDate ?? .distantFuture)
        let pass = try #require(store.entitlements(for: phone).nonRenewing.first { $0.productID == Rage.season })
        #expect(pass.expiresDate == end)
        #expect(pass.transactionID == resolved.id)
    }

    @Test("A pass bought after a request approved late extends the run from its first pass, not from the approval (found by the reference model, seed 112: it ended 6 days late)")
    func passAfterALateApprovalExtendsTheRun() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.season, buyer: phone, storefront: "USA").transaction)
        try store.set(.askToBuy, to: "false", for: phone)
        let first = try #require(try store.purchase(Rage.season, buyer: phone, storefront: "USA").transaction)
        try store.advance(by: try #require(StoreDuration("P6D")), buyer: phone)
        guard case let .purchased(approved) = try store.approve(request.id) else { Issue.record("the request was not approved"); return }
        let third = try #require(try store.purchase(Rage.season, buyer: phone, storefront: "USA").transaction)
        let duration = try #require(store.catalog.product(id: Rage.season)?.duration)
        #expect(approved.expiresDate == duration.added(to: first.purchaseDate, times: 2))
        #expect(third.expiresDate == duration.added(to: first.purchaseDate, times: 3), "three passes in a row last three durations")
    }

    /// The subscriptions of the phone's account that are still going.
    func ongoing() -> [SubscriptionChain] {
        store.snapshot.subscriptionChains(of: phone.account).filter(\.isOngoing)
    }

    @Test func requestApprovedAfterSubscribingUpgradesThePlanOfNow() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        try store.set(.askToBuy, to: "false", for: phone)
        let monthly = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        #expect(try store.approve(request.id).isPurchased)
        let going = ongoing()
        #expect(going.count == 1)
        #expect(going.first?.productID == Rage.yearly)
        #expect(going.first?.originalID == monthly.originalID)
        #expect(store.snapshot.transactions[monthly.id]?.replacedBy == request.id)
    }

    @Test func upgradeApprovedAfterARefundStartsANewSubscription() throws {
        let monthly = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        _ = try store.refund(monthly.id)
        #expect(try store.approve(request.id).isPurchased)
        #expect(store.snapshot.subscriptions[monthly.originalID]?.status == .revoked)
        #expect(ongoing().map(\.originalID) == [request.id])
        #expect(store.snapshot.transactions[request.id]?.originalID == request.id)
    }
}
