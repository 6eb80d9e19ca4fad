import Foundation
import StoreEngine

/// A reference model of the Rage store's entitlement rules, written from the rules the store
/// promises (README and issue 11), not from the engine's code: plain values, one operation
/// applied at a time, no ledger, no ids beyond a counter.
///
/// It is small on purpose, so that it can be read and believed: where the engine and the model
/// disagree, the model is the one to argue with first.
struct EntitlementModel {
    /// Where a transaction stands, in the model's own words.
    enum TransactionState: Equatable {
        case awaitingApproval, awaitingAction, purchased, declined, settled, refunded, unsubscribed
    }

    struct Transaction {
        var key: Int
        var buyer: Buyer
        var product: ModelCatalog.Product
        var state: TransactionState
        /// When what it gives ends: a pass's end with this purchase, a free subscription's
        /// unsubscription.
        var ends: Date?
        /// When it completed (bought, approved or resolved).
        var purchased: Date?
        /// The promotional offer asked for, which a subscription takes when it completes.
        var offer: String? = nil
    }

    /// One auto-renewable subscription of an account, from its first purchase on.
    struct Subscription {
        enum Status: String { case subscribed, inGracePeriod, inBillingRetryPeriod, expired, revoked }
        var account: String
        var product: ModelCatalog.Product
        var purchaseDevice: String
        var started: Date
        var status: Status
        var periods: [PaidPeriod]
        var expires: Date
        var willRenew = true
        var pendingProduct: ModelCatalog.Product?
        var problemStart: Date?
        var graceEnds: Date?
        /// Where the run of regular periods began; nil when the next period starts a new run
        /// (during an offer, after an upgrade).
        var billingAnchor: Date?
        /// The offer of the current period ("introductory:freeTrial", "promotional:<id>").
        var offer: String?
        /// Offer periods still to come after the current one.
        var offerPeriodsLeft = 0
        /// When a refund revoked it.
        var revokedAt: Date?
        /// When the subscriber last lost access: the moment it left the states that give access
        /// (subscribed, grace period) for billing retry or an end; nil while it gives access.
        var accessEnded: Date?
        var isOngoing: Bool { status != .expired && status != .revoked }
        var isEntitled: Bool { status == .subscribed || status == .inGracePeriod }
    }

    /// A stretch of time one subscription charge paid for, the plan and the offer it was paid under.
    struct PaidPeriod: Hashable, Comparable {
        var start: Date
        var end: Date
        var offer: String? = nil
        var productID = ""
        /// A renewal's period (renew now paid it ahead, or it fell due), which may not have begun
        /// when the subscription ends; the first period and an upgrade's begin when bought.
        var isRenewal = false
        static func < (left: Self, right: Self) -> Bool { (left.start, left.end) < (right.start, right.end) }
    }

    var now: Date
    var askToBuy = false
    var interruptedPurchases = false
    var billingRetry = false
    var gracePeriod = false
    var balances: [String: [String: Int]] = [:]
    var transactions: [Transaction] = []
    var subscriptions: [Subscription] = []
    /// "<transaction key>@<device>" for non-consumables and free subscriptions on a device.
    var deliveries: Set<String> = []
    /// Accounts that have had a subscription in the group (no second introductory offer).
    var hadSubscription: Set<String> = []

    init(start: Date) { now = start }

    // MARK: Reading

    func balance(of credit: String, for account: String) -> Int { balances[account]?[credit] ?? 0 }

    /// The transactions a `refund(pick:)` step chooses among, oldest first.
    var refundable: [Int] {
        transactions.filter { $0.state == .purchased && $0.product.kind.isRefundableByPick }.map(\.key)
    }

    /// The requests an `approve`/`decline` step chooses among, oldest first.
    var awaitingApproval: [Int] { transactions.filter { $0.state == .awaitingApproval }.map(\.key) }

    /// The purchases a `resolve` step chooses among, oldest first.
    var awaitingAction: [Int] { transactions.filter { $0.state == .awaitingAction }.map(\.key) }

    /// The account's subscription in the group that is not over, if any.
    func ongoingSubscription(of account: String) -> Subscription? {
        subscriptions.last { $0.account == account && $0.isOngoing }
    }

    func ownsNonConsumable(_ product: ModelCatalog.Product, account: String) -> Transaction? {
        transactions.last { $0.buyer.account == account && $0.product == product && $0.state == .purchased }
    }

