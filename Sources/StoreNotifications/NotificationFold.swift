import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger

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
    /// What named this store's notifications before `identity` did; attempts recorded then find
    /// their notification only by a UUID one of these gives.
    public let formerIdentities: [NotificationIdentity]
    public private(set) var state: LedgerState
    /// Every notification, in the order the events caused them.
    public private(set) var notifications: [StoreNotification] = []
    /// Positions in `notifications` by every notificationUUID a notification is known by.
    private var positions: [String: Int] = [:]
    /// Positions in `notifications` by the event that caused them.
    private var causes: [Cause: Int] = [:]
    /// "account NUL group" of every subscription group an account has subscribed to.
    private var subscribedGroups: Set<String> = []

    public init(catalog: Catalog, identity: NotificationIdentity, formerIdentities: [NotificationIdentity] = []) {
        self.identity = identity
        self.formerIdentities = formerIdentities
        var scopes: [String: CreditScope] = [:]
        for credit in catalog.credits { scopes[credit.id] = credit.scope }
        state = LedgerState(app: catalog.bundleID, creditScopes: scopes,
                            initialSettings: catalog.initialSettings?.storeSettings ?? StoreSettings(),
                            initialTimeRate: catalog.initialSettings?.storeTimeRate ?? .realTime)
    }

    /// Folds one ledger event: its notifications, or the delivery attempt it records.
    public mutating func apply(_ event: StoreEvent, sequence: Int) throws(CryptoError) {
        guard event.app == state.app else {
            state.apply(event, sequence: sequence)
            return
        }
        if let outcome = event.deliveryOutcome, let id = event.notificationId {
            if let position = position(ofAttempt: event, sentAs: id) {
                if notifications[position].attempts.isEmpty, notifications[position].id != id {
                    // A receiver may have it already: retries and listings go on with the UUID it was sent with.
                    notifications[position].id = id
                    positions[id] = position
                }
                notifications[position].attempts.append(NotificationAttempt(storeTime: event.time, wallTime: event.realTime,
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
        let caused = NotificationMapping.notifications(for: event, prior: groupHistory(prior, of: event), after: state)
        for (index, notification) in caused.enumerated() {
            try append(notification, index: index, of: event, sequence: sequence)
        }
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

    private mutating func append(_ caused: NotificationMapping.Caused, index: Int, of event: StoreEvent,
                                 sequence: Int) throws(CryptoError) {
        if caused.type == .subscribed || caused.type == .offerRedeemed, let key = groupKey(of: event) {
            subscribedGroups.insert(key)
        }
        let transaction = caused.transactionID.flatMap { state.transactions[$0] }
        let notification = StoreNotification(
            id: try identity.uuid(sequence: sequence, index: index), sequence: sequence, index: index,
            type: caused.type, subtype: caused.subtype, time: event.time, account: event.account, device: event.device,
            transactionID: caused.transactionID, originalTransactionID: transaction?.originalID,
            productID: transaction?.productID, isDeliverable: state.settings.notificationURL != nil)
        positions[notification.id] = notifications.count
        for former in formerIdentities {
            positions[try former.uuid(sequence: sequence, index: index)] = notifications.count
        }
        causes[Cause(sequence: sequence, index: index)] = notifications.count
        notifications.append(notification)
    }

    /// The event that caused a notification, and the notification's place among its notifications.
    private struct Cause: Hashable {
        var sequence: Int
        var index: Int
    }

    /// The notification with notificationUUID `id`.
    public func notification(id: String) -> StoreNotification? {
        positions[id].map { notifications[$0] }
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
