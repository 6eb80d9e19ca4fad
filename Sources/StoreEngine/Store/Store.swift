import Foundation
import StoreCatalog
import StoreLedger

/// The store engine: products, purchases, restore, spending, refunds and entitlements.
///
/// The CLI and the TUI both drive this one API. Every change is committed through the event
/// log under its lock, after catching up with what other processes wrote and checking the
/// request against that fresh state; the in-memory state is a fold of the log.
public final class Store: @unchecked Sendable {
    public let catalog: Catalog
    /// The decisions this store commits, over its catalog.
    let decisions: StoreDecisions
    let log: StoreEventLog
    let clock: StoreClock
    let lock = NSLock()
    var state: LedgerState
    /// Counts the changes to `state` (see `foldRevision`).
    private var changesFolded = 0
    /// Entries at the front of the next batch that were applied already: others' events that a
    /// failed commit folded in while deciding, which the log delivers again.
    private var redeliveredCount = 0
    /// No subscription has anything due before this store time; nil when not known. Worked
    /// out from every subscription when a look finds nothing due, and forgotten when an event
    /// may change a subscription, so most commits need not look at any subscription.
    private var subscriptionsQuietUntil: Date?
    let creditScopes: [String: CreditScope]
    let initialSettings: StoreSettings
    /// The catalog's time rate (a .storekit file's `_timeRate`), in force from the first read.
    let initialTimeRate: TimeRate

    /// Events folded on opening beyond which the fold is saved as a checkpoint, so the next
    /// opening starts from there.
    public static let defaultCheckpointInterval = 10_000

    /// Opens the store for `catalog` over `log`, reading everything already recorded.
    ///
    /// Opening starts from the log's checkpoint for this app when there is a usable one, and
    /// saves a new one when it had to fold at least `checkpointInterval` events.
    public init(catalog: Catalog, log: StoreEventLog, clock: StoreClock = SystemClock(),
                checkpointInterval: Int = Store.defaultCheckpointInterval) throws {
        self.catalog = catalog
        decisions = StoreDecisions(catalog: catalog)
        self.log = log
        self.clock = clock
        var scopes: [String: CreditScope] = [:]
        for credit in catalog.credits { scopes[credit.id] = credit.scope }
        creditScopes = scopes
        initialSettings = catalog.initialSettings?.storeSettings ?? StoreSettings()
        initialTimeRate = catalog.initialSettings?.storeTimeRate ?? .realTime
        state = LedgerState(app: catalog.bundleID, creditScopes: scopes, initialSettings: initialSettings,
                            initialTimeRate: initialTimeRate)
        if let checkpoint = log.loadCheckpoint(named: catalog.bundleID),
           let resumed = try? LedgerState(checkpointPayload: checkpoint.payload, app: catalog.bundleID,
                                          creditScopes: scopes, initialSettings: initialSettings,
                                          initialTimeRate: initialTimeRate) {
            state = resumed
            log.resume(from: checkpoint)
        }
        let folded = try refreshCounting()
        if folded >= checkpointInterval, ledgerProblems.isEmpty {
            log.saveCheckpoint(named: catalog.bundleID,
                               payload: state.checkpointPayload(initialSettings: initialSettings, initialTimeRate: initialTimeRate))
        }
    }

    /// Reads what other processes appended; true when anything new arrived, or when the
    /// ledger's problems changed (damage found, or a damaged ledger mended) even though no
    /// event did, so a follower redraws its banner.
    @discardableResult
    public func refresh() throws -> Bool {
        let problemsBefore = ledgerProblems
        return try refreshCounting() > 0 || ledgerProblems != problemsBefore
    }

    /// `refresh`, telling how many events it folded (or 1 for a restarted log with none).
    private func refreshCounting() throws -> Int {
        lock.lock(); defer { lock.unlock() }
        var folded = 0
        var restarted = false
        var batch: EventBatch
        // A long log comes in parts, each folded and let go before the next is read.
        repeat {
            batch = try log.readNew()
            apply(batch)
            if batch.restarted {
                folded = 0
                restarted = true
            }
            folded += batch.entries.count
        } while batch.isPartial
        return restarted ? max(folded, 1) : folded
    }

    /// Grows with every change to the folded state, a read that starts over included, so of
    /// two views of the store taken on different threads the one with the higher revision is
    /// the newer (the number of events cannot tell: a replaced ledger may hold fewer).
    public var foldRevision: Int {
        lock.lock(); defer { lock.unlock() }
        return changesFolded
    }

    /// Cheaply tells whether `refresh` may find something new (for polling).
    public func hasExternalChanges() -> Bool { log.hasChanged() }

    /// The log's descriptor that turns readable when others commit (see `StoreEventLog.changeSignal`).
    public var changeSignal: Int32? { log.changeSignal }

    /// How long a wait on `changeSignal` may last before asking `hasExternalChanges` anyway
    /// (see `StoreEventLog.quietRecheckInterval`).
    public var quietRecheckInterval: TimeInterval? { log.quietRecheckInterval }

