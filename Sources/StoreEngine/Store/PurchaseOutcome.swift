import Foundation
import StoreCatalog

/// What came of a purchase request.
public enum PurchaseOutcome: Sendable, Equatable {
    /// A new transaction; for a consumable, its credits were added.
    case purchased(TransactionRecord)
    /// The account owns it already (or is subscribed); nothing was charged or recorded.
    case alreadyOwned(TransactionRecord, deliveredHere: Bool)
    /// The buyer cancelled the payment sheet; recorded as a cancelled transaction.
    case cancelled(TransactionRecord)
    /// The payment did not go through; recorded as a failed transaction.
    case failed(TransactionRecord)
    /// The store would not start the purchase; nothing was recorded.
    case refused(PurchaseRefusal)
    /// Ask to Buy: the request waits for a parent's approval (StoreKit's `.pending`).
    case pending(TransactionRecord)
    /// An interrupted purchase: the buyer must complete an action (`resolve` completes it).
    case needsAction(TransactionRecord)
    /// A downgrade or crossgrade: the subscription switches at its next renewal, on
    /// `effective`; nil while a billing problem holds it up (it switches when billing is
    /// resolved). `turnedRenewalOn`: `from`'s auto-renew was off and this purchase turned it
    /// back on, without which nothing would switch. `alreadyScheduled`: that switch was
    /// scheduled, and renewing, before: nothing was recorded.
    case changeScheduled(productID: String, from: String, effective: Date?, turnedRenewalOn: Bool = false, alreadyScheduled: Bool = false)
    /// Buying the current plan again after turning auto-renew off, or with a change of plan
    /// scheduled, keeps the plan: auto-renew is on and the change (to `droppedSwitchTo`) is
    /// dropped; nothing was charged. The record is the current period's.
    case renewalResumed(TransactionRecord, droppedSwitchTo: String? = nil)

    /// The outcome's stable name in `--json` output.
    public var name: String {
        switch self {
        case .purchased: "purchased"
        case .alreadyOwned: "alreadyOwned"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .refused: "refused"
        case .pending: "pending"
        case .needsAction: "needsAction"
        case .changeScheduled: "changeScheduled"
        case .renewalResumed: "renewalResumed"
        }
    }

    /// Whether a promotional offer asked for was not applied because the account already had
    /// the product: nothing was bought (and a signed offer's nonce was not used).
    public var leftOfferUnapplied: Bool {
        switch self {
        case .alreadyOwned, .renewalResumed: true
        case .purchased, .cancelled, .failed, .refused, .pending, .needsAction, .changeScheduled: false
        }
    }

    /// Whether the purchase took the promotional offer `offerID`: a transaction made now with
    /// it. Nil while the purchase waits (Ask to Buy, interrupted): nothing is bought yet, and
    /// whether the offer applies is decided when it completes.
    public func applied(promotionalOffer offerID: String) -> Bool? {
        switch self {
        case let .purchased(record): record.offer == .promotional(id: offerID)
        case .pending, .needsAction: nil
        case .alreadyOwned, .cancelled, .failed, .refused, .changeScheduled, .renewalResumed: false
        }
    }

    /// Whether the purchase waits for a parent or for the buyer: nothing is bought yet, so it
    /// has no expiry and no offer of its own until it completes.
    public var isWaiting: Bool {
        switch self {
        case .pending, .needsAction: true
        case .purchased, .alreadyOwned, .cancelled, .failed, .refused, .changeScheduled, .renewalResumed: false
        }
    }

    public var transaction: TransactionRecord? {
        switch self {
        case let .purchased(record), let .alreadyOwned(record, _), let .cancelled(record), let .failed(record),
             let .pending(record), let .needsAction(record), let .renewalResumed(record, _): record
        case .refused, .changeScheduled: nil
        }
    }
}

/// Why the store refused to start a purchase.
public enum PurchaseRefusal: Sendable, Equatable {
    case purchasesDisallowed(device: String)
    case notSoldHere(productID: String, storefront: String)
    case unknownProduct(String)
    /// `balance` counts the `undelivered` credits of unfinished purchases, which come to it once
    /// delivered; `undeliveredOn`, the device they wait on when it is one.
    case overMaximum(credit: String, maximum: Int, balance: Int, adding: Int, undelivered: Int = 0, undeliveredOn: String? = nil)
    case invalidQuantity(Int, productType: ProductType)
    /// The product has no promotional offer with this id.
    case unknownOffer(productID: String, offerID: String)
    /// Promotional offers are for current and past subscribers of the group.
    case offerNotEligible(offerID: String)
    /// An Ask to Buy request for the product (`quantity` of it) already waits for the parent.
    case requestAlreadyWaiting(transactionID: String, quantity: Int)
    /// An interrupted purchase of the product waits for the buyer's action: buying again
    /// would start a second one beside it, of which completing both would charge twice.
    case interruptedPurchaseWaits(transactionID: String, quantity: Int)
    /// The subscription is in billing retry or its grace period: buying again would not
    /// help; resolving the billing problem does.
    case billingProblem(productID: String, graceUntil: Date?, autoRenewOff: Bool)
    /// The promotional offer's signature is missing or refused (see `OfferSignatureRefusal`).
    case offerSignature(OfferSignatureRefusal)
    /// The purchase would charge `now` (in `currency`) now, not the `shown` amount the buyer
    /// confirmed: the store changed in between (another device bought or ended a plan).
    case chargeChanged(productID: String, shown: Decimal, now: Decimal, currency: String?)
    /// The buyer was shown that buying changes nothing, and it now would: the store changed in between.
    case changedSinceShown(productID: String)
    /// The buyer was shown that buying a plan starts it now (`shownStartingNow`), or that it
    /// changes what renews, and it now would do the other: the account's subscription changed
    /// in between.
    case planEffectChanged(productID: String, shownStartingNow: Bool)
    /// The buyer was shown a change that takes effect at the renewal on `shown`, and the
    /// subscription now renews on `now` (it renewed, or was renewed ahead, meanwhile).
    case renewalDateChanged(productID: String, shown: Date, now: Date?)
    /// The buyer was shown a plan starting now as an upgrade of `shownFrom` (nil: as a new
    /// subscription), and it would now replace `nowFrom` (nil: start a new subscription): the
    /// account's subscription changed in between.
    case upgradeChanged(productID: String, shownFrom: String?, nowFrom: String?)
    /// The buyer was shown an upgrade from `from` that refunds nothing of it, and it would now
    /// refund `refund` (in `currency`): the plan's billing was resolved, or it renewed, in between.
    case upgradeRefundChanged(productID: String, from: String, refund: Decimal, currency: String?)
    /// An upgrade bought in a storefront of another currency than the plan it replaces
    /// (`current`, paid in `currentCurrency` in `currentStorefront`): what it refunds of that
    /// plan is in the plan's currency, and one transaction has one currency.
    case upgradeInOtherCurrency(productID: String, current: String, currentCurrency: String, currentStorefront: String?)
    /// A pass, or a change of plan at the next renewal, that would begin at `start`, where store
    /// time has stopped (`Store.latestStoreTime`): it could never begin.
    case beginsAfterStoreTimeStops(productID: String, start: Date)
    /// The account's subscription in the group is on `current`, a plan this catalog does not
    /// have (an older or trimmed catalog), so whether `productID` is an upgrade, which starts
    /// now, or a change at the renewal cannot be told.
    case currentPlanUnknown(productID: String, current: String)
}
