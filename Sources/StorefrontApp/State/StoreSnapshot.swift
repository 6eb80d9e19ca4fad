import Foundation
import StoreEngine
import StoreLedger

/// A value copy of everything the screens show about one buyer, taken from the store.
///
/// The app state holds this instead of the store itself, so `update` and `render` stay pure
/// and tests can build any situation by hand. The runtime captures a fresh one whenever the
/// ledger changes (by this process or another).
public struct StoreSnapshot: Equatable, Sendable {
    /// Whose view of the store this is; a snapshot for another buyer or storefront is stale.
    public var buyer: Buyer
    public var storefront: String
    public var entitlements: Entitlements
    /// The buyer's status for each product, by product id.
    public var statuses: [String: ProductStatus]
    /// The account's transactions, newest first.
    public var transactions: [TransactionRecord]
    /// Accounts and devices that appear in the ledger, for the switcher.
    public var accounts: [String]
    public var devices: [String]
    public var purchasesAllowed: Bool
    /// The forced outcome of the device's next purchase; `.succeed` when none is set.
    public var nextPurchase: PurchaseSimulation
    /// Problems found in the ledger; while there are any, the store is read-only.
    public var ledgerProblems: [LedgerProblem]
    /// An incomplete last line that a commit moved aside.
    public var tornTail: TornTailReport?
    /// What keeps the store, so its problems are told in its words.
    public var medium: StoreMedium = .entitlementsFile
    /// The store-wide test settings (Ask to Buy, billing retry, injected errors, ...).
    public var settings: StoreSettings
    /// The store clock's rate and anchor, so screens can tell store time from real time.
    public var timeline: StoreTimeline
    /// Subscription groups the account has ever subscribed in: no introductory offer there,
    /// and promotional offers only there.
    public var subscribedGroups: Set<String>
    /// Whether a promotional offer needs a signature from the app's server, which the
    /// payment sheet cannot make: the store has an in-app purchase key and the setting is on.
    public var offerSignaturesRequired = false
    /// What renewing each running subscription now would charge, by its latest transaction:
    /// what the renew-now question shows, and the store then charges or refuses.
    public var renewalsNow: [String: RenewalPreview] = [:]
    /// When the refund of a later period revoked each of the account's periods that ran or were
    /// paid ahead then (`LedgerState.revocationByLaterRefund`), by transaction id.
    public var revokedWithSubscription: [String: Date] = [:]
    /// When the subscription ended (an `expire`) before each of the account's periods paid
    /// ahead that it ended began (`LedgerState.neverBegins`), by transaction id.
    public var neverBegins: [String: Date] = [:]
    /// The first store time after this was taken at which what it shows changes with no event
    /// recorded: a pass running out, a period paid ahead beginning (the plan it ran before
    /// ending). The run loop takes a fresh snapshot then; nil when nothing is waiting to change.
    public var nextChangeInTime: Date?
    /// Notifications and a serving server; empty until the runtime reads them.
    public var serverSide = ServerSide()
    /// What the buyer's history holds that the catalog does not name (see `CatalogGaps`).
    public var catalogGaps = CatalogGaps.none
    /// False for a stand-in shown after switching buyer or storefront until the store has been
    /// read for the new one (`unread(for:storefront:)`): the screens then show no balance,
    /// ownership or transaction rather than the previous buyer's.
    public var isRead = true

    /// Whether balances can be shown: the store was read, and some of its events verify
    /// (none verifying would show zeros that are no one's).
    public var balancesKnown: Bool { isRead && !LedgerProblem.leaveNoEvent(ledgerProblems) }
    /// The store's `foldRevision` when this was taken: a view taken earlier on another thread
    /// that arrives later must not replace a newer one.
    public var foldRevision = 0

    public init(buyer: Buyer, storefront: String, entitlements: Entitlements, statuses: [String: ProductStatus],
                transactions: [TransactionRecord] = [], accounts: [String] = [], devices: [String] = [],
                purchasesAllowed: Bool = true, nextPurchase: PurchaseSimulation = .succeed,
                ledgerProblems: [LedgerProblem] = [], tornTail: TornTailReport? = nil,
                settings: StoreSettings = StoreSettings(), timeline: StoreTimeline = .realTime,
                subscribedGroups: Set<String> = []) {
        self.buyer = buyer
        self.storefront = storefront
        self.entitlements = entitlements
        self.statuses = statuses
        self.transactions = transactions
        self.accounts = accounts
        self.devices = devices
        self.purchasesAllowed = purchasesAllowed
        self.nextPurchase = nextPurchase
        self.ledgerProblems = ledgerProblems
        self.tornTail = tornTail
        self.settings = settings
        self.timeline = timeline
        self.subscribedGroups = subscribedGroups
    }

