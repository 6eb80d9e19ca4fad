import Foundation

/// A request the store cannot carry out because of what was asked (not because of storage).
///
/// What each case says to a person is in the text module (`StoreErrorText` in StorefrontText).
public enum StoreError: Error, Sendable, Equatable {
    /// A credit the catalog lacks; `held`: the buyer's balance of it, which another catalog that
    /// has it could spend (0 when the store holds none).
    case unknownCredit(String, known: [String], held: Int = 0)
    case invalidAmount(Int)
    case unknownTransaction(String)
    case notRefundable(String, state: TransactionState)
    /// A refund asked for by `account` of a transaction `owner` bought.
    case transactionOfAnotherAccount(String, owner: String, account: String)
    /// The completion of an interrupted purchase asked for by `account`, where `owner` bought it:
    /// only its buyer completes it.
    case purchaseOfAnotherAccount(String, owner: String, account: String)
    /// A change asked for by `account` of the subscription of transaction `id`, which `owner` holds.
    case subscriptionOfAnotherAccount(String, owner: String, account: String)
    case invalidSettingValue(setting: String, value: String, allowed: [String])
    /// A `notification-url` that is not an absolute http or https URL: `reason` says what is wrong.
    case invalidNotificationURL(String, reason: String)
    case unknownSubscription(String, account: String)
    /// `plan` names no subscription of the account, whose subscription in its group is on
    /// `current` now (it switched plans, or was never on `plan`).
    case subscriptionOnAnotherPlan(String, current: String, account: String)
    /// `continuedBy`: the latest transaction of a newer subscription of the account in the same
    /// group, still going (the account subscribed again), which changes are asked of instead.
    case subscriptionEnded(String, state: SubscriptionChain.Status, continuedBy: String? = nil)
    case subscriptionNotInBillingRetry(String, state: SubscriptionChain.Status)
    /// A billing problem to resolve for a subscription whose auto-renew the buyer turned off,
    /// which is billed no more.
    case billingNotRetriedWithAutoRenewOff(String)
    /// A renewal asked for as a question showed it would be `now` instead.
    case renewalChangedSinceShown(shown: RenewalPreview, now: RenewalPreview)
    /// An expiry or auto-renew switch asked for where a question showed the subscription at a
    /// transaction it has renewed or been upgraded past.
    case subscriptionChangedSinceShown(String, transactionShown: String)
    /// An expiry asked for where a question showed it cancelling the switch to `shown` (nil:
    /// none), while the subscription to the plan now switches to `now` (nil: to none).
    case switchChangedSinceShown(String, shown: String?, now: String?)
    /// A refund asked for where a question showed the transaction before an upgrade replaced it.
    case transactionChangedSinceShown(String)
    /// `closedBecause`: for a request the store closed rather than a parent declined (it
    /// became moot, or a plan change), the reason recorded; nil otherwise.
    case notAwaiting(String, state: TransactionState, expected: TransactionState, closedBecause: String? = nil,
                     settledFrom: TransactionState? = nil)
    /// An advance would take store time past the latest it may reach.
    case pastLatestStoreTime(Date)
    /// A renewal paid ahead would begin at `start`, where store time has stopped (`latest`):
    /// the period could never begin.
    case periodBeginsAfterStoreTimeStops(String, start: Date, latest: Date)
    /// `inForce`: false once it has ended, when there is nothing to unsubscribe from either.
    case freeSubscriptionNotRefundable(String, productID: String, inForce: Bool = true)
    /// A plan whose whole price came back when `replacementProductID`'s upgrade or crossgrade
    /// replaced it (`wasFree`: it charged nothing), and that granted nothing a refund would take
    /// back: refunding it would give nothing and change nothing.
    case nothingLeftToRefund(String, productID: String, replacementProductID: String?, wasFree: Bool = false)
    /// Renew, expire, resume or resolve billing asked of a free subscription, which has none of them.
    case freeSubscriptionNotRenewing(String)
    /// No in-app purchase key of this store has the id.
    case unknownInAppPurchaseKey(String, known: [String])
    /// Renewing now would charge for `productID`, a plan this catalog does not have (an older
    /// or trimmed catalog), so what it charges cannot be told.
    case planNotInCatalog(productID: String)
}
