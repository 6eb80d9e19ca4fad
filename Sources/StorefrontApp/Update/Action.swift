import StorefrontText
import Foundation
import StoreEngine
import TerminalUI

/// Something that happened, for `update` to react to.
///
/// After running an effect that touches the store, the runtime first delivers `storeChanged`
/// with a fresh snapshot and then the effect's result, so the result's alert can quote the
/// committed balances.
public enum Action: Equatable, Sendable {
    /// A key was pressed (or the terminal was resized: `.resize`), at the last `keyClockTicked` time.
    case keyPressed(Key)
    /// The real time now, sent before each key and each frame: a confirmation sheet takes
    /// Enter only some time after it opened, so a paste or a burst typed ahead cannot confirm it.
    case keyClockTicked(Date)
    /// The ledger changed, here or in another process; this is what the store says now.
    case storeChanged(StoreSnapshot)
    /// The store's server could not be reached; `reason` is what the connection said. The
    /// runtime keeps trying and sends `storeReconnected` when it answers again.
    case storeUnreachable(reason: String)
    /// The store answered but refused to be read (a role without SELECT, a file made
    /// unreadable); as for `storeUnreachable`, the runtime keeps trying and sends
    /// `storeReconnected` once it reads.
    case storeRefusedReading(reason: String)
    /// The store could be read again after `storeUnreachable` or `storeRefusedReading`.
    case storeReconnected
    /// The catch-up of due renewals gave up because another session holds the store's writer
    /// lock (`reason` says so, for the banner); nil once nothing due waits any more.
    case catchUpHeld(reason: String?)
    /// The change under way has waited over a second for the entitlements file's writer lock,
    /// which `holder` holds; said under the spinner until it ends.
    case writerLockWaited(holder: LockHolderName)
    /// The answer to `dropChangeUnderWay`: true when the change was dropped before anything of
    /// it was sent (it will never be recorded), false when it had begun and goes on.
    case changeDropped(Bool)
    /// Whether the store may be written changed while the storefront is open: `refusal` says
    /// why it may not (the Read-only badge and banner show it), nil once it may again.
    case writeAccessChanged(refusal: String?)
    /// A `storefront serve` started or stopped serving the ledger (nil: none serves it).
    case servingChanged(address: String?)
    /// `settling`: the waiting transaction that approving or resolving was asked of.
    case purchaseFinished(productID: String, outcome: PurchaseOutcome, settling: String? = nil)
    case restoreFinished(RestoreResult)
    case spendFinished(credit: String, outcome: SpendOutcome)
    case refundFinished(RefundResult)
    /// A setting was stored; `name` as the CLI spells it (`ask-to-buy`, `time-rate`, `fail.purchase`).
    case settingSaved(name: String, value: String)
    /// A store operation could not be carried out (storage trouble); `message` says why.
    case operationFailed(message: String)
    /// A renew-now or expire question was confirmed after the subscription changed under it
    /// (the store refused: nothing was done).
    case questionOutdated(OutdatedQuestion)
    /// Time passed while an operation runs (turns the spinner).
    case tick
    /// The real time now, for countdowns to renewals while store time runs fast.
    case clockTicked(Date)
    /// A subscription was renewed, expired, cancelled, resumed or recovered; this is how it stands.
    /// `changed` is false when auto-renew already was as asked (another process switched it);
    /// `charged` is the renewal a renew or a billing problem resolved recorded.
    case subscriptionChanged(SubscriptionChain, changed: Bool = true, charged: TransactionRecord? = nil, keptAhead: [TransactionRecord] = [],
                             droppedSwitchTo: String? = nil)
    /// The buyer left the free subscription `productID`.
    /// `changed` is false when the subscription had ended already (unsubscribed elsewhere).
    case unsubscribed(productID: String, changed: Bool = true)
    /// A request to buy `productID` was declined from the transactions screen.
    case requestDeclined(productID: String, quantity: Int)
    /// Purchases an app left unfinished were delivered when the storefront started.
    case unfinishedDelivered([TransactionRecord])
}

/// What a question showed that the store no longer found.
public enum OutdatedQuestion: Equatable, Sendable {
    /// Renewing now would be `now`, not the `shown` renewal.
    case renewal(shown: RenewalPreview, now: RenewalPreview)
    /// The subscription to `productID` renewed or changed plan since its expire or
    /// cancel-renewal question (`change`) opened.
    case subscription(productID: String, change: StorefrontScreenText.SentChange)
    /// Transaction `id` was replaced by an upgrade since its refund question opened.
    case transaction(id: String)
    /// The billing problem a fix-billing question asked about was resolved elsewhere meanwhile.
    case billingFixedElsewhere(productID: String)
    /// The switch an expire question named as cancelled with the plan (`shown`, nil for none)
    /// is now another (`now`, nil for none): scheduled or dropped elsewhere.
    case switchChanged(productID: String, shown: String?, now: String?)
    /// The subscription to `productID` ended (`state`) elsewhere before the change reached the store.
    case subscriptionEnded(productID: String, state: SubscriptionChain.Status)
    /// Auto-renew of `productID` was turned off elsewhere while its billing problem was to be fixed.
    case autoRenewTurnedOff(productID: String)
}
