import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger
import StoreSigning

/// Every notification one app's events have caused, with their delivery attempts: a fold of
/// the ledger, like the store's own state and beside it.
///
/// It keeps its own `LedgerState` so each event is judged against the state it found, exactly
/// as the store folded it; it is read from the first event (no checkpoint), because the
/// notifications of the events a checkpoint covers are needed too.
///
/// A notification keeps the UUID it was first sent with: its attempts find it by the event that
/// caused it (or, for attempts recorded before they said so, by a UUID one of the store's
/// identities gives), whatever the store's identity is now.
public struct NotificationFold: Sendable {
    public let identity: NotificationIdentity
    /// The catalog the claims at each notification's event are read with.
    private let catalog: Catalog
    /// What named this store's notifications before `identity` did; attempts recorded then find
    /// their notification only by a UUID one of these gives.
    public let formerIdentities: [NotificationIdentity]
    public private(set) var state: LedgerState
    /// Every notification, in the order the events caused them, withdrawn ones left out.
    public var notifications: [StoreNotification] {
        withdrawn.isEmpty ? caused : caused.indices.filter { !withdrawn.contains($0) }.map { caused[$0] }
    }
    /// Every notification events caused, withdrawn ones too.
    private var caused: [StoreNotification] = []
    /// Positions in `caused` of the DID_RENEW notifications of periods paid ahead that a later
    /// event ended before they began (an expire, a revoking refund, their own refund, an
    /// upgrade): sent when the period would begin, they would tell of a renewal that never was.
    private var withdrawn: Set<Int> = []
    /// Positions in `caused` of the DID_RENEW notifications of each subscription (by its
    /// original transaction id) whose period had not begun when an event of it last looked.
    private var renewalsAhead: [String: [Int]] = [:]
    /// The latest store time of the events folded, renewals aside (a renewal paid ahead is
    /// dated when its period begins, after the moment it was recorded).
    private var presentTime = Date.distantPast
    /// Positions in `notifications` by every notificationUUID a notification is known by.
    private var positions: [String: Int] = [:]
    /// Positions in `notifications` by the event that caused them.
    private var causes: [Cause: Int] = [:]
    /// "account NUL group" of every subscription group an account has subscribed to.
    private var subscribedGroups: Set<String> = []
    /// Positions in `caused` of notifications whose claims are not read yet: each is read from
    /// the state just before the first later event at or after its moment, so it includes
    /// everything up to that moment and nothing after (a renewal paid ahead waits for its
    /// period to begin). Until then it has none and says what the store holds when sent, which
    /// is the same, no later event having been recorded.
    private var awaitingClaims: [Int] = []

    public init(catalog: Catalog, identity: NotificationIdentity, formerIdentities: [NotificationIdentity] = []) {
        self.identity = identity
        self.formerIdentities = formerIdentities
        self.catalog = catalog
        var scopes: [String: CreditScope] = [:]
        for credit in catalog.credits { scopes[credit.id] = credit.scope }
        state = LedgerState(app: catalog.bundleID, creditScopes: scopes,
                            initialSettings: catalog.initialSettings?.storeSettings ?? StoreSettings(),
                            initialTimeRate: catalog.initialSettings?.storeTimeRate ?? .realTime)
    }

    /// Folds one ledger event: its notifications, or the delivery attempt it records.
    public mutating func apply(_ event: StoreEvent, sequence: Int) throws(CryptoError) {
        try readClaims(before: event)
        guard event.app == state.app else {
            state.apply(event, sequence: sequence)
            return
        }
        if let outcome = event.deliveryOutcome, let id = event.notificationId {
            if let position = position(ofAttempt: event, sentAs: id) {
                if caused[position].attempts.isEmpty, caused[position].id != id {
                    // A receiver may have it already: retries and listings go on with the UUID it was sent with.
                    caused[position].id = id
                    positions[id] = position
                }
                caused[position].attempts.append(NotificationAttempt(storeTime: event.time, wallTime: event.realTime,
                                                                            outcome: outcome))
            }
            state.apply(event, sequence: sequence)
            return
        }
        let prior = NotificationMapping.Prior(
            chain: event.originalTransactionId.flatMap { state.subscriptions[$0] },
            transaction: event.transactionId.flatMap { state.transactions[$0] },
            hadSubscribedToGroup: false)
        state.apply(event, sequence: sequence)
        let made = NotificationMapping.notifications(for: event, prior: groupHistory(prior, of: event), after: state)
        for (index, notification) in made.enumerated() {
            try append(notification, index: index, of: event, sequence: sequence)
        }
        withdrawRenewalsThatNeverBegin(after: event)
    }

    /// Withdraws the DID_RENEW notifications of the subscription `event` names whose period,
    /// paid ahead, will now never begin: its transaction refunded or replaced by an upgrade
    /// before its start, or the subscription expired or revoked before it. Each is judged by
    /// the dates the state keeps; `presentTime` only drops from the watch those that began.
    private mutating func withdrawRenewalsThatNeverBegin(after event: StoreEvent) {
        if event.kind != .renew { presentTime = max(presentTime, event.time) }
        guard let original = event.originalTransactionId ?? event.transactionId.flatMap({ state.transactions[$0]?.originalID }),
              let positions = renewalsAhead[original] else { return }
        var ahead: [Int] = []
        for position in positions {
            let notification = caused[position]
            guard let record = notification.transactionID.flatMap({ state.transactions[$0] }) else { continue }
            if notification.attempts.isEmpty, neverBegins(record) {
                withdrawn.insert(position)
            } else if notification.time > presentTime {
                ahead.append(position)
            }
        }
        renewalsAhead[original] = ahead.isEmpty ? nil : ahead
    }

