import Foundation
import Testing
@testable import StoreEngine

/// The one place a decision's refusal becomes what the store's callers see.
@Suite("Store: refusals reported one way")
struct StoreRefusalReportTests {
    @Test("a purchase refusal is the outcome refused; a request refusal is thrown as its StoreError")
    func report() throws {
        let refused = PurchaseRefusal.purchasesDisallowed(device: "phone")
        #expect(try Store.report(.purchase(refused)) == .refused(refused))
        #expect(throws: StoreError.invalidAmount(0)) { try Store.report(.request(.invalidAmount(0))) }
    }

    @Test("the store says no to a spend and a purchase the way it always has")
    func throughTheStore() throws {
        let store = try StoreFixture().store()
        #expect(throws: StoreError.invalidAmount(0)) { try store.spend("rage-faces", amount: 0, buyer: phone) }
        #expect(throws: StoreError.unknownTransaction("2000000000000042")) { try store.refund("2000000000000042") }
        #expect(try store.purchase("com.example.nothing", buyer: phone, storefront: "USA")
            == .refused(.unknownProduct("com.example.nothing")))
        #expect(throws: StoreError.unknownSubscription(Rage.monthly, account: phone.account)) {
            try store.cancelRenewal(Rage.monthly, buyer: phone)
        }
    }
}
