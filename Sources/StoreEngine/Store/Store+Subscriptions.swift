import Foundation

extension Store {
    // MARK: Operations on a subscription

    /// Ends a free subscription now (free subscriptions have no renewal to cancel); false when
    /// it had ended already (unsubscribed elsewhere, refunded), which changes nothing.
    @discardableResult
    public func unsubscribe(_ subscription: TransactionRecord, buyer: Buyer) throws -> Bool {
        try commitRequest { state, now throws(StoreRefusal) in try decisions.unsubscribe(subscription, buyer: buyer, in: state, at: now) }
    }

    /// The subscription of the buyer's account that `reference` names: a transaction id (any
    /// in the subscription's history) or a product id.
    public func subscription(_ reference: String, for account: String) -> SubscriptionChain? {
        let (state, now) = projectedState()
        if let chain = state.chain(containing: reference), chain.account == account { return chain }
        let byProduct = state.subscriptionChain(forProduct: reference, of: account)
        if byProduct?.isOngoing == true { return byProduct }
        return state.subscriptionChain(runningPlan: reference, of: account, at: now) ?? byProduct
    }

    /// Switches auto-renew off: the subscription stays until the end of its period.
    public func cancelRenewal(_ reference: String, buyer: Buyer) throws -> SubscriptionChain {
        try setAutoRenew(false, of: reference, buyer: buyer).subscription
    }

    /// Switches auto-renew back on after `cancelRenewal`: the subscription renews at the end
    /// of its period again. Refused once it has ended (buy it again instead).
    public func resumeRenewal(_ reference: String, buyer: Buyer) throws -> SubscriptionChain {
        try setAutoRenew(true, of: reference, buyer: buyer).subscription
    }

    /// A switch of auto-renew, and whether it changed anything.
    public struct AutoRenewSwitch: Sendable {
        public let subscription: SubscriptionChain
        /// False when auto-renew already was as asked: nothing was recorded.
        public let changed: Bool
    }

    /// Switches auto-renew on or off, saying whether it was already so; decided on the fresh
    /// state under the lock, since another process may have switched it meanwhile.
    /// With `latestShown`, as `expire`'s: a subscription renewed or upgraded since is refused.
    public func setAutoRenew(_ on: Bool, of reference: String, buyer: Buyer, latestShown: String? = nil) throws -> AutoRenewSwitch {
        try commitRequest { state, now throws(StoreRefusal) in
            try Self.refuseRenewedPast(latestShown, in: state)
            let (events, chain) = try decisions.change(on ? .resumeRenewal : .cancelRenewal, of: reference, buyer: buyer,
                                                       in: state, at: now)
            return (events, AutoRenewSwitch(subscription: chain, changed: !events.isEmpty))
        }
    }

    /// Ends the subscription now. With `latestShown` (the latest transaction a question showed
    /// it at), a subscription that has renewed since, decided on the fresh state, is refused and
    /// nothing is recorded: ending it would end a period the buyer was not shown.
    public func expire(_ reference: String, buyer: Buyer, latestShown: String? = nil) throws -> SubscriptionChain {
        try expireDroppingSwitch(reference, buyer: buyer, latestShown: latestShown).chain
    }

    /// `expire`, also returning the plan a switch scheduled for the renewal would have gone to
    /// (nil when none was): an ended subscription renews into nothing, so the switch goes with it.
    /// With `switchShown` (the switch a question said goes with it, `.some(nil)` for none), one
    /// scheduled otherwise now is refused as `switchChangedSinceShown`, and nothing is recorded.
    public func expireDroppingSwitch(_ reference: String, buyer: Buyer, latestShown: String? = nil,
                                     switchShown: String?? = nil) throws -> (chain: SubscriptionChain, droppedSwitchTo: String?) {
        try commitRequest { state, now throws(StoreRefusal) in
            let decision = try decisions.change(.expire, of: reference, buyer: buyer, in: state, at: now)
            try Self.refuseRenewedPast(latestShown, in: state)
            let before = state.subscriptions[decision.result.originalID]
            let dropped = decision.events.isEmpty || before?.isOngoing != true ? nil : before?.pendingProductID
            if case .some(let shown) = switchShown, let before, shown != dropped {
                throw .request(.switchChangedSinceShown(before.productID, shown: shown, now: dropped))
            }
            return (decision.events, (decision.result, dropped))
        }
    }

