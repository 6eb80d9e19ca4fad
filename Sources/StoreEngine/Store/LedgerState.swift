import Foundation
import StoreCatalog

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

    public let app: String
    let creditScopes: [String: CreditScope]

    /// Every transaction, oldest first.
    public internal(set) var transactions = TransactionTable()
    /// Which transactions are on which device: the device's number in the transaction table's
    /// name pool in the high 32 bits, the transaction's row in the low 32. A transaction is
    /// only ever delivered to its own account's devices, so the account need not be kept.
    var deliveries: Set<UInt64> = []
    public internal(set) var balances: [CreditKey: Int] = [:]
    var spendIDs = SpendIDSet()
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
    /// `accounts` and `devices` as sets, so remembering a name does not search the lists.
    var accountSet: Set<String> = []
    var deviceSet: Set<String> = []
    /// The highest transaction number in the whole ledger (all apps), so ids stay unique.
    public internal(set) var highestTransactionNumber: Int64 = 0
    public internal(set) var eventCount = 0
    /// The in-app purchase keys made for this app, oldest first, revoked ones included.
    public internal(set) var inAppPurchaseKeys: [InAppPurchaseKey] = []
    /// The nonces of signed promotional offers already used by a purchase.
    public internal(set) var usedOfferNonces: Set<String> = []
    /// The latest consumption information the app's server sent, by transaction id.
    public internal(set) var consumptionReports: [String: ConsumptionReport] = [:]
    /// The renewal date extensions of each subscription, by original transaction id, oldest first.
    public internal(set) var renewalExtensions: [String: [RenewalExtension]] = [:]
    /// The bundle ids of the other apps whose events the ledger holds, so a server can say
    /// which apps it leaves unserved without reading the ledger again.
    public internal(set) var otherApps: Set<String> = []

    /// - Parameters:
    ///   - initialSettings: the catalog's settings (from a .storekit file), which the
    ///     ledger's setting events then change.
    ///   - initialTimeRate: the catalog's time rate, in force from the first read and
    ///     running from the app's first event until a clock event changes it.
    public init(app: String, creditScopes: [String: CreditScope], initialSettings: StoreSettings = StoreSettings(),
                initialTimeRate: TimeRate = .realTime) {
        self.app = app
        self.creditScopes = creditScopes
        self.settings = initialSettings
        self.timeline = .startingAtFirstEvent(rate: initialTimeRate)
    }

    /// Applies one ledger event. Events of other apps only advance the transaction counter and
    /// name their app.
    public mutating func apply(_ event: StoreEvent, sequence: Int) {
        eventCount += 1
        if let id = event.transactionId, let number = Int64(id),
           event.kind == .purchase || event.kind == .purchaseFailed || event.kind == .renew {
            highestTransactionNumber = max(highestTransactionNumber, number)
        }
        guard event.app == app else {
            otherApps.insert(event.app)
            return
        }
        if !timeline.isAnchored {
            // The app's first event: its store time was real time, and the catalog's rate
            // runs from here, the same for every process that reads the ledger.
            timeline = StoreTimeline(anchorReal: event.time, anchorStore: event.time, rate: timeline.rate)
        }
        if accountSet.insert(event.account).inserted { accounts.append(event.account) }
        if deviceSet.insert(event.device).inserted { devices.append(event.device) }
        switch event.kind {
        case .purchase: applyPurchase(event, sequence: sequence)
        case .purchaseFailed: applyFailedPurchase(event, sequence: sequence)
        case .approve, .resolve: applyCompletion(event)
        case .decline: applyDecline(event)
        case .finish: applyFinish(event)
        case .spend: applySpend(event)
        case .refund: applyRefund(event)
        case .restore:
            let account = transactions.names.existingNumber(for: event.account)
            for id in event.transactionIds ?? [] {
                if let row = transactions.row(of: id), transactions.accountNumber(ofRow: row) == account {
                    deliver(row: row, to: event.device)
                }
            }
        case .setting: applySetting(event)
        case .failureConsumed:
            if let operation = event.setting.flatMap(StoreOperation.init(rawValue:)) { settings.failures[operation] = nil }
        case .resetDevice:
            if let device = transactions.names.existingNumber(for: event.device) {
                deliveries = deliveries.filter { UInt32(truncatingIfNeeded: $0 >> 32) != device }
            }
            balances = balances.filter { $0.key.device != event.device }
        case .clock:
            if let storeTime = event.storeTime, let realTime = event.realTime {
                timeline = StoreTimeline(anchorReal: realTime, anchorStore: storeTime, rate: event.rate ?? timeline.rate)
            }
        case .renew: applyRenewal(event, sequence: sequence)
        case .billingRetry, .graceEnded, .expire, .cancelRenewal, .pendingChange: applySubscriptionChange(event)
        case .inAppPurchaseKey, .inAppPurchaseKeyRevoked: applyInAppPurchaseKey(event)
        case .consumptionInfo: applyConsumptionInfo(event)
        case .renewalExtended: applyRenewalExtension(event)
        // Notifications are folded by their own reader (StoreNotifications); the state has nothing to keep.
        case .testNotification, .notificationAttempt: break
        }
        // Recorded whatever became of the purchase, so a signed offer is accepted only once.
        if let nonce = event.offerNonce { usedOfferNonces.insert(nonce) }
    }

    func creditKey(credit: String, buyer: Buyer) -> CreditKey {
        let scope = creditScopes[credit] ?? .account
        return CreditKey(account: buyer.account, device: scope == .device ? buyer.device : nil, credit: credit)
    }

    /// Adds a new transaction; returns its row in the table.
    @discardableResult
    mutating func record(_ record: TransactionRecord) -> Int {
        transactions.append(record)
    }

    /// Puts the transaction in `row` on `device`. A later period of a subscription (an upgrade
    /// bought there, a period restored there) puts the subscription's original purchase there
    /// too: its renewals reach the devices that have the original, so a device that upgraded
    /// kept the renewals of the plan it paid for only where the first plan was bought.
    mutating func deliver(row: Int, to device: String) {
        let number = transactions.nameNumber(for: device)
        deliveries.insert(Self.deliveryKey(device: number, row: row))
        if let original = transactions.originalRow(ofRow: row), original != row {
            deliveries.insert(Self.deliveryKey(device: number, row: original))
        }
    }

    private static func deliveryKey(device: UInt32, row: Int) -> UInt64 {
        UInt64(device) << 32 | UInt64(UInt32(truncatingIfNeeded: row))
    }

    // MARK: Questions the store asks

    public func purchasesAllowed(on device: String) -> Bool { !purchasesDisallowed.contains(device) }

    public func nextPurchaseOutcome(on device: String) -> PurchaseSimulation? { nextOutcome[device] }

    public func balance(of credit: String, for buyer: Buyer) -> Int {
        balances[creditKey(credit: credit, buyer: buyer)] ?? 0
    }

    /// What the unfinished purchases of `credit` will add to `buyer`'s balance once delivered:
    /// those of the account, and for a credit kept per device, those bought on the buyer's device.
    /// `devices`: where they wait to be delivered.
    func undeliveredCredit(_ credit: String, for buyer: Buyer) -> (amount: Int, devices: Set<String>) {
        let key = creditKey(credit: credit, buyer: buyer)
        let waiting = transactions.unfinishedRecords(of: buyer.account)
            .filter { $0.state == .purchased && $0.credit == credit && (key.device == nil || $0.purchaseDevice == key.device) }
        return (waiting.reduce(0) { $0.saturatingAdding($1.creditAmount) }, Set(waiting.map(\.purchaseDevice)))
    }

    /// Whether the transaction (or, for a subscription, its original purchase) is on the device.
    public func isDelivered(_ transactionID: String, to buyer: Buyer) -> Bool {
        guard let row = transactions.row(of: transactionID),
              let account = transactions.names.existingNumber(for: buyer.account),
              transactions.accountNumber(ofRow: row) == account,
              let device = transactions.names.existingNumber(for: buyer.device) else { return false }
        if deliveries.contains(Self.deliveryKey(device: device, row: row)) { return true }
        guard let original = transactions.originalRow(ofRow: row), original != row else { return false }
        return deliveries.contains(Self.deliveryKey(device: device, row: original))
    }

    public func hasSpend(id: String) -> Bool { spendIDs.contains(id) }

    /// The account's transactions, oldest first.
    public func transactions(of account: String) -> [TransactionRecord] {
        transactions.records(of: account)
    }

    /// The account's subscriptions, oldest first.
    ///
    /// Two subscriptions can start in the same store second (buy, expire, buy), so the
    /// ledger order of their first transactions breaks the tie: every process and every
    /// read then sees the same order, never a dictionary's.
    public func subscriptionChains(of account: String) -> [SubscriptionChain] {
        subscriptions.values.filter { $0.account == account }.sorted { first, second in
            if first.originalPurchaseDate != second.originalPurchaseDate {
                return first.originalPurchaseDate < second.originalPurchaseDate
            }
            return (transactions.row(of: first.originalID) ?? Int.max, first.originalID)
                < (transactions.row(of: second.originalID) ?? Int.max, second.originalID)
        }
    }

    /// The account's subscription to `productID` that a product id means: the ongoing one if
    /// there is one (an old revoked or expired one never shadows it), else the newest.
    public func subscriptionChain(forProduct productID: String, of account: String) -> SubscriptionChain? {
        let chains = subscriptionChains(of: account).filter { $0.productID == productID || $0.pendingProductID == productID }
        return chains.last { $0.isOngoing && $0.productID == productID }
            ?? chains.last { $0.isOngoing }
            ?? chains.last { $0.productID == productID }
            ?? chains.last
    }

    /// The ongoing subscription of `account` whose period running at `now` is of `productID`
    /// while the subscription is another plan's: renewed ahead into the plan a switch went to,
    /// the plan it was still runs until that period ends, and names it too.
    public func subscriptionChain(runningPlan productID: String, of account: String, at now: Date) -> SubscriptionChain? {
        let history = transactions(of: account)
        return subscriptionChains(of: account).last { Store.runningPlan(of: $0, in: history, at: now)?.productID == productID }
    }

    /// The subscription a transaction belongs to: only one the store issued (bought, or refunded
    /// since). A request declined or closed, a purchase that failed or was cancelled, names the
    /// subscription it would have joined but never belonged to it, so it names none.
    public func chain(containing transactionID: String) -> SubscriptionChain? {
        transactions[transactionID].flatMap { $0.isBought ? subscriptions[$0.originalID] : nil }
    }

    /// The store's time at real time `real`.
    public func storeTime(at real: Date) -> Date { timeline.storeTime(at: real) }
}