    /// Problems found in the ledger; while there are any, every change is refused.
    public var ledgerProblems: [LedgerProblem] { log.problems }

    /// An incomplete last line that a commit moved aside, to tell the user about.
    public var tornTail: TornTailReport? { log.tornTail }

    /// Returns once every event this store has read is durable (see `StoreEventLog.makeReadEventsDurable`).
    public func makeReadEventsDurable() throws { try log.makeReadEventsDurable() }

    /// What keeps the store's events, so its problems are told in its words.
    public var medium: StoreMedium { log.medium }

    private func apply(_ batch: EventBatch) {
        // Nothing delivered: events still owed again (`redeliveredCount`) are still to come.
        guard batch.restarted || !batch.entries.isEmpty else { return }
        var entries = batch.entries[...]
        if batch.restarted {
            state = LedgerState(app: state.app, creditScopes: creditScopes, initialSettings: initialSettings,
                                initialTimeRate: initialTimeRate)
            subscriptionsQuietUntil = nil
        } else {
            entries = entries.dropFirst(redeliveredCount)
        }
        redeliveredCount = 0
        if batch.restarted || !entries.isEmpty { changesFolded += 1 }
        for entry in entries {
            state.apply(entry.event, sequence: entry.sequence)
            if Self.mayChangeSubscriptions(entry.event) { subscriptionsQuietUntil = nil }
        }
    }

    /// Whether `event` may start, change or end a subscription; only kinds known not to are
    /// excluded, so a new kind of event is assumed to.
    private static func mayChangeSubscriptions(_ event: StoreEvent) -> Bool {
        switch event.kind {
        case .spend, .setting, .restore, .resetDevice, .failureConsumed, .finish, .purchaseFailed, .decline, .clock,
             .inAppPurchaseKey, .inAppPurchaseKeyRevoked, .consumptionInfo, .testNotification, .notificationAttempt:
            false
        case .purchase:
            event.productType == .autoRenewable || event.productType == nil
        default:
            true
        }
    }

    /// The renewals, expiries and grace ends due at store time `now`; call under `lock`.
    private func dueEvents(at now: Date) -> [StoreEvent] {
        if let quiet = subscriptionsQuietUntil, now < quiet { return [] }
        let due = SubscriptionSchedule(catalog: catalog).dueEvents(in: state, at: now)
        if due.isEmpty { subscriptionsQuietUntil = SubscriptionSchedule(catalog: catalog).earliestDueDate(in: state) ?? .distantFuture }
        return due
    }

    /// A consistent copy of the folded state.
    public var snapshot: LedgerState {
        lock.lock(); defer { lock.unlock() }
        return state
    }

    /// The store's time: real time, sped up or advanced as the ledger's clock settings say.
    public func now() -> Date {
        snapshot.storeTime(at: clock.now())
    }

    /// Commits the events `decide` returns after catching up; `decide` sees the fresh state
    /// with every renewal, expiry and grace end that fell due already applied, and the store
    /// time. Those due events are committed under the same lock, so they are recorded exactly
    /// once however many processes watch the ledger.
    func commit<Result>(_ decide: (LedgerState, Date) throws -> (events: [StoreEvent], result: Result)) throws -> Result {
        try commitCountingDue(decide).result
    }

    /// `commit`, also telling how many due subscription events this commit recorded. Unless
    /// `waitingForLock`, it gives up with `StoreWriterLockHeld` while another session holds the
    /// log's writer lock (see `StoreEventLog.commitUnlessLockHeld`).
    private func commitCountingDue<Result>(
        waitingForLock: Bool = true, _ decide: (LedgerState, Date) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, due: Int) {
        lock.lock(); defer { lock.unlock() }
        // Due events are first recorded in a write of their own and then folded in place, so
        // the decision that follows needs no copy of the state. Only what falls due between
        // the two writes goes on a copy, together with the decision.
        var recorded = 0
        var recordDueSeparately = true
        while true {
            switch try commitStep(decide, recordDueSeparately: recordDueSeparately, waitingForLock: waitingForLock) {
            case let .decided(result, due):
                return (result, recorded + due)
            case let .recordedDue(count):
                recorded += count
                recordDueSeparately = false
            }
        }
    }

    /// What one write under the ledger lock did.
    private enum CommitStep<Result> {
        /// Only the subscription events that had fallen due were recorded.
        case recordedDue(count: Int)
        /// The decision was made and its events recorded, after `due` due events.
        case decided(Result, due: Int)
    }