    /// The end of the account's pass for `product`, if it bought one that was not refunded.
    func passExpiry(_ product: ModelCatalog.Product, account: String) -> Date? {
        transactions.filter { $0.buyer.account == account && $0.product == product && $0.state == .purchased }
            .compactMap(\.ends).max()
    }

    func isDelivered(_ key: Int, to device: String) -> Bool { deliveries.contains("\(key)@\(device)") }

    // MARK: Changing

    /// Applies one step; returns the key of the transaction it created, if any.
    @discardableResult
    mutating func apply(_ step: ModelStep) -> Int? {
        switch step {
        case .buy(let id, let buyer):
            guard let product = ModelCatalog.product(id) else { return nil }
            return buy(product, buyer)
        case .buyWithOffer(let id, let offer, let buyer):
            guard let product = ModelCatalog.product(id) else { return nil }
            return buy(product, buyer, offer: offer)
        case .spend(let credit, let amount, let buyer):
            let balance = balance(of: credit, for: buyer.account)
            if amount >= 1, balance >= amount { balances[buyer.account, default: [:]][credit] = balance - amount }
        case .refund(let pick):
            if let key = Self.choose(pick, from: refundable) { refund(key) }
        case .refundSubscription(let id, let account):
            if let index = subscriptionIndex(id, account: account) {
                if subscriptions[index].isEntitled { subscriptions[index].accessEnded = now }
                subscriptions[index].status = .revoked
                subscriptions[index].revokedAt = now
                subscriptions[index].pendingProduct = nil // a revoked subscription switches to nothing
                let refunded = subscriptions[index].periods.removeLast()
                // Revoked before the period refunded began, it ended in the plan of the period that ran, and with its end.
                let revokedAt = now
                let begun = { (period: PaidPeriod) in !period.isRenewal || period.start <= revokedAt }
                if !begun(refunded), let ran = subscriptions[index].periods.last(where: begun), let plan = ModelCatalog.product(ran.productID) {
                    subscriptions[index].product = plan
                    subscriptions[index].expires = ran.end
                }
            }
        case .approve(let pick):
            if let key = Self.choose(pick, from: awaitingApproval) { complete(key) }
        case .decline(let pick):
            if let key = Self.choose(pick, from: awaitingApproval) { transactions[key].state = .declined }
        case .resolve(let pick):
            if let key = Self.choose(pick, from: awaitingAction) { complete(key) }
        case .restore(let buyer):
            restore(buyer)
        case .advance(let duration):
            advance(to: ModelCalendar.adding(duration, to: now))
        case .renewNow(let id, let account):
            // In a billing problem, renewing now resolves it: not once renewal was turned off.
            if let index = subscriptionIndex(id, account: account),
               subscriptions[index].willRenew || ![.inGracePeriod, .inBillingRetryPeriod].contains(subscriptions[index].status) {
                renewNow(index)
            }
        case .expire(let id, let account):
            if let index = subscriptionIndex(id, account: account) {
                if subscriptions[index].isEntitled { subscriptions[index].accessEnded = now }
                subscriptions[index].status = .expired
                subscriptions[index].willRenew = false
                subscriptions[index].pendingProduct = nil
                subscriptions[index].expires = min(subscriptions[index].expires, now)
                // Ended before a period paid ahead began, it ended in the plan of the period that ran.
                let end = subscriptions[index].expires
                let neverBegan = { (period: PaidPeriod) in period.isRenewal && period.start >= end }
                if let last = subscriptions[index].periods.last, neverBegan(last),
                   let ran = subscriptions[index].periods.last(where: { !neverBegan($0) }), let plan = ModelCatalog.product(ran.productID) {
                    subscriptions[index].product = plan
                }
                // Ending early ends every paid period there; one paid ahead ends at its own start.
                subscriptions[index].periods = subscriptions[index].periods.map { period in
                    var ended = period
                    ended.end = period.start >= now ? period.start : min(period.end, now)
                    return ended
                }
            }
        case .cancelRenewal(let id, let account):
            cancelRenewal(id, account: account)
        case .resolveBilling(let id, let account):
            if let index = subscriptionIndex(id, account: account),
               [.inGracePeriod, .inBillingRetryPeriod].contains(subscriptions[index].status), subscriptions[index].willRenew {
                renewNow(index) // as resolving billing renews: in grace from the failed renewal, in retry now
            }
        case .setting(let setting, let value):
            switch setting {
            case .askToBuy: askToBuy = value
            case .interruptedPurchases: interruptedPurchases = value
            case .billingRetry: billingRetry = value
            case .gracePeriod: gracePeriod = value
            default: break
            }
        }
        return nil
    }

