import Foundation
import StoreCatalog

/// Where a transaction is in its life.
public enum TransactionState: String, Sendable, Codable, CaseIterable {
    case purchased
    /// Waiting for a parent's approval (Ask to Buy); StoreKit calls it deferred.
    case pending
    /// Interrupted: waiting for the buyer to complete an action.
    case needsAction
    case declined
    case failed
    case cancelled
    case refunded

    /// The state in words, with its name after them, for a sentence that says what a
    /// transaction is: "an interrupted purchase still waiting to be resolved (needsAction)".
    /// Every module's messages say a state so, not by its bare name.
    public var described: String {
        switch self {
        case .purchased: "a completed purchase (purchased)"
        case .pending: "a request still waiting for a parent's approval (pending)"
        case .needsAction: "an interrupted purchase still waiting to be resolved (needsAction)"
        case .declined: "a request that was declined, or closed as moot (declined)"
        case .failed: "a purchase that failed (failed)"
        case .cancelled: "a purchase the buyer cancelled (cancelled)"
        case .refunded: "a refunded purchase (refunded)"
        }
    }
}

/// One transaction as the store remembers it, derived from the ledger.
public struct TransactionRecord: Sendable, Equatable {
    public var id: String
    public var originalID: String
    public var productID: String
    public var productType: ProductType
    public var account: String
    /// The device the purchase was made on (and first delivered to).
    public var purchaseDevice: String
    public var purchaseDate: Date
    public var quantity: Int
    public var price: Decimal?
    public var currency: String?
    public var storefront: String?
    public var credit: String?
    /// Credits the purchase granted in total.
    public var creditAmount: Int
    public var expiresDate: Date?
    public var offer: AppliedOffer?
    public var state: TransactionState
    public var failureReason: String?
    public var revocationDate: Date?
    /// Credits a refund took back, and those it could not because they were spent.
    public var revokedAmount: Int
    public var shortfall: Int
    /// The transaction that replaced this one when the buyer switched plans in a group.
    public var replacedBy: String?
    public var replaces: String?
    /// Ledger line of the event that created it, for people reading the file.
    public var sequence: Int
    /// False while the app has not finished (delivered) it: `buy --no-finish`.
    public var finished: Bool = true
    /// The unused part of the replaced subscription, refunded pro rata on an upgrade.
    public var proratedRefund: Decimal?

    /// `proratedRefund` once it was given: a purchase still waiting (Ask to Buy, interrupted),
    /// or one that never completed, refunded nothing, and what it planned is worked out again
    /// when it completes.
    public var proratedRefundGiven: Decimal? {
        state == .purchased || state == .refunded ? proratedRefund : nil
    }
    /// True for a transaction created by a subscription renewal.
    public var isRenewal: Bool = false
    /// When the buyer unsubscribed from a free subscription.
    public var unsubscribedDate: Date?
    /// The app's own UUID for the buyer, as given with the purchase.
    public var appAccountToken: String?
    /// A pass's duration as recorded when it was bought or completed; nil for other products,
    /// and for passes recorded before durations were.
    public var passDuration: SubscriptionPeriod?
    /// What a waiting purchase waited in before a completion or decline settled it: `pending`
    /// (an Ask to Buy request) or `needsAction` (an interrupted purchase); nil for one that never
    /// waited, or waits still.
    public var settledFrom: TransactionState?
    /// Where among the ledger's events (their count folded then) it was settled, so settlements
    /// can be told in the order they were made.
    public var settledOrder: Int?

    /// True while the transaction still gives something (not failed, refunded or replaced).
    public var isInForce: Bool { state == .purchased && replacedBy == nil && unsubscribedDate == nil }

    /// The part of this paid period's price not yet used at `date`, unrounded: all of it for a
    /// period paid ahead, none for one that is over or charged nothing. An upgrade at `date`
    /// refunds the sum of these over the periods it ends (`proratedRefund`).
    public func unusedPart(at date: Date) -> Decimal {
        guard let price, price > 0, let end = expiresDate, end > purchaseDate, end > date else { return 0 }
        let fraction = end.timeIntervalSince(max(date, purchaseDate)) / end.timeIntervalSince(purchaseDate)
        return price * Decimal(fraction)
    }

    /// What the upgrade `replacement` refunded of this transaction when it ended it, rounded to
    /// the currency: nil when `replacement` is no upgrade that ended it early (a renewal, or a
    /// plan switched to at the period's end) or refunded nothing of it (a free trial).
    public func refundedAtUpgrade(by replacement: TransactionRecord) -> Decimal? {
        guard replacement.id == replacedBy, replacement.proratedRefund != nil else { return nil }
        let part = CurrencyRounding.round(unusedPart(at: replacement.purchaseDate), currency: currency ?? "USD")
        return part > 0 ? part : nil
    }

    /// Why a parent declined an Ask to Buy request, as the ledger folds a plain decline.
    static let parentDeclineReason = "declined by the parent (Ask to Buy)"

    /// Why a waiting purchase was closed by the store rather than declined by a parent (it
    /// became moot); nil otherwise.
    public var closedByStoreReason: String? {
        guard state == .declined, let failureReason, failureReason != Self.parentDeclineReason else { return nil }
        return failureReason
    }
}

extension TransactionRecord {
    /// The transaction a `purchase` or `purchaseFailed` event creates.
    init(event: StoreEvent, id: String, productID: String, type: ProductType, sequence: Int) {
        let completed = event.kind == .purchase || event.kind == .renew
        let cancelled = event.reason == PurchaseSimulation.cancel.rawValue
        self.init(
            id: id, originalID: event.originalTransactionId ?? id, productID: productID, productType: type,
            account: event.account, purchaseDevice: event.device, purchaseDate: event.time,
            quantity: event.quantity ?? 1, price: event.price.flatMap(ExactDecimal.parse), currency: event.currency,
            storefront: event.storefront, credit: completed ? event.credit : nil,
            creditAmount: completed ? event.amount ?? 0 : 0, expiresDate: completed ? event.expiresDate : nil,
            offer: completed ? event.offer : nil,
            state: completed ? TransactionState(waitingFor: event.awaiting) : (cancelled ? .cancelled : .failed),
            failureReason: completed ? nil : (cancelled ? "cancelled by the user" : event.reason),
            revocationDate: nil, revokedAmount: 0, shortfall: 0, replacedBy: nil,
            replaces: completed ? event.replacesTransactionId : nil, sequence: sequence,
            finished: event.unfinished != true, proratedRefund: event.proratedRefund.flatMap(ExactDecimal.parse),
            isRenewal: event.kind == .renew, appAccountToken: event.appAccountToken,
            passDuration: completed ? event.duration.flatMap(SubscriptionPeriod.init(iso8601:)) : nil)
    }
}

extension TransactionRecord {
    /// What a refund of this transaction depends on besides itself, among its account's
    /// `transactions`: each transaction of its subscription, or each pass of its product, by id
    /// with its state. A renewal, a pass bought or a refund among them changes what the refund
    /// does (whether it revokes the subscription, until when the passes left run), so a refund
    /// confirmed on what was shown is refused when they changed since (see `Store.refund`).
    public func refundDependencies(among transactions: [TransactionRecord]) -> [String: TransactionState] {
        let related = transactions.filter { other in
            switch productType {
            case .autoRenewable: other.originalID == originalID
            case .nonRenewing: other.productID == productID
            default: other.id == id
            }
        }
        return Dictionary(related.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
    }
}
