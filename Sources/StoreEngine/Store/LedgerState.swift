import Foundation

/// Everything the store knows, folded from the ledger's events for one app.
///
/// `apply` is the only way in, and it is idempotent by transaction, spend and renewal id, so
/// replaying or re-reading an event never credits twice.
public struct LedgerState: Sendable {
    public struct CreditKey: Hashable, Sendable {
        public var account: String
        /// nil for credits of account scope; the device name for device scope.
        public var device: String?
        public var credit: String
    }

    struct DeliveryKey: Hashable, Sendable {
        var account: String
        var device: String
        /// A transaction id, or for subscriptions the original transaction id.
        var transactionID: String
    }

    public let app: String
    let creditScopes: [String: CreditScope]

    public internal(set) var transactions: [String: TransactionRecord] = [:]
    /// Transaction ids in the order they happened.
    public internal(set) var transactionOrder: [String] = []
    var transactionIDsByAccount: [String: [String]] = [:]
    var deliveries: Set<DeliveryKey> = []
    public internal(set) var balances: [CreditKey: Int] = [:]
    var spendIDs: Set<String> = []
    var renewalKeys: Set<String> = []
    /// Auto-renewable subscriptions by original transaction id.
    public internal(set) var subscriptions: [String: SubscriptionChain] = [:]
    /// Devices on which purchases are switched off.
    var purchasesDisallowed: Set<String> = []
    /// A one-shot outcome for the next purchase on a device.
    var nextOutcome: [String: PurchaseSimulation] = [:]
    public internal(set) var settings = StoreSettings()
    public internal(set) var timeline = StoreTimeline.realTime
    public internal(set) var accounts: [String] = []
    public internal(set) var devices: [String] = []
    /// The highest transaction number in the whole ledger (all apps), so ids stay unique.
    public internal(set) var highestTransactionNumber: Int64 = 0
    public internal(set) var eventCount = 0

    /// - Parameter initialSettings: the catalog's settings (from a .storekit file), which
    ///   the ledger's setting events then change.
    public init(app: String, creditScopes: [String: CreditScope], initialSettings: StoreSettings = StoreSettings()) {
        self.app = app
        self.creditScopes = creditScopes
        self.settings = initialSettings
    }

    /// Applies one ledger event. Events of other apps only advance the transaction counter.
    public mutating func apply(_ event: StoreEvent, sequence: Int) {
        eventCount += 1
        if let id = event.transactionId, let number = Int64(id),
           event.kind == .purchase || event.kind == .purchaseFailed || event.kind == .renew {
            highestTransactionNumber = max(highestTransactionNumber, number)
        }
        guard event.app == app else { return }
        remember(event.account, in: &accounts)
        remember(event.device, in: &devices)
        switch event.kind {
        case .purchase: applyPurchase(event, sequence: sequence)
        case .purchaseFailed: applyFailedPurchase(event, sequence: sequence)
        case .approve, .resolve: applyCompletion(event)
        case .decline: applyDecline(event)
        case .finish: applyFinish(event)
        case .spend: applySpend(event)
        case .refund: applyRefund(event)
        case .restore:
            for id in event.transactionIds ?? [] where transactions[id]?.account == event.account {
                deliveries.insert(DeliveryKey(account: event.account, device: event.device, transactionID: id))
            }
        case .setting: applySetting(event)
        case .failureConsumed:
            if let operation = event.setting.flatMap(StoreOperation.init(rawValue:)) { settings.failures[operation] = nil }
        case .resetDevice:
            deliveries = deliveries.filter { $0.device != event.device }
            balances = balances.filter { $0.key.device != event.device }
        case .clock:
            if let storeTime = event.storeTime, let realTime = event.realTime {
                timeline = StoreTimeline(anchorReal: realTime, anchorStore: storeTime, rate: event.rate ?? timeline.rate)
            }
        case .renew: applyRenewal(event, sequence: sequence)
        case .billingRetry, .graceEnded, .expire, .cancelRenewal, .pendingChange: applySubscriptionChange(event)
        }
    }

    private func remember(_ name: String, in list: inout [String]) {
        if !list.contains(name) { list.append(name) }
    }

    func creditKey(credit: String, buyer: Buyer) -> CreditKey {
        let scope = creditScopes[credit] ?? .account
        return CreditKey(account: buyer.account, device: scope == .device ? buyer.device : nil, credit: credit)
    }

    mutating func record(_ record: TransactionRecord) {
        transactions[record.id] = record
        transactionOrder.append(record.id)
        transactionIDsByAccount[record.account, default: []].append(record.id)
    }

    // MARK: Questions the store asks

    public func purchasesAllowed(on device: String) -> Bool { !purchasesDisallowed.contains(device) }

    public func nextPurchaseOutcome(on device: String) -> PurchaseSimulation? { nextOutcome[device] }

    public func balance(of credit: String, for buyer: Buyer) -> Int {
        balances[creditKey(credit: credit, buyer: buyer)] ?? 0
    }

    /// Whether the transaction (or, for a subscription, its original purchase) is on the device.
    public func isDelivered(_ transactionID: String, to buyer: Buyer) -> Bool {
        if deliveries.contains(DeliveryKey(account: buyer.account, device: buyer.device, transactionID: transactionID)) {
            return true
        }
        guard let original = transactions[transactionID]?.originalID, original != transactionID else { return false }
        return deliveries.contains(DeliveryKey(account: buyer.account, device: buyer.device, transactionID: original))
    }

    public func hasSpend(id: String) -> Bool { spendIDs.contains(id) }

    /// The account's transactions, oldest first.
    public func transactions(of account: String) -> [TransactionRecord] {
        (transactionIDsByAccount[account] ?? []).compactMap { transactions[$0] }
    }

    /// The account's subscriptions, oldest first.
    public func subscriptionChains(of account: String) -> [SubscriptionChain] {
        subscriptions.values.filter { $0.account == account }.sorted { $0.originalPurchaseDate < $1.originalPurchaseDate }
    }

    /// The subscription a transaction belongs to.
    public func chain(containing transactionID: String) -> SubscriptionChain? {
        transactions[transactionID].flatMap { subscriptions[$0.originalID] }
    }

    /// The store's time at real time `real`.
    public func storeTime(at real: Date) -> Date { timeline.storeTime(at: real) }
}
