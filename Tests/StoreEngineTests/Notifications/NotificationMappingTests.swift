import Foundation
import Testing
@testable import StoreEngine
@testable import StoreNotifications

/// Store events cause App Store Server Notifications with Apple's types and subtypes, in
/// Apple's order.
@Suite struct NotificationMappingTests {
    let fixture: NotificationFixture

    init() throws {
        fixture = try NotificationFixture()
        try fixture.set(.notificationURL, "http://127.0.0.1:9/notifications")
    }

    @Test func aSubscriptionsWholeLifeThenARefundGivesApplesSequence() throws {
        try fixture.buy(Rage.monthly) // a week's free trial
        try fixture.advance("P1W") // the first paid month
        try fixture.set(.billingRetry, "true")
        try fixture.set(.gracePeriod, "true")
        try fixture.advance("P1M") // the renewal fails: 16 days of grace
        try fixture.advance("P17D") // grace ends, billing retry goes on
        _ = try fixture.store.resolveBilling(Rage.monthly, buyer: phone)
        try fixture.set(.billingRetry, "false")
        try fixture.buy(Rage.yearly) // an upgrade, at once
        _ = try fixture.store.cancelRenewal(Rage.yearly, buyer: phone)
        try fixture.advance("P13M")
        let drummer = try #require(try fixture.buy(Rage.drummer))
        _ = try fixture.store.refund(drummer.id)
        #expect(try fixture.sequence() == [
            "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
            "DID_RENEW/BILLING_RECOVERY", "DID_CHANGE_RENEWAL_PREF/UPGRADE", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
            "EXPIRED/VOLUNTARY", "ONE_TIME_CHARGE", "REFUND",
        ])
        let notifications = try fixture.notifications()
        #expect(notifications.last?.transactionID == drummer.id)
        #expect(notifications.first?.productID == Rage.monthly)
        #expect(notifications[5].productID == Rage.yearly)
    }

    @Test("A period paid ahead that ends before it begins sends no DID_RENEW: revoked with its subscription, expired, refunded itself or replaced by an upgrade (before: its DID_RENEW was sent when it would have begun)")
    func aPeriodPaidAheadThatNeverBeginsSendsNoRenewal() throws {
        func renewals(_ fixture: NotificationFixture) throws -> [String?] {
            try fixture.notifications().filter { $0.type == .didRenew }.map(\.transactionID)
        }
        // Revoked: the refund of the latest period revokes the subscription; neither period paid ahead begins.
        try fixture.buy(Rage.yearly)
        let first = try fixture.store.renew(Rage.yearly, buyer: phone)
        let second = try fixture.store.renew(Rage.yearly, buyer: phone)
        #expect(try renewals(fixture) == [first.latestTransactionID, second.latestTransactionID])
        _ = try fixture.store.refund(second.latestTransactionID)
        #expect(try renewals(fixture).isEmpty)
        #expect(try fixture.sequence() == ["SUBSCRIBED/INITIAL_BUY", "REFUND"])
        try fixture.advance("P3Y")
        #expect(try renewals(fixture).isEmpty, "nothing comes due later either")

        // Refunded itself (a period between others), and expired: the first never begins, and neither does the last.
        let refunded = try NotificationFixture()
        try refunded.set(.notificationURL, "http://127.0.0.1:9/notifications")
        try refunded.buy(Rage.yearly)
        let ahead = try refunded.store.renew(Rage.yearly, buyer: phone)
        let last = try refunded.store.renew(Rage.yearly, buyer: phone)
        _ = try refunded.store.refund(ahead.latestTransactionID)
        #expect(try renewals(refunded) == [last.latestTransactionID])
        _ = try refunded.store.expire(Rage.yearly, buyer: phone)
        #expect(try renewals(refunded).isEmpty)

        // Replaced by an upgrade before it began: the upgrade refunded it whole.
        let upgraded = try NotificationFixture()
        try upgraded.set(.notificationURL, "http://127.0.0.1:9/notifications")
        try upgraded.buy(Rage.monthly)
        try upgraded.advance("P10D")
        _ = try upgraded.store.renew(Rage.monthly, buyer: phone)
        try upgraded.buy(Rage.yearly)
        #expect(try renewals(upgraded).count == 1, "the renewal that began after the free week stays; the one paid ahead goes")

        // A renewal that began stays, whatever comes after.
        let began = try NotificationFixture()
        try began.set(.notificationURL, "http://127.0.0.1:9/notifications")
        try began.buy(Rage.yearly)
        let renewed = try began.store.renew(Rage.yearly, buyer: phone)
        try began.advance("P13M")
        _ = try began.store.refund(renewed.latestTransactionID)
        #expect(try renewals(began) == [renewed.latestTransactionID])
    }

    @Test func buyingAgainAfterAnExpiryResubscribesAndAPromotionalOfferIsRedeemed() throws {
        try fixture.buy(Rage.yearly)
        _ = try fixture.store.expire(Rage.yearly, buyer: phone)
        try fixture.buy(Rage.monthly, offer: "rage.pro.comeback")
        _ = try fixture.store.expire(Rage.monthly, buyer: phone)
        try fixture.buy(Rage.yearly)
        #expect(try fixture.sequence() == ["SUBSCRIBED/INITIAL_BUY", "EXPIRED", "OFFER_REDEEMED/RESUBSCRIBE", "EXPIRED",
                                           "SUBSCRIBED/RESUBSCRIBE"])
    }

    @Test func aDowngradeWaitsForTheRenewalAndBuyingTheCurrentPlanAgainUndoesIt() throws {
        try fixture.buy(Rage.yearly)
        try fixture.buy(Rage.monthly)
        try fixture.buy(Rage.yearly)
        _ = try fixture.store.cancelRenewal(Rage.yearly, buyer: phone)
        _ = try fixture.store.resumeRenewal(Rage.yearly, buyer: phone)
        _ = try fixture.store.cancelRenewal(Rage.yearly, buyer: phone)
        _ = try fixture.store.cancelRenewal(Rage.yearly, buyer: phone)
        #expect(try fixture.sequence() == ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF",
                                           "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                                           "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
                                           "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])
    }

    @Test func billingRetryWithoutGraceFailsToRenewAndExpiresAfterSixtyDays() throws {
        try fixture.set(.billingRetry, "true")
        try fixture.buy(Rage.yearly)
        try fixture.advance("P1Y")
        try fixture.advance("P61D")
        #expect(try fixture.sequence() == ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW", "EXPIRED/BILLING_RETRY"])
    }

    @Test func aConsumablesRefundIsPrecededByAConsumptionRequest() throws {
        let face = try #require(try fixture.buy(Rage.face))
        _ = try fixture.store.refund(face.id)
        #expect(try fixture.sequence() == ["ONE_TIME_CHARGE", "CONSUMPTION_REQUEST", "REFUND"])
        let ids = try fixture.notifications().map(\.id)
        #expect(Set(ids).count == 3)
    }

    @Test("a refund given a reason tells it in its CONSUMPTION_REQUEST, and only there; one given none tells none")
    func aRefundsReasonIsTheConsumptionRequestsReason() throws {
        let face = try #require(try fixture.buy(Rage.face))
        _ = try fixture.store.refund(face.id, reason: .fulfillmentIssue)
        let plain = try #require(try fixture.buy(Rage.face))
        _ = try fixture.store.refund(plain.id)
        let said = try fixture.notifications().map { "\($0.type.rawValue) \($0.consumptionRequestReason?.rawValue ?? "-")" }
        #expect(said == ["ONE_TIME_CHARGE -", "CONSUMPTION_REQUEST FULFILLMENT_ISSUE", "REFUND -",
                         "ONE_TIME_CHARGE -", "CONSUMPTION_REQUEST -", "REFUND -"])
        var refund = StoreEvent(kind: .refund, time: Date(), app: "a", account: "b", device: "c")
        refund.reason = "ACCIDENT"
        #expect(refund.ledgerFieldProblem()?.field == "reason", "a reason Apple does not have is a problem of the ledger")
        refund.reason = "LEGAL"
        #expect(refund.ledgerFieldProblem() == nil)
        #expect(RefundReason(word: "unsatisfied-with-purchase") == .unsatisfiedWithPurchase && RefundReason(word: "Other") == .other)
    }

    @Test func anAskToBuyRequestCausesNothingUntilTheParentApproves() throws {
        try fixture.set(.askToBuy, "true")
        let outcome = try fixture.store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        guard case let .pending(request) = outcome else { Issue.record("expected a waiting request, got \(outcome)"); return }
        #expect(try fixture.sequence() == [])
        _ = try fixture.store.approve(request.id)
        #expect(try fixture.sequence() == ["ONE_TIME_CHARGE"])
    }

    @Test func aTestNotificationIsATest() throws {
        let sequence = try fixture.store.requestTestNotification(by: phone)
        let notification = try #require(try fixture.notifications().last)
        #expect(notification.type == .test && notification.subtype == nil && notification.transactionID == nil)
        #expect(notification.sequence == sequence)
    }

    @Test func anExtendedRenewalDateIsRenewalExtendedForTheChainsLatestTransactionOnce() throws {
        let first = try #require(try fixture.buy(Rage.monthly)) // a week's free trial
        try fixture.advance("P1W") // the first paid month: a newer transaction in the chain
        let latest = try #require(fixture.store.snapshot.subscriptions[first.originalID]?.latestTransactionID)
        #expect(latest != first.id)
        _ = try fixture.store.extendRenewalDate(originalTransactionID: first.originalID, days: 30, reasonCode: 1,
                                                requestIdentifier: "request-1", by: phone)
        // The same request again is answered from the first and records nothing, so notifies nothing.
        _ = try fixture.store.extendRenewalDate(originalTransactionID: first.originalID, days: 30, reasonCode: 1,
                                                requestIdentifier: "request-1", by: phone)
        #expect(try fixture.sequence() == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "RENEWAL_EXTENDED"])
        let extended = try #require(try fixture.notifications().last)
        #expect(extended.type == .renewalExtended && extended.subtype == nil)
        #expect(extended.transactionID == latest)
        #expect(extended.originalTransactionID == first.originalID)
        #expect(extended.productID == Rage.monthly)
    }
}
