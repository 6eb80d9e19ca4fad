import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StorefrontText

/// Rules a purchase is checked against: the credit maximum to the unit, intro offers once per
/// group, billing problems, and passes bought one after another.
@Suite struct StorePurchaseRulesTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    @Test func theCreditMaximumIsReachedExactlyAndNeverPassedByOne() throws {
        #expect(try store.purchase(Rage.face, quantity: 10, buyer: phone, storefront: "USA").isPurchased)
        #expect(store.balance(of: "rage-faces", for: phone) == 50)
        _ = try store.spend("rage-faces", amount: 4, buyer: phone)
        let overByOne = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        #expect(overByOne == .refused(.overMaximum(credit: "rage-faces", maximum: 50, balance: 46, adding: 5)))
        _ = try store.spend("rage-faces", amount: 1, buyer: phone)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        #expect(store.balance(of: "rage-faces", for: phone) == 50)
    }

    @Test func anotherProductOfTheGroupAfterATrialGetsNoIntroOffer() throws {
        // Both magazine plans have a free month: the second plan of the group must not.
        let magazine = try StoreFixture("Magazine").store()
        let trial = try magazine.purchase("com.example.magazine.monthly", buyer: phone, storefront: "USA")
        #expect(trial.transaction?.offer == .introductory(.freeTrial))
        _ = try magazine.expire("com.example.magazine.monthly", buyer: phone)
        let quarterly = try magazine.purchase("com.example.magazine.quarterly", buyer: phone, storefront: "USA")
        #expect(quarterly.transaction?.offer == nil)
        #expect((quarterly.transaction?.price ?? 0) > 0)
    }

    @Test func buyingASubscriptionInBillingRetrySaysHowToFixTheBilling() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try store.set(.billingRetry, to: "true", for: phone)
        try store.advance(by: try #require(StoreDuration("P8D")), buyer: phone)
        #expect(store.subscription(Rage.monthly, for: "tester")?.status == .inBillingRetryPeriod)
        let outcome = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        guard case .refused = outcome else { Issue.record("expected a refusal, got \(outcome)"); return }
        let message = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA").message(for: outcome, product: nil)
        #expect(message.contains("billing problem"))
        #expect(message.contains("resolve-billing"))
    }

    @Test func passesBoughtOneAfterAnotherLastAsLongAsTheirTotalBoughtAtOnce() throws {
        let start = fixture.clock.now()
        _ = try store.purchase(Rage.season, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.season, buyer: phone, storefront: "USA")
        let pass = try #require(store.entitlements(for: phone).nonRenewing.first)
        // Nov 30 + 6 months is May 30; adding 3 months twice would clamp to Feb 28 first.
        #expect(pass.expiresDate == SubscriptionPeriod(value: 6, unit: .month).added(to: start))
        _ = try store.purchase(Rage.season, buyer: phone, storefront: "USA")
        let longer = try #require(store.entitlements(for: phone).nonRenewing.first)
        #expect(longer.expiresDate == SubscriptionPeriod(value: 9, unit: .month).added(to: start))
    }
}