    /// The periods of `chain` paid ahead (renew now) that an expire ended before they began
    /// and that were not refunded, oldest first: nothing gives their money back by itself.
    public func periodsPaidAheadNeverBegun(of chain: SubscriptionChain) -> [TransactionRecord] {
        snapshot.transactions(of: chain.account)
            // A period an upgrade replaced came back whole then.
            .filter { $0.originalID == chain.originalID && $0.state == .purchased && ($0.price ?? 0) > 0 && $0.replacedBy == nil
                && chain.neverBegan($0) }
            .sorted { $0.purchaseDate < $1.purchaseDate }
    }

    /// Renews the subscription now: the renewal due at the end of the current period is
    /// charged now, and the period it pays for follows the current one. Repeating it pays
    /// for the periods after that, never for one stretch of time twice; an ended
    /// subscription is refused (buying it again starts a new one).
    ///
    /// With `asShown` (what a question showed the buyer, from `renewalPreview`), a renewal that
    /// would be anything else, decided on the fresh state (another plan, price or period, or
    /// auto-renew switched: the plan or its offer changed, or it renewed meanwhile), is refused
    /// and nothing is recorded.
    ///
    /// With `fixingBilling` (the buyer was asked to fix a billing problem), a subscription whose
    /// billing problem was resolved meanwhile is refused with `subscriptionNotInBillingRetry`:
    /// renewing it now would pay a period ahead that nobody asked for.
    public func renew(_ reference: String, buyer: Buyer, asShown shown: RenewalPreview? = nil,
                      fixingBilling: Bool = false) throws -> SubscriptionChain {
        try commitRequest { state, now throws(StoreRefusal) in
            let decision = try decisions.change(.renewNow, of: reference, buyer: buyer, in: state, at: now)
            if fixingBilling, let before = state.subscriptions[decision.result.originalID],
               before.status != .inGracePeriod, before.status != .inBillingRetryPeriod {
                throw .request(.subscriptionNotInBillingRetry(before.productID, state: before.status))
            }
            if let shown, let renewal = RenewalPreview(decision), !renewal.isAsShown(shown, decidedAt: now) {
                throw .request(.renewalChangedSinceShown(shown: shown, now: renewal))
            }
            return decision
        }
    }

    /// What renewing the subscription `reference` names would charge now, and for which
    /// period, as the store stands; nil where it cannot be renewed.
    public func renewalPreview(of reference: String, buyer: Buyer) -> RenewalPreview? {
        let state = snapshot
        let decision = try? decisions.change(.renewNow, of: reference, buyer: buyer, in: state, at: state.storeTime(at: clock.now()))
        return decision.flatMap(RenewalPreview.init)
    }

    /// Ends a billing problem: the subscription renews now and is entitled again.
    public func resolveBilling(_ reference: String, buyer: Buyer) throws -> SubscriptionChain {
        try change(.resolveBilling, of: reference, buyer: buyer)
    }

    /// Refuses a change asked of the subscription as shown at its latest transaction `latestShown`
    /// when it has renewed or been upgraded past it since.
    private static func refuseRenewedPast(_ latestShown: String?, in state: LedgerState) throws(StoreRefusal) {
        guard let latestShown, let chain = state.chain(containing: latestShown), chain.latestTransactionID != latestShown else { return }
        // Named by the plan that was shown, which an upgrade has left.
        throw .request(.subscriptionChangedSinceShown(state.transactions[latestShown]?.productID ?? chain.productID,
                                                      transactionShown: latestShown))
    }

    private func change(_ change: StoreDecisions.SubscriptionChange, of reference: String,
                        buyer: Buyer) throws -> SubscriptionChain {
        try commitRequest { state, now throws(StoreRefusal) in try decisions.change(change, of: reference, buyer: buyer, in: state, at: now) }
    }
}
