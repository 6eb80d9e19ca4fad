import Foundation
import StoreEngine
import StoreSigning

/// One App Store Server Notification the store owes an app's server: what happened, which
/// event caused it, and every attempt made to deliver it.
public struct StoreNotification: Sendable, Equatable {
    /// The notificationUUID, derived from the causing event (`NotificationIdentity`), so it is
    /// the same in every process and after every restart.
    public var id: String
    /// The ledger sequence of the event that caused it, and its place among that event's notifications.
    public var sequence: Int
    public var index: Int
    public var type: NotificationType
    public var subtype: NotificationSubtype?
    /// The store time of the causing event.
    public var time: Date
    public var account: String
    public var device: String
    /// The transaction the notification is about (the subscription's latest for a change of
    /// the subscription); nil for TEST.
    public var transactionID: String?
    public var originalTransactionID: String?
    public var productID: String?
    /// Whether the app had a notification URL when the event happened; only those are sent.
    public var isDeliverable: Bool
    /// A CONSUMPTION_REQUEST's reason for the refund, when the refund was given one.
    public var consumptionRequestReason: RefundReason?
    /// What it says of its transaction and subscription, as the ledger stood at its moment (after
    /// its event and before the next one at or after its time), so every attempt sends the same:
    /// a retry after auto-renew was turned back on still says it was turned off, and renewals
    /// recorded late say what each one found. Nil until an event after that moment is recorded
    /// (the store then holds the same), and for one that names no transaction.
    public var claimsAtEvent: ClaimsAtEvent?
    /// Delivery attempts, oldest first.
    public var attempts: [NotificationAttempt] = []

    /// The signed data's claims at a notification's event; each is signed again, dated then, at every attempt.
    public struct ClaimsAtEvent: Sendable, Equatable {
        public var transaction: SignedTransactionPayload
        public var renewalInfo: SignedRenewalInfoPayload?
        /// The subscription's status (`NotificationPayload.status`), for a subscription's notification.
        public var status: Int?
    }

    /// Whether a receiver took it (answered 2xx).
    public var isDelivered: Bool { attempts.contains { $0.outcome.isDelivered } }

    /// Where its delivery stands.
    public var deliveryState: DeliveryState {
        if !isDeliverable { return .notSent }
        if isDelivered { return .delivered }
        if let due = DeliverySchedule.nextAttemptDate(of: self) { return .pending(due: due) }
        return .failed
    }

    /// Where a notification's delivery stands.
    public enum DeliveryState: Sendable, Equatable {
        /// The app had no notification URL when it was made: it is listed, never sent.
        case notSent
        /// The next attempt is due at this store time.
        case pending(due: Date)
        case delivered
        /// Every attempt of Apple's schedule failed.
        case failed

        /// One word for listings: not-sent, pending, delivered, failed.
        public var name: String {
            switch self {
            case .notSent: "not-sent"
            case .pending: "pending"
            case .delivered: "delivered"
            case .failed: "failed"
            }
        }
    }
}

/// One attempt to deliver a notification.
public struct NotificationAttempt: Sendable, Equatable {
    /// Store time of the attempt: what the retry schedule counts in.
    public var storeTime: Date
    /// Wall-clock time of the attempt.
    public var wallTime: Date?
    public var outcome: NotificationDeliveryOutcome
}
