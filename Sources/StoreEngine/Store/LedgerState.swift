import Foundation

/// Everything the store knows, folded from the ledger's events for one app.
///
/// `apply` is the only way in, and it is idempotent by transaction and spend id, so replaying
/// or re-reading an event never credits twice.
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
        var transactionID: String
    }

    public let app: String
    private let creditScopes: [String: CreditScope]

    public private(set) var transactions: [String: TransactionRecord] = [:]
    /// Transaction ids in the order they happened.
    public private(set) var transactionOrder: [String] = []
    private var deliveries: Set<DeliveryKey> = []
    public private(set) var balances: [CreditKey: Int] = [:]
    private var spendIDs: Set<String> = []
    /// Devices on which purchases are switched off.
    private var purchasesDisallowed: Set<String> = []
    /// A one-shot outcome for the next purchase on a device.
    private var nextOutcome: [String: PurchaseSimulation] = [:]
    public private(set) var accounts: [String] = []
    public private(set) var devices: [String] = []
    /// The highest transaction number in the whole ledger (all apps), so ids stay unique.
    public private(set) var highestTransactionNumber: Int64 = 0
    public private(set) var eventCount = 0

    public init(app: String, creditScopes: [String: CreditScope]) {
        self.app = app
        self.creditScopes = creditScopes
    }

    /// Applies one ledger event. Events of other apps only advance the transaction counter.
    public mutating func apply(_ event: StoreEvent, sequence: Int) {
        eventCount += 1
        if let id = event.transactionId, let number = Int64(id), event.kind == .purchase || event.kind == .purchaseFailed {
            highestTransactionNumber = max(highestTransactionNumber, number)
        }
        guard event.app == app else { return }
        remember(event.account, in: &accounts)
        remember(event.device, in: &devices)
        switch event.kind {
        case .purchase: applyPurchase(event, sequence: sequence)
        case .purchaseFailed: applyFailedPurchase(event, sequence: sequence)
        case .spend: applySpend(event)
        case .refund: applyRefund(event)
        case .restore:
            for id in event.transactionIds ?? [] where transactions[id]?.account == event.account {
                deliveries.insert(DeliveryKey(account: event.account, device: event.device, transactionID: id))
            }
        case .setting: applySetting(event)
        case .resetDevice:
            deliveries = deliveries.filter { $0.device != event.device }
            balances = balances.filter { $0.key.device != event.device }
        }
    }

    private func remember(_ name: String, in list: inout [String]) {
        if !list.contains(name) { list.append(name) }
    }

    func creditKey(credit: String, buyer: Buyer) -> CreditKey {
        let scope = creditScopes[credit] ?? .account
        return CreditKey(account: buyer.account, device: scope == .device ? buyer.device : nil, credit: credit)
    }

    private mutating func applyPurchase(_ event: StoreEvent, sequence: Int) {
        guard let id = event.transactionId, transactions[id] == nil,
              let productID = event.productId, let type = event.productType else { return }
        nextOutcome[event.device] = nil
        let record = TransactionRecord(event: event, id: id, productID: productID, type: type, sequence: sequence)
        transactions[id] = record
        transactionOrder.append(id)
        deliveries.insert(DeliveryKey(account: event.account, device: event.device, transactionID: id))
        if let replaced = event.replacesTransactionId, transactions[replaced] != nil {
            transactions[replaced]?.replacedBy = id
        }
        if let credit = event.credit, let amount = event.amount, amount > 0 {
            balances[creditKey(credit: credit, buyer: Buyer(account: event.account, device: event.device)), default: 0] += amount
        }
    }

    private mutating func applyFailedPurchase(_ event: StoreEvent, sequence: Int) {
        nextOutcome[event.device] = nil
        guard let id = event.transactionId, transactions[id] == nil, let productID = event.productId,
              let type = event.productType else { return }
        transactions[id] = TransactionRecord(event: event, id: id, productID: productID, type: type, sequence: sequence)
        transactionOrder.append(id)
    }

    private mutating func applySpend(_ event: StoreEvent) {
        guard let spendID = event.spendId, spendIDs.insert(spendID).inserted,
              let credit = event.credit, let amount = event.amount else { return }
        let key = creditKey(credit: credit, buyer: Buyer(account: event.account, device: event.device))
        balances[key] = max(0, (balances[key] ?? 0) - amount)
    }

    private mutating func applyRefund(_ event: StoreEvent) {
        guard let id = event.transactionId, let record = transactions[id], record.state == .purchased else { return }
        transactions[id]?.state = .refunded
        transactions[id]?.revocationDate = event.time
        transactions[id]?.revokedAmount = event.amount ?? 0
        transactions[id]?.shortfall = event.shortfall ?? 0
        if let credit = record.credit, let amount = event.amount, amount > 0 {
            let key = creditKey(credit: credit, buyer: Buyer(account: record.account, device: record.purchaseDevice))
            balances[key] = max(0, (balances[key] ?? 0) - amount)
        }
    }

    private mutating func applySetting(_ event: StoreEvent) {
        switch (event.setting, event.value) {
        case (StoreSetting.purchasesAllowed.rawValue?, "false"?): purchasesDisallowed.insert(event.device)
        case (StoreSetting.purchasesAllowed.rawValue?, "true"?): purchasesDisallowed.remove(event.device)
        case (StoreSetting.nextPurchaseOutcome.rawValue?, let value?):
            nextOutcome[event.device] = PurchaseSimulation(rawValue: value)
        default: break
        }
    }

    // MARK: Questions the store asks

    public func purchasesAllowed(on device: String) -> Bool { !purchasesDisallowed.contains(device) }

    public func nextPurchaseOutcome(on device: String) -> PurchaseSimulation? { nextOutcome[device] }

    public func balance(of credit: String, for buyer: Buyer) -> Int {
        balances[creditKey(credit: credit, buyer: buyer)] ?? 0
    }

    public func isDelivered(_ transactionID: String, to buyer: Buyer) -> Bool {
        deliveries.contains(DeliveryKey(account: buyer.account, device: buyer.device, transactionID: transactionID))
    }

    public func hasSpend(id: String) -> Bool { spendIDs.contains(id) }

    /// The account's transactions, oldest first.
    public func transactions(of account: String) -> [TransactionRecord] {
        transactionOrder.compactMap { transactions[$0] }.filter { $0.account == account }
    }
}
