import Foundation
import Testing
@testable import StoreEngine
import StorefrontText

/// Purchases that do not complete at once, and injected errors.
@Suite struct StoreDeferredPurchaseTests {
    let fixture: StoreFixture
    let store: Store

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    @Test("an interrupted purchase and a request of the same product waiting together are both in the status, the interrupted one first (before: whichever was listed first, alone)")
    func interruptedPurchaseAndRequestWaitTogether() throws {
        let face = try #require(store.catalog.product(id: Rage.face))
        try store.set(.askToBuy, to: "true", for: phone)
        guard case .pending = try store.purchase(Rage.face, buyer: phone, storefront: "USA") else { Issue.record("no request"); return }
        try store.set(.askToBuy, to: "false", for: phone)
        try store.set(.interruptedPurchases, to: "true", for: phone)
        guard case .needsAction = try store.purchase(Rage.face, buyer: phone, storefront: "USA") else { Issue.record("not interrupted"); return }
        #expect(store.status(of: face, in: store.entitlements(for: phone), storefront: "USA") == .waiting(.needsAction, alsoWaiting: .pending))
        #expect(ProductStatus.waiting(.needsAction, alsoWaiting: .pending).name == "needsAction")
    }

    @Test("approving a request the store closed already says it was settled and why, not that a parent declined it (before: 'declined, or closed as moot')")
    func approvingAClosedRequestSaysWhyItIsClosed() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        guard case let .pending(request) = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA") else { Issue.record("no request"); return }
        try store.set(.askToBuy, to: "false", for: phone)
        _ = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        guard case .alreadyOwned = try store.approve(request.id) else { Issue.record("not closed as moot"); return }
        let closed = StoreError.notAwaiting(request.id, state: .declined, expected: .pending, closedBecause: StoreDecisions.mootRequestReason,
                                            settledFrom: .pending)
        #expect(throws: closed) { try store.approve(request.id) }
        let said = closed.description
        #expect(said.contains("is a request settled already, closed without a charge: the buyer already had it when it was settled (declined)")
                && !said.contains("declined, or"), "\(said)")
        try store.set(.askToBuy, to: "true", for: phone)
        guard case let .pending(declinedRequest) = try store.purchase(Rage.nightly, buyer: phone, storefront: "USA") else {
            Issue.record("no second request"); return
        }
        _ = try store.decline(declinedRequest.id)
        let declined = StoreError.notAwaiting(declinedRequest.id, state: .declined, expected: .pending, settledFrom: .pending)
        #expect(throws: declined) { try store.approve(declinedRequest.id) }
        #expect(declined.description.contains("is a request declined already (declined): only an Ask to Buy request"), "\(declined)")
    }

    @Test("a downgrade waits for a parent (or the buyer's action) as any purchase does, and its completion schedules it (before: scheduled at once, asking no one)",
          arguments: [StoreSetting.askToBuy, .interruptedPurchases])
    func aDowngradeWaitsAsAnyPurchase(setting: StoreSetting) throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        try store.set(setting, to: "true", for: phone)
        let asked = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        let waiting: TransactionRecord
        switch asked {
        case let .pending(record) where setting == .askToBuy: waiting = record
        case let .needsAction(record) where setting == .interruptedPurchases: waiting = record
        default: Issue.record("not waiting: \(asked)"); return
        }
        #expect(store.subscription(Rage.yearly, for: "tester")?.pendingProductID == nil, "nothing is scheduled yet")
        let completed = setting == .askToBuy ? try store.approve(waiting.id) : try store.resolve(waiting.id)
        guard case let .changeScheduled(productID, from, _, _, _) = completed else { Issue.record("not scheduled: \(completed)"); return }
        #expect(productID == Rage.monthly && from == Rage.yearly)
        #expect(store.subscription(Rage.yearly, for: "tester")?.pendingProductID == Rage.monthly)
        #expect(store.snapshot.transactions[waiting.id]?.state == .declined, "closed without a charge, as a plan change")
    }

    @Test func askToBuyWaitsAndAnotherProcessApproves() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        let outcome = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        guard case let .pending(request) = outcome else { Issue.record("expected pending, got \(outcome)"); return }
        #expect(store.balance(of: "rage-faces", for: phone) == 0)
        let face = try #require(store.catalog.product(id: Rage.face))
        #expect(store.status(of: face, in: store.entitlements(for: phone), storefront: "USA") == .waiting(.pending))

        let parent = try fixture.store()
        let approved = try parent.approve(request.id)
        #expect(approved.isPurchased)
        try store.refresh()
        #expect(store.balance(of: "rage-faces", for: phone) == 5)
        #expect(store.transactions(for: "tester").first?.state == .purchased)
        let approvedAlready = StoreError.notAwaiting(request.id, state: .purchased, expected: .pending, settledFrom: .pending)
        #expect(throws: approvedAlready) { try parent.approve(request.id) }
        // The approve that comes second (as one losing a race to another) is told it was approved already
        // (before: "a completed purchase, or a request approved already", as if the store could not tell).
        #expect("\(approvedAlready)".contains("is a request approved already (purchased): only an Ask to Buy request waiting"), "\(approvedAlready)")
        try store.set(.askToBuy, to: "false", for: phone)
        let boughtOutright = try #require(try store.purchase(Rage.nightly, buyer: phone, storefront: "USA").transaction)
        #expect(throws: StoreError.notAwaiting(boughtOutright.id, state: .purchased, expected: .pending)) { try parent.approve(boughtOutright.id) }
        #expect("\(StoreError.notAwaiting(boughtOutright.id, state: .purchased, expected: .pending))".contains(
            "is a completed purchase (purchased): only"))
    }

    @Test func askToBuyDeclinedChargesNothing() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.drummer, buyer: phone, storefront: "USA").transaction)
        let declined = try store.decline(request.id)
        #expect(declined.state == .declined)
        #expect(store.entitlements(for: phone).nonConsumables.isEmpty)
        #expect(store.transactions(for: "tester").first?.state == .declined)
    }

    @Test func approvalIsCheckedAgainstTheStateOfNow() throws {
        try store.set(.askToBuy, to: "true", for: phone)
        let request = try #require(try store.purchase(Rage.drummer, buyer: phone, storefront: "USA").transaction)
        try store.set(.askToBuy, to: "false", for: phone)
        #expect(try store.purchase(Rage.drummer, buyer: phone, storefront: "USA").isPurchased)
        #expect(try store.approve(request.id).name == "alreadyOwned")
    }

    @Test func interruptedPurchaseCompletesWhenResolved() throws {
        try store.set(.interruptedPurchases, to: "true", for: phone)
        let outcome = try store.purchase(Rage.season, buyer: phone, storefront: "USA")
        guard case let .needsAction(record) = outcome else { Issue.record("expected needsAction, got \(outcome)"); return }
        #expect(store.entitlements(for: phone).nonRenewing.isEmpty)
        #expect(try store.resolve(record.id).isPurchased)
        #expect(store.entitlements(for: phone).nonRenewing.first?.isActive == true)
        #expect(throws: StoreError.self) { try store.approve(record.id) }
    }

    @Test func unfinishedPurchaseIsDeliveredExactlyOnce() throws {
        let outcome = try store.purchase(Rage.face, buyer: phone, storefront: "USA", options: .init(finish: false))
        let id = try #require(outcome.transaction?.id)
        #expect(store.balance(of: "rage-faces", for: phone) == 0)
        #expect(store.unfinishedTransactions(for: phone).map(\.id) == [id])
        let restarted = try fixture.store()
        #expect(try restarted.deliverUnfinished(phone).map(\.id) == [id])
        #expect(try store.deliverUnfinished(phone).isEmpty)
        let again = try fixture.store()
        #expect(try again.deliverUnfinished(phone).isEmpty)
        #expect(again.balance(of: "rage-faces", for: phone) == 5)
        #expect(try store.deliverUnfinished(tablet).isEmpty)
    }

    @Test func injectedPurchaseErrorFailsWithItsReasonUntilCleared() throws {
        try store.inject(InjectedFailure(error: .network, once: false), into: .purchase, buyer: phone)
        for _ in 0..<2 {
            let outcome = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
            #expect(outcome.transaction?.failureReason == InjectedError.network.explanation)
        }
        try store.inject(nil, into: .purchase, buyer: phone)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
    }

    @Test func oneShotInjectedErrorIsUsedUpOnceAcrossProcesses() throws {
        try store.inject(InjectedFailure(error: .productUnavailable, once: true), into: .loadProducts, buyer: phone)
        let other = try fixture.store()
        #expect(throws: StoreFailure(operation: .loadProducts, error: .productUnavailable, once: true)) {
            try other.checkInjectedFailure(.loadProducts, buyer: phone)
        }
        try store.checkInjectedFailure(.loadProducts, buyer: phone)
        try other.checkInjectedFailure(.loadProducts, buyer: phone)
    }

    @Test(arguments: [StoreOperation.restore, .subscriptionStatus, .verification])
    func everyOperationCanBeMadeToFail(operation: StoreOperation) throws {
        try store.inject(InjectedFailure(error: .systemError, once: false), into: operation, buyer: phone)
        if operation == .restore {
            #expect(throws: StoreFailure(operation: .restore, error: .systemError)) { try store.restore(phone) }
        } else {
            #expect(throws: StoreFailure(operation: operation, error: .systemError)) {
                try store.checkInjectedFailure(operation, buyer: phone)
            }
        }
    }

    @Test func injectedCancelCancels() throws {
        try store.inject(InjectedFailure(error: .userCancelled, once: true), into: .purchase, buyer: phone)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").name == "cancelled")
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
    }

    @Test func failureSettingValuesParse() {
        #expect(InjectedFailure(settingValue: "network") == InjectedFailure(error: .network, once: false))
        #expect(InjectedFailure(settingValue: "payment-invalid:once") == InjectedFailure(error: .paymentInvalid, once: true))
        #expect(InjectedFailure(settingValue: "network:twice") == nil)
        #expect(InjectedFailure(settingValue: "gremlins") == nil)
    }
}
