import Foundation
import Testing
@testable import StoreEngine

/// What a restore brings onto another device, and what it leaves behind.
@Suite struct StoreRestoreRulesTests {
    @Test func aPassThatHasEndedIsNotRestored() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let pass = try #require(try store.purchase(Rage.season, buyer: phone, storefront: "USA").transaction)
        #expect(try store.restore(tablet).restored.map(\.id) == [pass.id])
        _ = try store.advance(by: try #require(StoreDuration("P4M")), buyer: phone)
        let laptop = Buyer(account: phone.account, device: "laptop")
        #expect(try store.restore(laptop).restored.isEmpty)
        #expect(store.entitlements(for: laptop).nonRenewing.first?.delivered == false)
    }
}