    /// Whether the period of `record`, a renewal, ended before it began: refunded or replaced by
    /// an upgrade before its start, or its subscription ended before it.
    private func neverBegins(_ record: TransactionRecord) -> Bool {
        let start = record.purchaseDate
        if let refunded = record.revocationDate, refunded < start { return true }
        if let replacedAt = record.replacedBy.flatMap({ state.transactions[$0]?.purchaseDate }), replacedAt < start { return true }
        return state.endOfSubscription(before: record) != nil
    }

    /// Where the notification a delivery attempt was for is: by its cause when the attempt
    /// names it, else by the UUID it was sent as.
    private func position(ofAttempt event: StoreEvent, sentAs id: String) -> Int? {
        if let sequence = event.notificationSeq, let index = event.notificationIndex {
            return causes[Cause(sequence: sequence, index: index)]
        }
        return positions[id]
    }

    /// `prior` with whether the account had subscribed to the group of the subscription the
    /// event completes, which only the fold keeps track of.
    private func groupHistory(_ prior: NotificationMapping.Prior, of event: StoreEvent) -> NotificationMapping.Prior {
        guard let key = groupKey(of: event) else { return prior }
        var prior = prior
        prior.hadSubscribedToGroup = subscribedGroups.contains(key)
        return prior
    }

    /// The group key of the subscription a purchase-like event completes; nil for others.
    private func groupKey(of event: StoreEvent) -> String? {
        guard event.kind == .purchase || event.kind == .approve || event.kind == .resolve,
              let id = event.transactionId, let made = state.transactions[id], made.productType == .autoRenewable,
              let chain = state.subscriptions[made.originalID] else { return nil }
        return made.account + "\u{0}" + chain.group
    }

    private mutating func append(_ made: NotificationMapping.Caused, index: Int, of event: StoreEvent,
                                 sequence: Int) throws(CryptoError) {
        if made.type == .subscribed || made.type == .offerRedeemed, let key = groupKey(of: event) {
            subscribedGroups.insert(key)
        }
        let transaction = made.transactionID.flatMap { state.transactions[$0] }
        let notification = StoreNotification(
            id: try identity.uuid(sequence: sequence, index: index), sequence: sequence, index: index,
            type: made.type, subtype: made.subtype, time: event.time, account: event.account, device: event.device,
            transactionID: made.transactionID, originalTransactionID: transaction?.originalID,
            productID: transaction?.productID, isDeliverable: state.settings.notificationURL != nil,
            consumptionRequestReason: made.type == .consumptionRequest ? event.reason.flatMap(RefundReason.init(rawValue:)) : nil)
        positions[notification.id] = caused.count
        for former in formerIdentities {
            positions[try former.uuid(sequence: sequence, index: index)] = caused.count
        }
        causes[Cause(sequence: sequence, index: index)] = caused.count
        if notification.type == .didRenew, let original = notification.originalTransactionID {
            renewalsAhead[original, default: []].append(caused.count)
        }
        if notification.transactionID != nil { awaitingClaims.append(caused.count) }
        caused.append(notification)
    }

    /// Reads the claims of the notifications whose moment `event` comes at or after, from the
    /// state before it: an advance counts from where it moves store time to.
    private mutating func readClaims(before event: StoreEvent) throws(CryptoError) {
        guard !awaitingClaims.isEmpty else { return }
        let moment = event.kind == .clock ? max(event.time, event.storeTime ?? event.time) : event.time
        var still: [Int] = []
        for position in awaitingClaims {
            guard caused[position].time <= moment else { still.append(position); continue }
            caused[position].claimsAtEvent = try claims(of: caused[position])
        }
        awaitingClaims = still
    }

    /// What `notification` says of its transaction and subscription, as `state` stands; nil for
    /// a transaction the App Store signs no data for.
    private func claims(of notification: StoreNotification) throws(CryptoError) -> StoreNotification.ClaimsAtEvent? {
        guard let record = notification.transactionID.flatMap({ state.transactions[$0] }), TransactionSigner.issues(record) else { return nil }
        let subscription = Store.subscription(originalID: record.originalID, account: record.account, in: state, at: notification.time,
                                              catalog: catalog)
        return StoreNotification.ClaimsAtEvent(
            transaction: try Store.transactionClaims(record, in: state, catalog: catalog, signedAt: notification.time),
            renewalInfo: try subscription.flatMap { subscription throws(CryptoError) in
                try Store.renewalInfoClaims(subscription, in: state, catalog: catalog, signedAt: notification.time)
            },
            status: subscription.map { NotificationPayload.status($0.state) })
    }

    /// The event that caused a notification, and the notification's place among its notifications.
    private struct Cause: Hashable {
        var sequence: Int
        var index: Int
    }

    /// The notification with notificationUUID `id`.
    public func notification(id: String) -> StoreNotification? {
        positions[id].flatMap { withdrawn.contains($0) ? nil : caused[$0] }
    }

    /// The notifications whose next attempt is due at store time `now`, oldest first.
    public func due(at now: Date) -> [StoreNotification] {
        notifications.filter { DeliverySchedule.nextAttemptDate(of: $0).map { $0 <= now } ?? false }
    }

    /// The notifications `transactionID` caused, or that are about it.
    public func notifications(about transactionID: String) -> [StoreNotification] {
        notifications.filter { $0.transactionID == transactionID }
    }
}