    private func commitStep<Result>(
        _ decide: (LedgerState, Date) throws -> (events: [StoreEvent], result: Result), recordDueSeparately: Bool,
        waitingForLock: Bool
    ) throws -> CommitStep<Result> {
        // The others' events are recorded facts whatever becomes of this commit, so they are
        // folded into the state at once: deciding on a copy would copy the whole state on
        // every commit that follows another process's. The log delivers them again when the
        // commit fails, and `apply` then skips them.
        var caughtUp: Int?
        let outcome: (result: CommitStep<Result>, batch: EventBatch)
        do {
            func decideOnFresh(_ fresh: EventBatch) throws -> (events: [StoreEvent], result: CommitStep<Result>) {
                apply(fresh)
                caughtUp = fresh.entries.count
                let now = state.storeTime(at: clock.now())
                let due = dueEvents(at: now)
                if recordDueSeparately, !due.isEmpty { return (due, .recordedDue(count: due.count)) }
                var decidedOn = state
                for (offset, event) in due.enumerated() { decidedOn.apply(event, sequence: decidedOn.eventCount + offset + 1) }
                let (events, result) = try decide(decidedOn, now)
                return (due + events, .decided(result, due: due.count))
            }
            outcome = waitingForLock ? try log.commit(decideOnFresh) : try log.commitUnlessLockHeld(decideOnFresh)
        } catch {
            // A commit that failed before deciding read nothing new into the state.
            if let caughtUp { redeliveredCount = caughtUp }
            throw error
        }
        apply(EventBatch(entries: Array(outcome.batch.entries.dropFirst(caughtUp ?? 0))))
        return outcome.result
    }

    /// The state with every renewal, expiry and grace end that has fallen due applied, as the
    /// next commit will record them, and the store time; for read-only views.
    func projectedState() -> (state: LedgerState, now: Date) {
        lock.lock()
        var state = self.state
        let now = state.storeTime(at: clock.now())
        let due = dueEvents(at: now)
        lock.unlock()
        for (offset, event) in due.enumerated() { state.apply(event, sequence: state.eventCount + offset + 1) }
        return (state, now)
    }

    /// Whether a renewal, expiry or grace end has fallen due that the next commit records; a
    /// reader that finds none need not take the writer lock to catch up.
    public var hasDueEvents: Bool {
        lock.lock(); defer { lock.unlock() }
        return !dueEvents(at: state.storeTime(at: clock.now())).isEmpty
    }

    /// Records every renewal, expiry and grace end that has fallen due; true when any did.
    /// Unless `waitingForLock`, it gives up with `StoreWriterLockHeld` while another session
    /// holds the writer lock, for a caller that tries again soon anyway (a storefront's timer).
    @discardableResult
    public func catchUp(waitingForLock: Bool = true) throws -> Bool {
        try commitCountingDue(waitingForLock: waitingForLock) { _, _ in ([], ()) }.due > 0
    }

    func event(_ kind: StoreEvent.Kind, for buyer: Buyer, at time: Date) -> StoreEvent {
        decisions.event(kind, for: buyer, at: time)
    }

    // MARK: Products

    /// Looks products up as StoreKit does: the ones found, and the identifiers that are unknown
    /// or not sold in `storefront`.
    func products(ids: [String], storefront: String) -> (products: [Product], invalidIdentifiers: [String]) {
        var found: [Product] = []
        var invalid: [String] = []
        for id in ids {
            if let product = catalog.product(id: id), product.price(in: storefront) != nil {
                found.append(product)
            } else {
                invalid.append(id)
            }
        }
        return (found, invalid)
    }

    // MARK: Settings

    /// Whether this device may make purchases ("purchases allowed", like parental restrictions).
    func canMakePayments(on device: String) -> Bool { snapshot.purchasesAllowed(on: device) }

    /// Records a setting (of the buyer's device, or store-wide); every process sees it.
    public func set(_ setting: StoreSetting, to value: String, for buyer: Buyer) throws {
        let change: SettingChange
        do {
            change = try SettingChange(setting: setting.rawValue, value: value)
            if setting == .notificationURL, value != NotificationURL.noneText { try NotificationURL.checkSendable(value) }
        } catch {
            // A URL has no list of values to offer: say what is wrong with this one instead.
            if setting == .notificationURL { throw StoreError.invalidNotificationURL(value, reason: error.reason) }
            throw StoreError.invalidSettingValue(setting: setting.rawValue, value: value, allowed: setting.acceptedValues)
        }
        try record(change, buyer: buyer)
    }

    /// Makes `operation` fail with `failure` (once or until cleared), or clears it with nil.
    public func inject(_ failure: InjectedFailure?, into operation: StoreOperation, buyer: Buyer) throws {
        try record(.failure(operation, failure), buyer: buyer)
    }

    private func record(_ setting: SettingChange, buyer: Buyer) throws {
        try commit { _, now in
            var change = event(.setting, for: buyer, at: now)
            change.record(setting)
            return ([change], ())
        }
    }

    /// Forgets a device's deliveries and device-scoped credits, as a reinstall would.
    public func resetDevice(_ buyer: Buyer) throws {
        try commit { _, now in ([event(.resetDevice, for: buyer, at: now)], ()) }
    }

    // MARK: History

    /// The account's transactions, newest first.
    public func transactions(for account: String) -> [TransactionRecord] {
        snapshot.transactions(of: account).reversed()
    }

    /// Accounts and devices that appear in the ledger for this app.
    public var knownAccounts: [String] { snapshot.accounts }
    public var knownDevices: [String] { snapshot.devices }
}