    /// What `store` knows about `buyer` in `storefront`, as last read from the ledger.
    ///
    /// It reads only the store's folded state; catching up with the file is the caller's
    /// business (`Store.refresh`).
    public init(store: Store, buyer: Buyer, storefront: String) {
        // Read first: what is read after it is at least this new.
        let revision = store.foldRevision
        let state = store.snapshot
        let entitlements = store.entitlements(for: buyer)
        var statuses: [String: ProductStatus] = [:]
        statuses.reserveCapacity(store.catalog.products.count)
        for product in store.catalog.products {
            statuses[product.id] = store.status(of: product, in: entitlements, storefront: storefront)
        }
        self.init(buyer: buyer, storefront: storefront, entitlements: entitlements, statuses: statuses,
                  transactions: state.transactions(of: buyer.account).reversed(),
                  accounts: state.accounts, devices: state.devices,
                  purchasesAllowed: state.purchasesAllowed(on: buyer.device),
                  nextPurchase: state.nextPurchaseOutcome(on: buyer.device) ?? .succeed,
                  ledgerProblems: store.ledgerProblems, tornTail: store.tornTail,
                  settings: state.settings, timeline: state.timeline,
                  subscribedGroups: Set(state.subscriptionChains(of: buyer.account).map(\.group)))
        offerSignaturesRequired = state.promotionalOfferSignaturesRequired
        for subscription in entitlements.subscriptions where subscription.state != .expired && subscription.state != .revoked {
            renewalsNow[subscription.transactionID] = store.renewalPreview(of: subscription.transactionID, buyer: buyer)
        }
        for record in transactions {
            revokedWithSubscription[record.id] = state.revocationByLaterRefund(of: record)
            neverBegins[record.id] = state.neverBegins(record)
        }
        nextChangeInTime = Self.nextChangeInTime(of: entitlements, after: store.now())
        catalogGaps = CatalogGaps.of(state, catalog: store.catalog, buyer: buyer)
        foldRevision = revision
        medium = store.medium
    }

    /// The first moment after `now` at which `entitlements`, read again, would say something
    /// else though nothing was recorded: renewals, expiries and grace ends are recorded events,
    /// which the run loop's catch-up follows; these are not.
    static func nextChangeInTime(of entitlements: Entitlements, after now: Date) -> Date? {
        let passesEnding = entitlements.nonRenewing.filter(\.isActive).map(\.expiresDate)
        let periodsBeginning = entitlements.subscriptions.flatMap { [$0.purchaseDate, $0.runningPlan?.expiresDate].compactMap { $0 } }
        return (passesEnding + periodsBeginning).filter { $0 > now }.min()
    }

    /// A stand-in for `buyer` in `storefront` until the store is read for them: this snapshot's
    /// store-wide facts (settings, clock, problems, accounts, the device's settings when the
    /// device stays) and nothing of any buyer's own.
    public func unread(for buyer: Buyer, storefront: String) -> StoreSnapshot {
        let sameDevice = buyer.device == self.buyer.device
        var unread = StoreSnapshot(buyer: buyer, storefront: storefront, entitlements: .none, statuses: [:],
                                   accounts: accounts, devices: devices,
                                   purchasesAllowed: sameDevice ? purchasesAllowed : true,
                                   nextPurchase: sameDevice ? nextPurchase : .succeed,
                                   ledgerProblems: ledgerProblems, tornTail: tornTail, settings: settings, timeline: timeline)
        unread.offerSignaturesRequired = offerSignaturesRequired
        unread.medium = medium
        unread.serverSide.servingAddress = serverSide.servingAddress
        unread.isRead = false
        unread.foldRevision = foldRevision
        return unread
    }

    /// The buyer's balance of `credit`.
    public func balance(of credit: String) -> Int { entitlements.credits[credit] ?? 0 }

    /// The store's time at real time `real`.
    public func storeTime(at real: Date) -> Date { timeline.storeTime(at: real) }

    /// The subscription whose latest transaction is `transactionID`, if it is one.
    public func subscription(latest transactionID: String) -> Entitlements.Subscription? {
        entitlements.subscriptions.first { $0.transactionID == transactionID }
    }

    /// The periods of the subscription `originalID` not over at `now` (purchased, not replaced),
    /// oldest first: the first is the one running, any after it was paid ahead. Told by their
    /// order, not by their start against the screen's clock, which may lag a purchase made
    /// elsewhere that second.
    public func periodsNotOver(ofSubscription originalID: String, at now: Date) -> [TransactionRecord] {
        transactions
            .filter { $0.originalID == originalID && $0.state == .purchased && $0.replacedBy == nil }
            .filter { $0.expiresDate.map { now < $0 } ?? false }
            .sorted { $0.purchaseDate < $1.purchaseDate }
    }

    /// The subscription `record` is a period of, as the keys that change a subscription act on
    /// it (as `storefront expire` takes any of its transaction ids): the one whose latest it is,
    /// else the one still going that it belongs to (a period running while later ones were
    /// paid ahead, one paid ahead before the latest, a plan an upgrade replaced, a period
    /// refunded while later ones keep the subscription going).
    public func subscription(of record: TransactionRecord) -> Entitlements.Subscription? {
        if let latest = subscription(latest: record.id) { return latest }
        guard record.state == .purchased || record.state == .refunded, record.productType == .autoRenewable else { return nil }
        return entitlements.subscriptions.first { $0.originalTransactionID == record.originalID && $0.isOngoing }
    }

    /// Whether refunding `record` would give nothing back and take nothing, as the store decides
    /// (`LedgerState.leavesNothingToRefund`): the upgrade that replaced it gave back all it cost.
    public func leavesNothingToRefund(_ record: TransactionRecord) -> Bool {
        record.leavesNothingToRefund(replacedBy: record.replacedBy.flatMap { id in transactions.first { $0.id == id } })
    }

    /// The status of the product with `id`; `.available` when unknown.
    public func status(of id: String) -> ProductStatus { statuses[id] ?? .available }
}
