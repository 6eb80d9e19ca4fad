import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontText

/// Ask to Buy requests: one per product and buyer at a time, settled even when they became
/// moot, and never shown over what the buyer already owns.
@Suite struct StoreWaitingRequestTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    func waiting() -> [TransactionRecord] {
        store.transactions(for: "tester").filter { $0.state == .pending || $0.state == .needsAction }
    }

    @Test func aSecondRequestForTheSameProductIsRefusedWhileOneWaits() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        let first = try #require(try store.purchase(Rage.drummer, buyer: phone, storefront: "USA").transaction)
        let second = try store.purchase(Rage.drummer, buyer: tablet, storefront: "USA")
        guard case .refused = second else { Issue.record("expected a refusal, got \(second)"); return }
        #expect(waiting().map(\.id) == [first.id])
        #expect(StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA").message(for: second, product: nil).contains(first.id))
    }

    @Test("A refusal of a second request or interrupted purchase names the waiting one's quantity (before: \"A request to buy Random Rage Face\" for a request of 3)", arguments: [StoreSetting.askToBuy, .interruptedPurchases])
    func theRefusalOfASecondOneNamesTheWaitingQuantity(setting: StoreSetting) throws {
        try store.set(setting, to: "true", for: phone)
        let first = try #require(try store.purchase(Rage.face, quantity: 3, buyer: phone, storefront: "USA").transaction)
        let second = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        guard case .refused(let refusal) = second else { Issue.record("expected a refusal, got \(second)"); return }
        #expect(refusal == (setting == .askToBuy ? .requestAlreadyWaiting(transactionID: first.id, quantity: 3)
                                                 : .interruptedPurchaseWaits(transactionID: first.id, quantity: 3)))
        let words = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
            .message(for: second, product: store.catalog.product(id: Rage.face))
        #expect(words.hasPrefix(setting == .askToBuy ? "A request to buy 3 × Random Rage Face already waits"
                                                     : "The purchase of 3 × Random Rage Face was interrupted"), "\(words)")
    }

    @Test("A waiting purchase of one pack whose title begins with a number is named with its quantity, so the title's number does not read as one (before: \"A request to buy 3 Extra Lives\" for one pack)",
          arguments: [StoreSetting.askToBuy, .interruptedPurchases])
    func aTitleBeginningWithANumberIsNamedWithItsQuantity(setting: StoreSetting) throws {
        try store.set(setting, to: "true", for: phone)
        _ = try #require(try store.purchase(Rage.lives, buyer: phone, storefront: "USA").transaction)
        let second = try store.purchase(Rage.lives, buyer: phone, storefront: "USA")
        let words = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
            .message(for: second, product: store.catalog.product(id: Rage.lives))
        #expect(words.hasPrefix(setting == .askToBuy ? "A request to buy 1 × 3 Extra Lives already waits"
                                                     : "The purchase of 1 × 3 Extra Lives was interrupted"), "\(words)")
        // A title without a number keeps a quantity of one unsaid.
        #expect(StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA").purchasedName(productID: Rage.face, quantity: 1)
                == "Random Rage Face")
    }

    @Test("While purchases are interrupted, buying a product whose interrupted purchase waits is refused, naming it (before: a second purchase waited beside it, and resolving both charged twice); with the setting off, buying again buys")
    func aSecondInterruptedPurchaseOfTheSameProductIsRefusedWhileOneWaits() throws {
        try store.set(.interruptedPurchases, to: "true", for: phone)
        let first = try #require(try store.purchase(Rage.face, buyer: phone, storefront: "USA").transaction)
        let second = try store.purchase(Rage.face, buyer: tablet, storefront: "USA")
        guard case .refused(.interruptedPurchaseWaits(transactionID: first.id, quantity: 1)) = second else {
            Issue.record("expected the waiting purchase to be named, got \(second)"); return
        }
        #expect(waiting().map(\.id) == [first.id])
        let words = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA").message(for: second, product: nil)
        #expect(words.contains("(transaction \(first.id))") && words.contains("`storefront resolve \(first.id)`"), "\(words)")
        // Another product is not held up by it.
        #expect(try store.purchase(Rage.drummer, buyer: phone, storefront: "USA").transaction?.state == .needsAction)
        try store.set(.interruptedPurchases, to: "false", for: phone)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        #expect(try store.resolve(first.id).isPurchased)
        #expect(store.balance(of: "rage-faces", for: phone) == 10)
    }

    @Test func approvingARequestThatBecameMootSettlesIt() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.drummer, buyer: phone, storefront: "USA").transaction)
        try store.set(.askToBuy, to: "false", for: phone)
        #expect(try store.purchase(Rage.drummer, buyer: phone, storefront: "USA").isPurchased)
        #expect(try store.status(Rage.drummer) == .owned(since: fixture.clock.now()))
        #expect(try store.approve(request.id).name == "alreadyOwned")
        #expect(waiting().isEmpty)
        #expect(store.transactions(for: "tester").first { $0.id == request.id }?.state == .declined)
        #expect(store.entitlements(for: phone).waiting.isEmpty)
    }

    @Test func ownedWinsOverAnOlderRequestAfterAnInterruptedPurchaseIsCompleted() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        _ = try store.purchase(Rage.nightly, buyer: phone, storefront: "USA")
        try store.set(.askToBuy, to: "false", for: phone)
        try store.set(.interruptedPurchases, to: "true", for: phone)
        let interrupted = try #require(try store.purchase(Rage.nightly, buyer: phone, storefront: "USA").transaction)
        _ = try store.resolve(interrupted.id)
        #expect(try store.status(Rage.nightly) == .owned(since: fixture.clock.now()))
    }

    @Test func anApprovedRequestIsCheckedAgainAgainstTheCreditMaximum() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.face, quantity: 2, buyer: phone, storefront: "USA").transaction)
        try store.set(.askToBuy, to: "false", for: phone)
        #expect(try store.purchase(Rage.face, quantity: 9, buyer: phone, storefront: "USA").isPurchased)
        let approval = try store.approve(request.id)
        guard case .refused(.overMaximum) = approval else { Issue.record("expected over maximum, got \(approval)"); return }
        #expect(store.balance(of: "rage-faces", for: phone) == 45)
    }
}

/// Approving a request for another plan of a group the account subscribes to meanwhile.
@Suite struct StoreWaitingPlanRequestTests {
    @Test func approvingALowerPlanSchedulesTheChangeInsteadOfASecondSubscription() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        try store.set(.askToBuy, to: "false", for: phone)
        #expect(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").isPurchased)
        #expect(try store.approve(request.id).name == "changeScheduled")
        try store.advance(by: try #require(StoreDuration("P1M")), buyer: phone)
        let chains = store.snapshot.subscriptionChains(of: "tester")
        #expect(chains.count == 1)
        #expect(chains.first?.pendingProductID == Rage.monthly)
        #expect(store.transactions(for: "tester").first { $0.id == request.id }?.state == .declined)
    }
}
