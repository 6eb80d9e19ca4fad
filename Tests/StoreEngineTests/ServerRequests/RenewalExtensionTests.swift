import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontTesting

/// Extensions of a subscription's renewal date asked for by the app's server, in the fold.
@Suite("Server requests: renewal date extensions and consumption reports")
struct RenewalExtensionTests {
    @Test("an extension moves the expiry and the next renewal; the same request id records nothing new")
    func extensionMovesTheRenewal() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        guard case let .purchased(bought) = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA") else {
            Issue.record("not bought"); return
        }
        let before = try #require(store.snapshot.subscriptions[bought.id]?.expiresDate)
        let made = try store.extendRenewalDate(originalTransactionID: bought.id, days: 10, reasonCode: 1, requestIdentifier: "r1", by: phone)
        #expect(made.newExpiresDate == before.addingTimeInterval(10 * 86_400))
        let again = try store.extendRenewalDate(originalTransactionID: bought.id, days: 10, reasonCode: 1, requestIdentifier: "r1", by: phone)
        #expect(again == made)
        #expect(store.snapshot.renewalExtensions[bought.id]?.count == 1)
        #expect(store.snapshot.transactions[bought.id]?.expiresDate == made.newExpiresDate)
        // Another process reading the ledger folds the same state.
        let other = try fixture.store()
        #expect(other.snapshot.subscriptions[bought.id]?.expiresDate == made.newExpiresDate)
        // No renewal at the old date: it comes at the new one.
        fixture.clock.advance(by: before.timeIntervalSince(fixture.clock.now()) + 86_400)
        if store.hasDueEvents { try store.catchUp() }
        #expect(store.entitlements(for: phone).subscriptions.first?.renewalCount == 0)
        #expect(store.entitlements(for: phone).subscriptions.first?.isEntitled == true)
    }

    @Test("a third extension within a year is refused, and so is one of an ended subscription")
    func limitsAreApples() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        guard case let .purchased(bought) = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA") else {
            Issue.record("not bought"); return
        }
        _ = try store.extendRenewalDate(originalTransactionID: bought.id, days: 1, reasonCode: 0, requestIdentifier: "a", by: phone)
        _ = try store.extendRenewalDate(originalTransactionID: bought.id, days: 1, reasonCode: 0, requestIdentifier: "b", by: phone)
        #expect(throws: ServerRequestRefusal.tooManyExtensions(originalTransactionID: bought.id)) {
            try store.extendRenewalDate(originalTransactionID: bought.id, days: 1, reasonCode: 0, requestIdentifier: "c", by: phone)
        }
        #expect(throws: ServerRequestRefusal.noTransaction("2999999999999999")) {
            try store.extendRenewalDate(originalTransactionID: "2999999999999999", days: 1, reasonCode: 0, requestIdentifier: "d", by: phone)
        }
    }

    @Test("a subscription in a free trial is not extended, as the App Store refuses (before: extended); its first paid period is")
    func aFreeTrialIsNotExtended() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        guard case let .purchased(trial) = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") else {
            Issue.record("not bought"); return
        }
        #expect(trial.price == 0 && trial.offer != nil, "the monthly plan starts with a free week")
        #expect(throws: ServerRequestRefusal.freeOfferPeriod(originalTransactionID: trial.id)) {
            try store.extendRenewalDate(originalTransactionID: trial.id, days: 3, reasonCode: 1, requestIdentifier: "t", by: phone)
        }
        #expect(store.snapshot.renewalExtensions[trial.id] == nil)
        fixture.clock.advance(by: 7 * 86_400 + 60)
        if store.hasDueEvents { try store.catchUp() }
        let extended = try store.extendRenewalDate(originalTransactionID: trial.id, days: 3, reasonCode: 1, requestIdentifier: "t", by: phone)
        #expect(extended.days == 3)
    }

    @Test("extensions and consumption reports survive a checkpoint")
    func checkpointKeepsThem() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        guard case let .purchased(monthly) = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA"),
              case let .purchased(face) = try store.purchase(Rage.face, buyer: phone, storefront: "USA") else {
            Issue.record("not bought"); return
        }
        _ = try store.extendRenewalDate(originalTransactionID: monthly.id, days: 7, reasonCode: 3, requestIdentifier: "x", by: phone)
        try store.recordConsumptionInfo(#"{"consumptionStatus":2}"#, transactionID: face.id, by: phone)
        let state = store.snapshot
        let payload = state.checkpointPayload(initialSettings: StoreSettings())
        let resumed = try LedgerState(checkpointPayload: payload[...], app: state.app, creditScopes: state.creditScopes,
                                      initialSettings: StoreSettings())
        #expect(resumed.renewalExtensions == state.renewalExtensions)
        #expect(resumed.consumptionReports == state.consumptionReports)
        #expect(resumed.consumptionReports[face.id]?.fields == #"{"consumptionStatus":2}"#)
    }
}