    static func choose(_ pick: Int, from candidates: [Int]) -> Int? {
        candidates.isEmpty ? nil : candidates[pick % candidates.count]
    }

    private mutating func buy(_ product: ModelCatalog.Product, _ buyer: Buyer, offer: String? = nil) -> Int? {
        if isOwned(product, account: buyer.account) {
            // Buying the current plan again keeps it: renewal back on, no plan change pending.
            if product.kind == .autoRenewable, let index = subscriptionIndex(product.id, account: buyer.account),
               subscriptions[index].status == .subscribed {
                subscriptions[index].willRenew = true
                subscriptions[index].pendingProduct = nil
            }
            return nil
        }
        // A billing problem is fixed with resolve-billing, not by buying again.
        if product.kind == .autoRenewable, let current = ongoingSubscription(of: buyer.account), current.product == product {
            return nil
        }
        // One Ask to Buy request per product and buyer at a time (buying outright is fine).
        if askToBuy, transactions.contains(where: { $0.buyer.account == buyer.account && $0.product == product && $0.state == .awaitingApproval }) {
            return nil
        }
        // One interrupted purchase per product and buyer at a time while purchases are interrupted.
        if interruptedPurchases, transactions.contains(where: { $0.buyer.account == buyer.account && $0.product == product && $0.state == .awaitingAction }) {
            return nil
        }
        // A promotional offer is for current and past subscribers of the group only.
        if offer != nil, !hadSubscription.contains(buyer.account) { return nil }
        if product.kind == .autoRenewable, let index = ongoingIndex(buyer.account),
           subscriptions[index].product.level < product.level, !askToBuy, !interruptedPurchases {
            // A downgrade charges nothing now: it is scheduled for the next renewal, which
            // choosing it turns back on. While purchases wait (for a parent, or the buyer's
            // action), it waits as any purchase does, and its completion schedules it.
            subscriptions[index].pendingProduct = product
            subscriptions[index].willRenew = true
            return nil
        }
        if overMaximum(product, account: buyer.account) { return nil }
        let key = transactions.count
        let state: TransactionState = askToBuy ? .awaitingApproval : interruptedPurchases ? .awaitingAction : .purchased
        transactions.append(Transaction(key: key, buyer: buyer, product: product, state: state, offer: offer))
        if state == .purchased { grant(key) }
        return key
    }

    /// Whether the account has the product now, so that buying it again would charge twice.
    private func isOwned(_ product: ModelCatalog.Product, account: String) -> Bool {
        switch product.kind {
        case .nonConsumable, .freeSubscription: ownsNonConsumable(product, account: account) != nil
        case .autoRenewable: ongoingSubscription(of: account).map { $0.product == product && $0.status == .subscribed } ?? false
        case .consumable, .pass: false
        }
    }

    private func overMaximum(_ product: ModelCatalog.Product, account: String) -> Bool {
        guard let credit = product.credit else { return false }
        return balance(of: credit.id, for: account) + product.grantAmount > credit.maximum
    }

    /// Whether a waiting purchase has become pointless: what it buys is owned now.
    func isMoot(_ transaction: Transaction) -> Bool {
        isOwned(transaction.product, account: transaction.buyer.account)
            || (transaction.product.kind == .autoRenewable
                && ongoingSubscription(of: transaction.buyer.account)?.product == transaction.product)
    }

    /// The product and account a buying, approving or resolving step would complete.
    func purchaseTarget(of step: ModelStep) -> (ModelCatalog.Product, String)? {
        let key: Int?
        switch step {
        case .buy(let id, let buyer), .buyWithOffer(let id, _, let buyer): return ModelCatalog.product(id).map { ($0, buyer.account) }
        case .approve(let pick): key = Self.choose(pick, from: awaitingApproval)
        case .resolve(let pick): key = Self.choose(pick, from: awaitingAction)
        default: key = nil
        }
        return key.map { (transactions[$0].product, transactions[$0].buyer.account) }
    }

