import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontText

/// A purchase of another account (a parent approving a child's request) is worded in the third
/// person, and the reader's own purchase in the second, from one place: `PurchaseOwnerWords`.
@Suite struct StorePurchaseOwnerWordsTests {
    let fixture: StoreFixture
    let store: Store
    let text: StoreText

    init() throws { (fixture, store, text) = try storeWithWords() }

    func said(_ outcome: PurchaseOutcome, _ productID: String, balance: Int? = nil, owner: String?) -> String {
        text.message(for: outcome, product: store.catalog.product(id: productID), balance: balance, owner: owner)
    }

    @Test("a credit's grant gives the owner's balance as the owner's (before: 'For kid: … you now have 5')")
    func creditGrantNamesTheOwner() throws {
        let outcome = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        #expect(said(outcome, Rage.face, balance: 5, owner: "kid") == "Added 5 Rage Faces with Random Rage Face: kid now has 5.")
        #expect(said(outcome, Rage.face, balance: 5, owner: nil) == "Added 5 Rage Faces with Random Rage Face: you now have 5.")
    }

    @Test func productsAlreadyHeldAreTheOwners() throws {
        _ = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        let owned = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        #expect(said(owned, Rage.drummer, owner: "kid").hasPrefix("kid already owns Girlfriend of Drummer Rage; nothing was charged."))
        #expect(said(owned, Rage.drummer, owner: nil).hasPrefix("You already own Girlfriend of Drummer Rage; nothing was charged."))
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let subscribed = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(said(subscribed, Rage.yearly, owner: "kid").hasPrefix("kid is already subscribed to"), "\(said(subscribed, Rage.yearly, owner: "kid"))")
        #expect(said(subscribed, Rage.yearly, owner: nil).hasPrefix("You are already subscribed to"))
    }

    @Test func aBillingProblemIsTheOwners() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        try store.set(.billingRetry, to: "true", for: phone)
        _ = try store.advance(by: try StoreDuration.parse("P1Y"), buyer: phone)
        let refused = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        guard case .refused(.billingProblem) = refused else { Issue.record("got \(refused)"); return }
        #expect(said(refused, Rage.yearly, owner: "kid").hasPrefix("kid's subscription to"), "\(said(refused, Rage.yearly, owner: "kid"))")
        #expect(said(refused, Rage.yearly, owner: nil).hasPrefix("Your subscription to"))
    }
}
