import Foundation
import StoreCatalog

/// Changes asked of a running subscription: auto-renew off and on, ending it, renewing now,
/// resolving a billing problem; and ending a free subscription.
extension StoreDecisions {
    /// A change asked of an auto-renewable subscription.
    public enum SubscriptionChange: Sendable {
        /// Auto-renew off: the subscription stays until the end of its period.
        case cancelRenewal
        /// Auto-renew back on after `cancelRenewal`.
        case resumeRenewal
        /// The subscription ends now.
        case expire
        /// The renewal due at the end of the current period is charged now.
        case renewNow
        /// A billing problem ends: the subscription renews now and is entitled again.
        case resolveBilling
    }

    /// Decides `change` of the subscription of the buyer's account that `reference` names (a
    /// transaction id anywhere in its history, or a product id): the events and the
    /// subscription as they leave it. An ended subscription is refused (buy it again instead).
    public func change(_ change: SubscriptionChange, of reference: String, buyer: Buyer, in state: LedgerState,
                       at now: Date) throws(StoreRefusal) -> Decision<SubscriptionChain> {
        let chain = try ongoingSubscription(reference, buyer: buyer, in: state, at: now)
        let events: [StoreEvent]
        switch change {
        // Auto-renew switched to what it is already changes nothing, so nothing is recorded
        // (a second cancel added a row to the history that said nothing new).
        case .cancelRenewal:
            // In billing retry there is no access left to run out: with auto-renew off, billing
            // is not tried again, so the subscription ends now (a grace period ends with its
            // access, see `SubscriptionSchedule`).
            let ending = chain.status == .inBillingRetryPeriod ? [expiry(of: chain, reason: .autoRenewDisabled, buyer: buyer, at: now)] : []
            events = chain.willAutoRenew ? [autoRenewEvent(for: chain, on: false, buyer: buyer, at: now)] + ending : []
        case .resumeRenewal:
            events = chain.willAutoRenew ? [] : [autoRenewEvent(for: chain, on: true, buyer: buyer, at: now)]
        case .expire:
            events = [expiry(of: chain, reason: .unknown, buyer: buyer, at: now)]
        case .renewNow:
            // During a billing problem a renewal now resolves it, which renewal turned off rules out.
            if chain.status == .inGracePeriod || chain.status == .inBillingRetryPeriod, !chain.willAutoRenew {
                throw .request(.billingNotRetriedWithAutoRenewOff(chain.productID))
            }
            events = try renewalEvents(for: chain, buyer: buyer, in: state, at: now)
        case .resolveBilling:
            guard chain.status == .inBillingRetryPeriod || chain.status == .inGracePeriod else {
                throw .request(.subscriptionNotInBillingRetry(chain.productID, state: chain.status))
            }
            // The buyer turned renewal off: billing is not tried again, so there is nothing to
            // charge once the payment method works.
            guard chain.willAutoRenew else { throw .request(.billingNotRetriedWithAutoRenewOff(chain.productID)) }
            events = try renewalEvents(for: chain, buyer: buyer, in: state, at: now)
        }
        var after = state
        for (offset, event) in events.enumerated() { after.apply(event, sequence: state.eventCount + offset + 1) }
        return (events, after.subscriptions[chain.originalID] ?? chain)
    }

    /// The event that ends `chain` now, for `reason`.
    private func expiry(of chain: SubscriptionChain, reason: SubscriptionChain.ExpirationReason, buyer: Buyer,
                        at now: Date) -> StoreEvent {
        var ending = event(.expire, for: buyer, at: now)
        ending.originalTransactionId = chain.originalID
        ending.reason = reason.rawValue
        return ending
    }

    /// Decides ending the buyer's free subscription `subscription` now (free subscriptions
    /// have no renewal to cancel); the result says whether it changed anything. One that has
    /// ended already is left as it is, as turning auto-renew off twice is: an unsubscribe
    /// repeated, or made elsewhere while the buyer was asked, has what it asked for.
    public func unsubscribe(_ subscription: TransactionRecord, buyer: Buyer, in state: LedgerState,
                            at now: Date) throws(StoreRefusal) -> Decision<Bool> {
        guard let record = state.transactions[subscription.id], record.productType == .freeSubscription,
              record.account == buyer.account, record.state == .purchased || record.state == .refunded else {
            throw .request(.unknownSubscription(subscription.productID, account: buyer.account))
        }
        guard record.isInForce else { return ([], false) }
        var ending = event(.expire, for: buyer, at: now)
        ending.transactionId = record.id
        ending.productId = record.productID
        return ([ending], true)
    }