    /// Completes an approved request or a resolved interrupted purchase, checked against now.
    private mutating func complete(_ key: Int) {
        let transaction = transactions[key]
        if isMoot(transaction) {
            transactions[key].state = .settled
            return
        }
        if overMaximum(transaction.product, account: transaction.buyer.account) { return }
        if transaction.product.kind == .autoRenewable, let index = ongoingIndex(transaction.buyer.account),
           subscriptions[index].product.level < transaction.product.level {
            subscriptions[index].pendingProduct = transaction.product
            subscriptions[index].willRenew = true
            transactions[key].state = .settled
            return
        }
        transactions[key].state = .purchased
        grant(key)
    }

    /// What a completed purchase gives.
    private mutating func grant(_ key: Int) {
        transactions[key].purchased = now
        let transaction = transactions[key]
        let account = transaction.buyer.account
        switch transaction.product.kind {
        case .consumable:
            if let credit = transaction.product.credit {
                balances[account, default: [:]][credit.id, default: 0] += transaction.product.grantAmount
            }
        case .nonConsumable, .freeSubscription:
            deliveries.insert("\(key)@\(transaction.buyer.device)")
        case .pass:
            layOutPasses(of: transaction.product, account: account)
        case .autoRenewable:
            subscribe(transaction)
        }
    }

    private mutating func refund(_ key: Int) {
        let transaction = transactions[key]
        transactions[key].state = .refunded
        if let credit = transaction.product.credit {
            let account = transaction.buyer.account
            balances[account, default: [:]][credit.id] = max(0, balance(of: credit.id, for: account) - transaction.product.grantAmount)
        }
        // A refunded pass gives its time back.
        if transaction.product.kind == .pass { layOutPasses(of: transaction.product, account: transaction.buyer.account) }
    }

    /// The rule for passes: each pass the account holds (not refunded) ends as if those were
    /// the only ones it ever bought. Taken in the order they completed, a pass bought while the
    /// run before it still runs extends it, counted whole from the run's first purchase so month
    /// ends clamp once; one bought after the run ended starts a run of its own.
    private mutating func layOutPasses(of product: ModelCatalog.Product, account: String) {
        let held = transactions.filter { $0.buyer.account == account && $0.product == product && $0.state == .purchased }
            .sorted { ($0.purchased ?? now, $0.key) < ($1.purchased ?? now, $1.key) }
        var run = (start: Date.distantPast, passes: 0, end: Date.distantPast)
        for pass in held {
            let bought = pass.purchased ?? now
            run = bought < run.end ? (run.start, run.passes + 1, run.end) : (bought, 1, run.end)
            run.end = ModelCalendar.adding(months: product.months * run.passes, to: run.start)
            transactions[pass.key].ends = run.end
        }
    }

    private mutating func restore(_ buyer: Buyer) {
        for transaction in transactions where transaction.buyer.account == buyer.account && transaction.state == .purchased {
            switch transaction.product.kind {
            case .nonConsumable, .freeSubscription: deliveries.insert("\(transaction.key)@\(buyer.device)")
            default: continue
            }
        }
    }

    private mutating func cancelRenewal(_ id: String, account: String) {
        if let product = ModelCatalog.product(id), product.kind == .freeSubscription,
           let owned = ownsNonConsumable(product, account: account) {
            transactions[owned.key].state = .unsubscribed
            transactions[owned.key].ends = now
            return
        }
        guard let index = subscriptionIndex(id, account: account), subscriptions[index].willRenew else { return }
        subscriptions[index].willRenew = false
        // No access is left in billing retry, and billing is not tried again: it ends now.
        if subscriptions[index].status == .inBillingRetryPeriod {
            subscriptions[index].status = .expired
            subscriptions[index].pendingProduct = nil
        }
    }

    func ongoingIndex(_ account: String) -> Int? {
        subscriptions.lastIndex { $0.account == account && $0.isOngoing }
    }

    /// The ongoing subscription of the account whose current product, or the product it
    /// switches to at renewal, is `id`.
    /// The account's ongoing subscription a product id names: its plan, the plan a switch goes
    /// to, or the plan still running while a later period was paid ahead into another.
    func subscriptionIndex(_ id: String, account: String) -> Int? {
        subscriptions.lastIndex { $0.account == account && $0.isOngoing && ($0.product.id == id || $0.pendingProduct?.id == id) }
            ?? subscriptions.lastIndex { chain in
                chain.account == account && chain.isOngoing
                    && chain.periods.contains { $0.start <= now && now < $0.end && $0.productID == id && id != chain.product.id }
            }
    }
}
