import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

@Suite struct StoreRestoreAndCreditTests {
    @Test(arguments: StoreBackend.allCases)
    func aPurchaseOnOneDeviceNeedsARestoreOnAnother(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        _ = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        let drummer = try #require(store.catalog.product(id: Rage.drummer))
        let before = store.entitlements(for: tablet)
        #expect(before.nonConsumables.map(\.delivered) == [false])
        #expect(store.status(of: drummer, in: before, storefront: "USA") == .restoreToUnlock)
        #expect(before.credits["rage-faces"] == 5)

        let result = try store.restore(tablet)
        #expect(result.restored.map(\.productID) == [Rage.drummer])
        #expect(result.skippedConsumables)
        let after = store.entitlements(for: tablet)
        #expect(after.nonConsumables.map(\.delivered) == [true])
        #expect(after.credits["rage-faces"] == 5)
        #expect(try store.restore(tablet).restored.isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func deviceScopedCreditsStayOnTheDeviceAndAreLostOnReset(backend: StoreBackend) throws {
        let store = try StoreFixture("SpaceShooter", backend: backend).store()
        _ = try store.purchase("com.example.spaceshooter.lives.5", buyer: phone, storefront: "USA")
        _ = try store.purchase("com.example.spaceshooter.greenship", buyer: phone, storefront: "USA")
        #expect(store.balance(of: "lives", for: phone) == 5)
        #expect(store.balance(of: "lives", for: tablet) == 0)
        try store.resetDevice(phone)
        #expect(store.balance(of: "lives", for: phone) == 0)
        #expect(store.entitlements(for: phone).nonConsumables.map(\.delivered) == [false])
        #expect(try store.restore(phone).restored.map(\.productID) == ["com.example.spaceshooter.greenship"])
    }

    @Test(arguments: StoreBackend.allCases)
    func donationGrantsNothing(backend: StoreBackend) throws {
        let store = try StoreFixture("SpaceShooter", backend: backend).store()
        let outcome = try store.purchase("com.example.spaceshooter.donate", buyer: phone, storefront: "GBR")
        #expect(outcome.isPurchased)
        #expect(outcome.transaction?.credit == nil)
        #expect(store.entitlements(for: phone).credits == ["lives": 0])
    }

    @Test(arguments: StoreBackend.allCases)
    func spendingTakesFromTheBalanceAndNeverGoesNegative(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        #expect(try store.spend("rage-faces", amount: 11, buyer: phone) == .insufficient(balance: 10, requested: 11))
        #expect(store.balance(of: "rage-faces", for: phone) == 10)
        #expect(try store.spend("rage-faces", amount: 4, buyer: tablet) == .spent(balance: 6))
        #expect(try store.spend("rage-faces", buyer: phone) == .spent(balance: 5))
        #expect(throws: StoreError.unknownCredit("coins", known: ["rage-faces", "extra-lives"])) {
            try store.spend("coins", buyer: phone)
        }
        #expect(throws: StoreError.invalidAmount(0)) { try store.spend("rage-faces", amount: 0, buyer: phone) }
    }

    @Test(arguments: StoreBackend.allCases)
    func refundOfAConsumableTakesBackWhatIsLeftAndRecordsTheShortfall(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        let outcome = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        let id = try #require(outcome.transaction?.id)
        _ = try store.spend("rage-faces", amount: 3, buyer: phone)
        let refund = try store.refund(id)
        #expect(refund.revoked == 2)
        #expect(refund.shortfall == 3)
        #expect(store.balance(of: "rage-faces", for: phone) == 0)
        #expect(store.transactions(for: "tester").first?.state == .refunded)
        #expect(throws: StoreError.notRefundable(id, state: .refunded)) { try store.refund(id) }
        #expect(throws: StoreError.unknownTransaction("42")) { try store.refund("42") }
    }

    @Test(arguments: StoreBackend.allCases)
    func refundOfANonConsumableRevokesItAndAllowsBuyingAgain(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        let id = try #require(try store.purchase(Rage.noads, buyer: phone, storefront: "USA").transaction?.id)
        _ = try store.refund(id)
        #expect(store.entitlements(for: phone).nonConsumables.isEmpty)
        #expect(try store.purchase(Rage.noads, buyer: phone, storefront: "USA").isPurchased)
    }

    @Test(arguments: StoreBackend.allCases)
    func replayingTheSameEventsNeverCreditsTwice(backend: StoreBackend) throws {
        let fixture = try StoreFixture(backend: backend)
        let store = try fixture.store()
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        _ = try store.spend("rage-faces", amount: 2, buyer: phone)
        var state = LedgerState(app: "com.example.rage", creditScopes: ["rage-faces": .account])
        for _ in 0..<3 {
            for (index, event) in (try fixture.allEvents()).enumerated() { state.apply(event, sequence: index + 1) }
        }
        #expect(state.balance(of: "rage-faces", for: phone) == 3)
        #expect(state.transactions(of: "tester").count == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func eventsOfAnotherAppAreIgnored(backend: StoreBackend) throws {
        let fixture = try StoreFixture(backend: backend)
        let rage = try fixture.store()
        let shooter = try Store(catalog: CatalogLoader.loadBundled("SpaceShooter"), log: fixture.connection(), clock: fixture.clock)
        _ = try rage.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        let shot = try shooter.purchase("com.example.spaceshooter.greenship", buyer: phone, storefront: "USA")
        try rage.refresh()
        #expect(rage.transactions(for: "tester").count == 1)
        #expect(shooter.transactions(for: "tester").count == 1)
        #expect(shot.transaction?.id != rage.transactions(for: "tester").first?.id)
    }
}

private extension Rage {
    static let noads = "com.example.rage.noads"
}
