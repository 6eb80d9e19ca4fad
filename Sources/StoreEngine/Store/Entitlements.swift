import Foundation
import StoreCatalog

/// What an account may use now on one device.
public struct Entitlements: Sendable, Equatable {
    public struct NonConsumable: Sendable, Equatable {
        public var productID: String
        public var transactionID: String
        public var purchaseDate: Date
        /// False while the purchase waits for a restore on this device, or for delivery of
        /// its unfinished transaction (`Entitlements.unfinished`) on the device it was bought on.
        public var delivered: Bool
    }

    /// Subscription states, named as StoreKit 2 names them.
    public typealias SubscriptionState = SubscriptionChain.Status

    public struct Subscription: Sendable, Equatable {
        public var productID: String
        public var group: String
        public var state: SubscriptionState
        public var transactionID: String
        public var originalTransactionID: String
        public var purchaseDate: Date
        public var originalPurchaseDate: Date
        public var expiresDate: Date?
        public var willAutoRenew: Bool
        public var offer: AppliedOffer?
        public var delivered: Bool
        public var expirationReason: SubscriptionChain.ExpirationReason?
        /// The product the subscription switches to at its next renewal.
        public var pendingProductID: String?
        public var gracePeriodExpiresDate: Date?
        public var renewalCount: Int
        /// The plan whose period runs now, when a later period of this subscription's plan
        /// (`productID`) was paid ahead: "renew now" while a switch was scheduled renews into
        /// the switch's plan, which begins only when the running period ends. The other fields
        /// speak of the latest period, as the store's decisions do; nil otherwise.
        public var runningPlan: RunningPlan?
        /// When the refund that revoked it was made; nil unless `state` is revoked.
        public var revocationDate: Date?
        /// When its access ended, for one that expired or was revoked: the end of its last
        /// period, of the grace period it was in, or the expire or refund that came sooner
        /// (see `SubscriptionChain.accessEndDate`); nil otherwise.
        public var accessEndDate: Date?
        /// When its renewal, grace end or expiry fell due, for one whose plan (or the plan it
        /// switches to, or its offer) the catalog in use lacks: that catalog decides nothing for
        /// it, so what fell due waits for a process whose catalog has them; nil otherwise.
        public var dueNotRecorded: Date? = nil
        /// Whether the subscriber may use it now (subscribed or in the grace period), as far as
        /// is known: not past a due date this catalog cannot decide.
        public var isEntitled: Bool { (state == .subscribed || state == .inGracePeriod) && dueNotRecorded == nil }
        /// Whether the store still counts the account as subscribed (not expired or revoked).
        public var isOngoing: Bool { state != .expired && state != .revoked }
    }

    /// A period that runs now under another plan than the one paid ahead after it.
    public struct RunningPlan: Sendable, Equatable {
        public var productID: String
        public var transactionID: String
        public var expiresDate: Date
    }

    public struct Pass: Sendable, Equatable {
        public var productID: String
        /// The pass that ends last.
        public var transactionID: String
        /// When the run of passes it ends began: the purchase of the first pass bought since the
        /// passes before ran out.
        public var purchaseDate: Date
        public var expiresDate: Date
        public var isActive: Bool
        public var delivered: Bool
    }

    public var nonConsumables: [NonConsumable]
    /// Auto-renewable and free subscriptions, the latest per product.
    public var subscriptions: [Subscription]
    public var nonRenewing: [Pass]
    /// Credit id → balance, for every credit of the catalog.
    public var credits: [String: Int]
    /// Purchases waiting for a parent's approval or the buyer's action.
    public var waiting: [TransactionRecord] = []
    /// Purchases the app has not finished (delivered) yet.
    public var unfinished: [TransactionRecord] = []

    /// This device's unfinished purchases that `deliverUnfinished` delivers as `subscription`:
    /// those of its own chain, not of an earlier subscription to the same plan that ended.
    public func unfinished(of subscription: Subscription) -> [TransactionRecord] {
        unfinished.filter { $0.originalID == subscription.originalTransactionID }
    }

    /// This device's unfinished purchases of the pass `pass` that are still running at `now`,
    /// so part of the run it names.
    public func unfinished(of pass: Pass, at now: Date) -> [TransactionRecord] {
        unfinished.filter { $0.productID == pass.productID && ($0.expiresDate ?? .distantFuture) > now }
    }

    /// This device's unfinished purchases of the non-consumable `item`.
    public func unfinished(of item: NonConsumable) -> [TransactionRecord] {
        unfinished.filter { $0.productID == item.productID }
    }

    /// What purchases of `credit` made on this device and not delivered yet will add to its
    /// balance once they are.
    public func undeliveredCredit(_ credit: String) -> Int {
        unfinished.filter { $0.credit == credit }.reduce(0) { $0.saturatingAdding($1.creditAmount) }
    }

