import Foundation

/// Why a transaction left unfinished had nothing to deliver by the time it was finished
/// (`Store.deliverUnfinished`): finished all the same, as StoreKit has an app finish every
/// transaction, but not delivered.
public enum UndeliverableReason: String, Sendable, Equatable, Codable {
    /// A subscription, or a run of passes, that has ended, with no period or pass in force.
    case ended
    case refunded
    /// A free subscription left before it was delivered.
    case unsubscribed
    case declined
    /// Still waiting for a parent's approval (Ask to Buy).
    case awaitingApproval
    /// Interrupted, waiting for the buyer's action.
    case needsAction
    /// Failed or cancelled: nothing was bought.
    case notBought

    /// Why `record`, finished at store time `now` for the buyer whose `entitlements` (after the
    /// finish) are given, delivered nothing; nil when it delivered what it bought. A plan whose
    /// subscription is in force delivers it, whatever renewed or upgraded it since (an upgrade
    /// replaces a plan's transaction within the same subscription); a pass delivers while its
    /// run, which a later pass may keep going, is active.
    public static func of(_ record: TransactionRecord, at now: Date, entitlements: Entitlements) -> UndeliverableReason? {
        switch record.state {
        case .pending: return .awaitingApproval
        case .needsAction: return .needsAction
        case .declined: return .declined
        case .failed, .cancelled: return .notBought
        case .refunded: return .refunded
        case .purchased:
            // A plan delivers its subscription while it is in force, whatever renewed or replaced
            // the plan since: finishing it here is what brings the subscription to this device.
            if record.productType == .autoRenewable {
                let subscription = entitlements.subscriptions.first { $0.originalTransactionID == record.originalID }
                if subscription?.isEntitled == true { return nil }
                // A refund of another of its periods revoked the whole subscription.
                return subscription?.state == .revoked ? .refunded : .ended
            }
            if record.unsubscribedDate != nil { return .unsubscribed }
            switch record.productType {
            case .nonRenewing:
                let inForce = entitlements.nonRenewing.contains { $0.productID == record.productID && $0.isActive }
                return inForce || (record.expiresDate.map { $0 > now } ?? true) ? nil : .ended
            default:
                return nil
            }
        }
    }
}
