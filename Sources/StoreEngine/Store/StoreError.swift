import Foundation

/// A request the store cannot carry out because of what was asked (not because of storage).
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownCredit(String, known: [String])
    case invalidAmount(Int)
    case unknownTransaction(String)
    case notRefundable(String, state: TransactionState)
    case invalidSettingValue(setting: String, value: String, allowed: [String])
    case unknownSubscription(String, account: String)
    case subscriptionEnded(String, state: SubscriptionChain.Status)
    case subscriptionNotInBillingRetry(String, state: SubscriptionChain.Status)
    case notAwaiting(String, state: TransactionState, expected: TransactionState)
    /// An advance would take store time past the latest it may reach.
    case pastLatestStoreTime(Date)
    case freeSubscriptionNotRefundable(String, productID: String)
    /// Renew, expire, resume or resolve billing asked of a free subscription, which has none of them.
    case freeSubscriptionNotRenewing(String)
    /// No in-app purchase key of this store has the id.
    case unknownInAppPurchaseKey(String, known: [String])

    public var description: String {
        switch self {
        case let .unknownCredit(id, known):
            "there is no credit \"\(id)\" in this catalog; credits: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case let .invalidAmount(amount):
            "the amount \(amount) is not valid; give a whole number of 1 or more"
        case let .unknownTransaction(id):
            "there is no transaction \"\(id)\" for this app; `storefront transactions` lists them"
        case let .notRefundable(id, state):
            "transaction \(id) is \(state.rawValue) and cannot be refunded; only purchased transactions can"
        case let .invalidSettingValue(setting, value, allowed):
            "\"\(value)\" is not a value for \(setting); use \(allowed.joined(separator: " or "))"
        case let .unknownSubscription(reference, account):
            "\(account) has no subscription \"\(reference)\"; give a product id or a transaction id from `storefront transactions`"
        case let .subscriptionEnded(product, state):
            "the subscription to \(product) is \(state.rawValue); it cannot be changed any more (buy it again to resubscribe)"
        case let .subscriptionNotInBillingRetry(product, state):
            "the subscription to \(product) is \(state.rawValue), not in billing retry; there is no billing problem to resolve"
        case let .notAwaiting(id, state, expected):
            "transaction \(id) is \(state.rawValue), not \(expected.rawValue); only \(expected.rawValue) transactions can be settled this way"
        case let .pastLatestStoreTime(latest):
            "store time cannot pass \(latest.formatted(.iso8601)); advance by less, or start a new entitlements file"
        case let .freeSubscriptionNotRefundable(id, productID):
            "transaction \(id) is a free subscription to \(productID): nothing was charged, so there is nothing to refund; "
                + "to end it, unsubscribe with `storefront cancel-renewal \(productID)`"
        case let .freeSubscriptionNotRenewing(productID):
            "\(productID) is a free subscription: it has no periods, renewals or billing, so there is nothing to renew, "
                + "expire, resume or resolve; it lasts until you unsubscribe with `storefront cancel-renewal \(productID)`"
        case let .unknownInAppPurchaseKey(keyID, known):
            "there is no in-app purchase key \"\(keyID)\" in this store; keys: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
                + " (`storefront api-key list` shows them)"
        }
    }
}