    /// How many of the product `productID` the purchase that `status` says waits asks for;
    /// nil unless one waits for more than one.
    public func waitingQuantity(of productID: String, status: ProductStatus) -> Int? {
        guard case .waiting(let state, _) = status,
              let quantity = waiting.first(where: { $0.productID == productID && $0.state == state })?.quantity,
              quantity > 1 else { return nil }
        return quantity
    }

    /// No purchase and no balance: what is shown for a buyer whose store has not been read yet.
    public static let none = Entitlements(nonConsumables: [], subscriptions: [], nonRenewing: [], credits: [:])
}

extension Store {
    /// The period of `chain` running at `now` (from the account's `history`), when its plan is
    /// not the chain's: a later period was paid ahead into the plan a switch went to. Its
    /// `expiresDate` is when that plan ends, where the first period of another plan begins:
    /// periods of the running plan paid ahead before the switch run first. A refunded period
    /// counts: the subscription goes on through it, into the periods paid ahead that keep it.
    static func runningPlan(of chain: SubscriptionChain, in history: [TransactionRecord], at now: Date) -> Entitlements.RunningPlan? {
        let periods = history.filter {
            $0.originalID == chain.originalID && ($0.state == .purchased || $0.state == .refunded) && $0.replacedBy == nil
        }
        guard chain.isOngoing, let running = periods.last(where: { $0.purchaseDate <= now && ($0.expiresDate ?? .distantPast) > now }),
              running.productID != chain.productID, let runningEnd = running.expiresDate else { return nil }
        let switchAt = periods.filter { $0.purchaseDate >= runningEnd && $0.productID != running.productID }.map(\.purchaseDate).min()
        return Entitlements.RunningPlan(productID: running.productID, transactionID: running.id, expiresDate: switchAt ?? runningEnd)
    }

    /// When `chain`'s grace period ends, or ended: an expire or a refund that cut it short ended
    /// it then, as its access (a server that checks the grace period's end would otherwise grant
    /// access until the end it would have had). The chain keeps that end, which its receipts and
    /// the words of the expire name.
    private static func gracePeriodEnd(of chain: SubscriptionChain) -> Date? {
        guard let graceEnd = chain.gracePeriodExpiresDate, !chain.isOngoing, let ended = chain.accessEndDate else {
            return chain.gracePeriodExpiresDate
        }
        return min(graceEnd, ended)
    }

    /// What entitlements say of the subscription `chain`, whose latest transaction is `latest`.
    private static func subscription(_ chain: SubscriptionChain, latest: TransactionRecord, in state: LedgerState,
                                      history: [TransactionRecord], for buyer: Buyer, at now: Date,
                                      catalog: Catalog) -> Entitlements.Subscription {
        // A catalog that decides for the chain has recorded what fell due before any read.
        let due = SubscriptionSchedule.nextDueDate(of: chain).flatMap { $0 <= now && !SubscriptionSchedule(catalog: catalog).decides(chain) ? $0 : nil }
        return .init(
            productID: chain.productID, group: chain.group, state: chain.status, transactionID: chain.latestTransactionID,
            originalTransactionID: chain.originalID, purchaseDate: chain.periodStart,
            originalPurchaseDate: chain.originalPurchaseDate, expiresDate: chain.expiresDate,
            willAutoRenew: chain.willAutoRenew && chain.isOngoing, offer: chain.offer,
            delivered: state.isDelivered(chain.latestTransactionID, to: buyer),
            expirationReason: chain.expirationReason, pendingProductID: chain.pendingProductID,
            gracePeriodExpiresDate: gracePeriodEnd(of: chain), renewalCount: chain.renewalCount,
            runningPlan: latest.purchaseDate > now ? runningPlan(of: chain, in: history, at: now) : nil,
            revocationDate: chain.status == .revoked ? chain.revocationDate : nil,
            accessEndDate: chain.isOngoing ? nil : chain.accessEndDate ?? chain.expiresDate, dueNotRecorded: due)
    }

    /// The subscription `originalID` of `account` at the store's current time, as entitlements
    /// report it, also when a newer subscription in its group has taken its place there (what a
    /// notification about the older one carries).
    public func subscription(originalID: String, account: String) -> Entitlements.Subscription? {
        let (state, now) = projectedState()
        return Self.subscription(originalID: originalID, account: account, in: state, at: now, catalog: catalog)
    }

    /// The same, as `state` holds it at store time `now`: what a notification says of the
    /// subscription at the moment of its event.
    public static func subscription(originalID: String, account: String, in state: LedgerState, at now: Date,
                                    catalog: Catalog) -> Entitlements.Subscription? {
        guard let chain = state.subscriptions[originalID], chain.account == account,
              let latest = state.transactions[chain.latestTransactionID] else { return nil }
        // The device only decides whether the subscription counts as delivered there, which
        // nothing asking this reads. The account's history is read only for a period paid ahead
        // (the plan running before it): a notification fold asks this at every event.
        let history = latest.purchaseDate > now ? state.transactions(of: account) : []
        return Self.subscription(chain, latest: latest, in: state, history: history,
                                 for: Buyer(account: account, device: ""), at: now, catalog: catalog)
    }

