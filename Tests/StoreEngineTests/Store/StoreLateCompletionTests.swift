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
}
