import Foundation
import StoreCatalog
import StoreEngine

/// Which App Store Server Notifications one ledger event causes, as the App Store sends them.
///
/// Pure: given what the event found (`Prior`), the event and the state after it, the
/// notifications in the order the App Store sends them. Events that change nothing (a
/// cancellation of a renewal already off, an expiry of an ended subscription) cause none.
public enum NotificationMapping {
    /// What the state held before the event, for the few decisions that depend on it.
    public struct Prior: Sendable {
        /// The subscription the event names, as it was.
        public var chain: SubscriptionChain?
        /// The transaction the event names, as it was.
        public var transaction: TransactionRecord?
        /// Whether the account had subscribed to the event's subscription group before.
        public var hadSubscribedToGroup: Bool

        public init(chain: SubscriptionChain?, transaction: TransactionRecord?, hadSubscribedToGroup: Bool) {
            self.chain = chain
            self.transaction = transaction
            self.hadSubscribedToGroup = hadSubscribedToGroup
        }
    }

    /// One notification an event causes, before it is given its identity.
    public struct Caused: Sendable, Equatable {
        public var type: NotificationType
        public var subtype: NotificationSubtype?
        /// The transaction it is about; nil for TEST.
        public var transactionID: String?

        public init(_ type: NotificationType, _ subtype: NotificationSubtype? = nil, transactionID: String?) {
            self.type = type
            self.subtype = subtype
            self.transactionID = transactionID
        }
    }

    /// The notifications `event` causes.
    public static func notifications(for event: StoreEvent, prior: Prior, after state: LedgerState) -> [Caused] {
        switch event.kind {
        case .purchase, .approve, .resolve:
            // A purchase waiting for a parent or the buyer causes nothing until it completes.
            guard let id = event.transactionId, let made = state.transactions[id], made.state == .purchased,
                  prior.transaction?.state != .purchased else { return [] }
            return purchaseNotifications(made, prior: prior)
        case .renew:
            guard let id = event.transactionId, state.transactions[id] != nil, let before = prior.chain else { return [] }
            let recovered = before.status == .inBillingRetryPeriod || before.status == .inGracePeriod
            return [Caused(.didRenew, recovered ? .billingRecovery : nil, transactionID: id)]
        case .billingRetry:
            guard let before = prior.chain, before.status == .subscribed, let after = chain(of: event, in: state),
                  after.status != before.status else { return [] }
            return [Caused(.didFailToRenew, after.status == .inGracePeriod ? .gracePeriod : nil,
                           transactionID: after.latestTransactionID)]
        case .graceEnded:
            guard prior.chain?.status == .inGracePeriod, let after = chain(of: event, in: state) else { return [] }
            return [Caused(.gracePeriodExpired, transactionID: after.latestTransactionID)]
        case .expire:
            guard prior.chain?.isOngoing == true, let after = chain(of: event, in: state), after.status == .expired else { return [] }
            return [Caused(.expired, expirySubtype(after.expirationReason), transactionID: after.latestTransactionID)]
        case .cancelRenewal:
            guard let before = prior.chain, let after = chain(of: event, in: state),
                  before.willAutoRenew != after.willAutoRenew else { return [] }
            return [Caused(.didChangeRenewalStatus, after.willAutoRenew ? .autoRenewEnabled : .autoRenewDisabled,
                           transactionID: after.latestTransactionID)]
        case .pendingChange:
            guard let before = prior.chain, before.isOngoing, let after = chain(of: event, in: state),
                  before.pendingProductID != after.pendingProductID else { return [] }
            // A change back to the current plan has no subtype, as on the App Store.
            guard after.pendingProductID != nil else {
                return [Caused(.didChangeRenewalPref, transactionID: after.latestTransactionID)]
            }
            let type: NotificationType = event.offerNonce == nil ? .didChangeRenewalPref : .offerRedeemed
            return [Caused(type, .downgrade, transactionID: after.latestTransactionID)]
        case .refund:
            guard let id = event.transactionId, let refunded = state.transactions[id], refunded.state == .refunded,
                  prior.transaction?.state != .refunded else { return [] }
            // Refunds are granted at once here: the consumption request of a consumable comes
            // just before its refund, where the App Store sends it while the refund is decided.
            let request = refunded.productType == .consumable ? [Caused(.consumptionRequest, transactionID: id)] : []
            return request + [Caused(.refund, transactionID: id)]
        case .testNotification:
            return [Caused(.test, transactionID: nil)]
        case .renewalExtended:
            // A repeated request id records no event, so each event is one extension.
            guard let after = chain(of: event, in: state) else { return [] }
            return [Caused(.renewalExtended, transactionID: after.latestTransactionID)]
        case .purchaseFailed, .decline, .spend, .restore, .setting, .resetDevice, .clock, .finish, .failureConsumed,
             .inAppPurchaseKey, .inAppPurchaseKeyRevoked, .notificationAttempt, .consumptionInfo:
            return []
        }
    }

    /// What completing the purchase `made` causes.
    static func purchaseNotifications(_ made: TransactionRecord, prior: Prior) -> [Caused] {
        switch made.productType {
        case .consumable, .nonConsumable, .nonRenewing:
            return [Caused(.oneTimeCharge, transactionID: made.id)]
        case .freeSubscription:
            // The App Store has no free subscriptions any more, and no notification for them.
            return []
        case .autoRenewable:
            let promotional = if case .promotional = made.offer { true } else { false }
            let subtype: NotificationSubtype = made.replaces != nil ? .upgrade
                : prior.hadSubscribedToGroup ? .resubscribe : .initialBuy
            if promotional { return [Caused(.offerRedeemed, subtype, transactionID: made.id)] }
            return [Caused(subtype == .upgrade ? .didChangeRenewalPref : .subscribed, subtype, transactionID: made.id)]
        }
    }

    /// Apple's EXPIRED subtype for the store's expiration reason; none for an expiry asked
    /// for by hand (`expire`), which has no App Store counterpart.
    static func expirySubtype(_ reason: SubscriptionChain.ExpirationReason?) -> NotificationSubtype? {
        switch reason {
        case .autoRenewDisabled: .voluntary
        case .billingError: .billingRetry
        case .didNotConsentToPriceIncrease: .priceIncrease
        case .productUnavailable: .productNotForSale
        case .unknown, nil: nil
        }
    }

    private static func chain(of event: StoreEvent, in state: LedgerState) -> SubscriptionChain? {
        event.originalTransactionId.flatMap { state.subscriptions[$0] }
    }
}