    /// The buyer's entitlements at the store's current time.
    public func entitlements(for buyer: Buyer) -> Entitlements {
        let (state, now) = projectedState()
        let history = state.transactions(of: buyer.account)
        var nonConsumables: [Entitlements.NonConsumable] = []
        var subscriptions: [String: Entitlements.Subscription] = [:]
        var passes: [String: Entitlements.Pass] = [:]
        // An unfinished purchase is listed too, undelivered, as StoreKit's current entitlements
        // list transactions the app has not finished: the account owns it, and hiding it would
        // invite buying it a second time (a subscription's whole chain vanished while an upgrade
        // bought with it waited to be finished).
        for record in history where record.state == .purchased || record.state == .refunded {
            let delivered = state.isDelivered(record.id, to: buyer)
            switch record.productType {
            case .nonConsumable where record.isInForce:
                nonConsumables.append(.init(productID: record.productID, transactionID: record.id,
                                            purchaseDate: record.purchaseDate, delivered: delivered))
            case .freeSubscription:
                guard record.replacedBy == nil else { continue }
                subscriptions[record.productID] = .init(
                    productID: record.productID, group: "",
                    state: record.state == .refunded ? .revoked : record.unsubscribedDate == nil ? .subscribed : .expired,
                    transactionID: record.id, originalTransactionID: record.originalID, purchaseDate: record.purchaseDate,
                    originalPurchaseDate: record.purchaseDate, expiresDate: record.unsubscribedDate, willAutoRenew: false, offer: nil,
                    delivered: delivered, expirationReason: nil, pendingProductID: nil, gracePeriodExpiresDate: nil,
                    renewalCount: 0, revocationDate: record.state == .refunded ? record.revocationDate : nil,
                    accessEndDate: record.state == .refunded ? [record.revocationDate, record.unsubscribedDate].compactMap { $0 }.min()
                                                             : record.unsubscribedDate)
            case .autoRenewable:
                continue
            case .nonRenewing where record.isInForce:
                guard let expires = record.expiresDate else { continue }
                let earlier = passes[record.productID]
                // A request approved or resolved late ends the run although it was bought
                // before a pass completed at once: the run ends at the latest expiry, not at
                // that of the pass listed last.
                let latest = earlier.map { $0.expiresDate > expires } == true ? earlier : nil
                passes[record.productID] = .init(productID: record.productID, transactionID: latest?.transactionID ?? record.id,
                                                 purchaseDate: earlier?.purchaseDate ?? record.purchaseDate,
                                                 expiresDate: latest?.expiresDate ?? expires,
                                                 isActive: (latest?.expiresDate ?? expires) > now,
                                                 delivered: delivered || earlier?.delivered == true)
            default:
                continue
            }
        }
        for productID in passes.keys {
            let held = history.filter { $0.productType == .nonRenewing && $0.productID == productID && $0.isInForce }
            if let start = Self.startOfLastRun(of: held) { passes[productID]?.purchaseDate = start }
        }
        for chain in state.subscriptionChains(of: buyer.account) {
            guard let latest = state.transactions[chain.latestTransactionID] else { continue }
            // Oldest first, so a newer subscription to the product replaces an older one,
            // except that an ended one never hides the one that is still going.
            if let shown = subscriptions[chain.productID], shown.isOngoing, !chain.isOngoing { continue }
            subscriptions[chain.productID] = Self.subscription(chain, latest: latest, in: state, history: history, for: buyer, at: now, catalog: catalog)
        }
        var credits: [String: Int] = [:]
        for credit in catalog.credits { credits[credit.id] = state.balance(of: credit.id, for: buyer) }
        let order = { (id: String) in self.catalog.position(ofProduct: id) ?? Int.max }
        return Entitlements(
            nonConsumables: nonConsumables.sorted { order($0.productID) < order($1.productID) },
            subscriptions: subscriptions.values.sorted { order($0.productID) < order($1.productID) },
            nonRenewing: passes.values.sorted { order($0.productID) < order($1.productID) },
            credits: credits,
            waiting: history.filter { $0.state == .pending || $0.state == .needsAction },
            unfinished: history.filter { !$0.finished && $0.state == .purchased && $0.purchaseDevice == buyer.device })
    }

    /// When the run of `passes` that ends last began: taken in the order they began, a pass
    /// bought after every earlier one ran out starts a run of its own.
    static func startOfLastRun(of passes: [TransactionRecord]) -> Date? {
        var run: (start: Date, end: Date)?
        for pass in passes.sorted(by: { ($0.purchaseDate, $0.sequence) < ($1.purchaseDate, $1.sequence) }) {
            let end = pass.expiresDate ?? pass.purchaseDate
            if let current = run, pass.purchaseDate <= current.end {
                run = (current.start, max(current.end, end))
            } else {
                run = (pass.purchaseDate, end)
            }
        }
        return run?.start
    }
}
