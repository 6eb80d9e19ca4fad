import Foundation
import Testing
@testable import StoreEngine

/// How long the store retries a failed renewal before the subscription expires.
@Suite struct StoreBillingRetryLengthTests {
    @Test func billingRetryLastsSixtyDaysThenTheSubscriptionExpires() throws {
        let store = try StoreFixture().store()
        try store.set(.billingRetry, to: "true", for: phone)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        // The free week ends and its renewal fails: billing retry begins.
        _ = try store.advance(by: try #require(StoreDuration("7d")), buyer: phone)
        #expect(store.entitlements(for: phone).subscriptions.first?.state == .inBillingRetryPeriod)
        _ = try store.advance(by: try #require(StoreDuration("59d")), buyer: phone)
        #expect(store.entitlements(for: phone).subscriptions.first?.state == .inBillingRetryPeriod)
        _ = try store.advance(by: try #require(StoreDuration("1d")), buyer: phone)
        let ended = try #require(store.entitlements(for: phone).subscriptions.first)
        #expect(ended.state == .expired)
        #expect(ended.expirationReason == .billingError)
    }
}
