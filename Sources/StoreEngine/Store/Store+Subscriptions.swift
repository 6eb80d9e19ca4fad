import Foundation
import StoreCatalog

extension Store {
    // MARK: Operations on a subscription

    /// Ends a free subscription now (free subscriptions have no renewal to cancel).
    public func unsubscribe(_ subscription: TransactionRecord, buyer: Buyer) throws {
        try commit { state, now in
            guard let record = state.transactions[subscription.id], record.productType == .freeSubscription,
                  record.account == buyer.account, record.isInForce else {
                throw StoreError.unknownSubscription(subscription.productID, account: buyer.account)
            }
            var change = event(.expire, for: buyer, at: now)
            change.transactionId = record.id
            change.productId = record.productID
            return ([change], ())
        }
    }

    /// The subscription of the buyer's account that `reference` names: a transaction id (any
    /// in the subscription's history) or a product id.
    public func subscription(_ reference: String, for account: String) -> SubscriptionChain? {
        let state = snapshot
        if let chain = state.chain(containing: reference), chain.account == account { return chain }
        return state.subscriptionChain(forProduct: reference, of: account)
    }

    /// Switches auto-renew off: the subscription stays until the end of its period.
    public func cancelRenewal(_ reference: String, buyer: Buyer) throws -> SubscriptionChain {
        try changeSubscription(reference, buyer: buyer) { chain, _, now in
            [decisions.autoRenewEvent(for: chain, on: false, buyer: buyer, at: now)]
        }
    }

    /// Switches auto-renew back on after `cancelRenewal`: the subscription renews at the end
    /// of its period again. Refused once it has ended (buy it again instead).
    public func resumeRenewal(_ reference: String, buyer: Buyer) throws -> SubscriptionChain {
        try changeSubscription(reference, buyer: buyer) { chain, _, now in
            [decisions.autoRenewEvent(for: chain, on: true, buyer: buyer, at: now)]
        }
    }

    /// Ends the subscription now.
    public func expire(_ reference: String, buyer: Buyer) throws -> SubscriptionChain {
        try changeSubscription(reference, buyer: buyer) { chain, state, now in
            var change = self.event(.expire, for: buyer, at: now)
            change.originalTransactionId = chain.originalID
            change.reason = SubscriptionChain.ExpirationReason.unknown.rawValue
            return [change]
        }
    }

    /// Renews the subscription now: the renewal due at the end of the current period is
    /// charged now, and the period it pays for follows the current one. Repeating it pays
    /// for the periods after that, never for one stretch of time twice; an ended
    /// subscription is refused (buying it again starts a new one).
    public func renew(_ reference: String, buyer: Buyer) throws -> SubscriptionChain {
        try changeSubscription(reference, buyer: buyer) { chain, state, now in
            try self.renewalEvents(for: chain, buyer: buyer, at: now, state: state)
        }
    }

    /// Ends a billing problem: the subscription renews now and is entitled again.
    public func resolveBilling(_ reference: String, buyer: Buyer) throws -> SubscriptionChain {
        try changeSubscription(reference, buyer: buyer) { chain, state, now in
            guard chain.status == .inBillingRetryPeriod || chain.status == .inGracePeriod else {
                throw StoreError.subscriptionNotInBillingRetry(chain.productID, state: chain.status)
            }
            return try self.renewalEvents(for: chain, buyer: buyer, at: now, state: state)
        }
    }

    private func renewalEvents(for chain: SubscriptionChain, buyer: Buyer, at now: Date, state: LedgerState) throws -> [StoreEvent] {
        let storefront = state.transactions[chain.latestTransactionID]?.storefront ?? catalog.storefronts.first?.code ?? "USA"
        guard let product = catalog.product(id: chain.pendingProductID ?? chain.productID) else {
            throw StoreError.unknownTransaction(chain.productID)
        }
        let schedule = SubscriptionSchedule(catalog: catalog)
        let transactionID = decisions.nextTransactionID(in: state)
        let start: Date
        let key: String
        switch chain.status {
        case .subscribed, .inGracePeriod:
            // The period paid for starts where the current one ends (in a grace period, where
            // the failed renewal would have started it), and it carries the same renewal key as
            // the renewal that would fall due there, so that stretch is charged once.
            start = chain.expiresDate
            key = chain.status == .subscribed ? schedule.renewalKey(of: chain)
                                              : "\(schedule.renewalKey(of: chain))#\(transactionID)"
        case .inBillingRetryPeriod, .expired, .revoked:
            // Access had lapsed: the paid period starts now, the way a recovered subscription
            // gets a new renewal date.
            start = now
            key = "\(chain.originalID)@\(Int(now.timeIntervalSince1970))#\(transactionID)"
        }
        return [schedule.renewal(of: chain, into: product, storefront: storefront, at: start, key: key,
                                 transactionID: transactionID) { kind, time in
            var event = self.event(kind, for: buyer, at: time)
            event.originalTransactionId = chain.originalID
            return event
        }]
    }

    /// Finds the subscription, checks it can change, and commits the events `change` returns.
    private func changeSubscription(_ reference: String, buyer: Buyer, allowExpired: Bool = false,
                                    _ change: (SubscriptionChain, LedgerState, Date) throws -> [StoreEvent]) throws -> SubscriptionChain {
        try commit { state, now in
            let chain = state.chain(containing: reference).flatMap { $0.account == buyer.account ? $0 : nil }
                ?? state.subscriptionChain(forProduct: reference, of: buyer.account)
            guard let chain else {
                // A free subscription is a subscription too: say why it has nothing to change.
                if let free = state.transactions.records(of: buyer.account).first(where: {
                    $0.productType == .freeSubscription && $0.isInForce
                        && ($0.id == reference || $0.productID == reference)
                }) {
                    throw StoreError.freeSubscriptionNotRenewing(free.productID)
                }
                throw StoreError.unknownSubscription(reference, account: buyer.account)
            }
            guard allowExpired || chain.isOngoing else {
                throw StoreError.subscriptionEnded(chain.productID, state: chain.status)
            }
            var preview = state
            let events = try change(chain, state, now)
            for (offset, event) in events.enumerated() { preview.apply(event, sequence: state.eventCount + offset + 1) }
            return (events, preview.subscriptions[chain.originalID] ?? chain)
        }
    }
}