    /// The ongoing subscription `reference` names in the buyer's account.
    private func ongoingSubscription(_ reference: String, buyer: Buyer,
                                     in state: LedgerState, at now: Date) throws(StoreRefusal) -> SubscriptionChain {
        let byProduct = state.subscriptionChain(forProduct: reference, of: buyer.account)
        let chain = state.chain(containing: reference).flatMap { $0.account == buyer.account ? $0 : nil }
            // The plan still running, renewed ahead into another, before any that has ended.
            ?? (byProduct?.isOngoing == true ? byProduct : nil)
            ?? state.subscriptionChain(runningPlan: reference, of: buyer.account, at: now)
            ?? byProduct
            // The plan a scheduled change switches to names the subscription too.
            ?? state.subscriptions.values.first { $0.account == buyer.account && $0.isOngoing && $0.pendingProductID == reference }
        guard let chain else {
            // A free subscription is a subscription too: say why it has nothing to change, or
            // that it ended.
            let free = state.transactions.records(of: buyer.account).filter {
                $0.productType == .freeSubscription && ($0.id == reference || $0.productID == reference)
            }
            if let current = free.first(where: \.isInForce) { throw .request(.freeSubscriptionNotRenewing(current.productID)) }
            if let ended = free.first { throw .request(.subscriptionEnded(ended.productID, state: .expired)) }
            // Another account's transaction: say whose, as a refund does.
            // (A free subscription has nothing to change, whoever asks: no advice to switch.)
            if let other = state.transactions[reference], other.account != buyer.account, other.productType == .autoRenewable, other.isBought {
                throw .request(.subscriptionOfAnotherAccount(reference, owner: other.account, account: buyer.account))
            }
            // Another plan of the group the account's subscription is in (one it switched away
            // from, say): the plan it is on now is named.
            if let group = catalog.product(id: reference)?.subscription?.group,
               let now = state.subscriptions.values.first(where: { $0.account == buyer.account && $0.isOngoing && $0.group == group }) {
                throw .request(.subscriptionOnAnotherPlan(reference, current: now.productID, account: buyer.account))
            }
            throw .request(.unknownSubscription(reference, account: buyer.account))
        }
        guard chain.isOngoing else {
            let newer = state.subscriptions.values.first { $0.account == buyer.account && $0.isOngoing && $0.group == chain.group }
            throw .request(.subscriptionEnded(chain.productID, state: chain.status, continuedBy: newer?.latestTransactionID))
        }
        return chain
    }

    /// The renewal that pays for the period after the current one, charged now. Repeating it
    /// pays for the periods after that, never for one stretch of time twice.
    private func renewalEvents(for chain: SubscriptionChain, buyer: Buyer, in state: LedgerState,
                               at now: Date) throws(StoreRefusal) -> [StoreEvent] {
        let storefront = state.transactions[chain.latestTransactionID]?.storefront ?? catalog.storefronts.first?.code ?? "USA"
        // A scheduled switch waits on auto-renew: while it is off, the period paid for now is
        // the current plan's, and the switch stays scheduled for when renewal is turned on.
        let renewingInto = chain.willAutoRenew ? chain.pendingProductID ?? chain.productID : chain.productID
        guard let product = catalog.product(id: renewingInto) else {
            throw .request(.planNotInCatalog(productID: renewingInto))
        }
        let schedule = SubscriptionSchedule(catalog: catalog)
        let transactionID = nextTransactionID(in: state)
        let start: Date
        let key: String
        switch chain.status {
        case .subscribed, .inGracePeriod:
            // The period paid for starts where the current one ends (in a grace period, where
            // the failed renewal would have started it), and it carries the same renewal key as
            // the renewal that would fall due there, so that stretch is charged once.
            start = chain.expiresDate
            // A period that would begin where store time has stopped could never begin.
            guard start < Store.latestStoreTime else {
                throw .request(.periodBeginsAfterStoreTimeStops(renewingInto, start: start, latest: Store.latestStoreTime))
            }
            key = chain.status == .subscribed ? schedule.renewalKey(of: chain, in: state)
                                              : "\(schedule.renewalKey(of: chain, in: state))#\(transactionID)"
        case .inBillingRetryPeriod, .expired, .revoked:
            // Access had lapsed: the paid period starts now, the way a recovered subscription
            // gets a new renewal date.
            start = now
            key = "\(chain.originalID)@\(Int(now.timeIntervalSince1970))#\(transactionID)"
        }
        return [schedule.renewal(of: chain, into: product, storefront: storefront, at: start, key: key,
                                 transactionID: transactionID) { kind, time in
            var renewal = event(kind, for: buyer, at: time)
            renewal.originalTransactionId = chain.originalID
            return renewal
        }]
    }
}
