import Foundation

/// Folding the life of auto-renewable subscriptions.
extension LedgerState {
    /// A purchase either starts a subscription or, for an upgrade, switches the current one.
    mutating func startOrSwitchSubscription(_ made: TransactionRecord, event: StoreEvent) {
        let expires = made.expiresDate ?? made.purchaseDate
        if var chain = subscriptions[made.originalID], made.originalID != made.id {
            chain.productID = made.productID
            chain.latestTransactionID = made.id
            chain.periodStart = made.purchaseDate
            chain.billingAnchor = made.purchaseDate
            chain.expiresDate = expires
            chain.status = .subscribed
            chain.willAutoRenew = true
            chain.pendingProductID = nil
            chain.expirationReason = nil
            chain.gracePeriodExpiresDate = nil
            chain.billingRetryStartDate = nil
            chain.accessEndDate = nil
            chain.offer = made.offer
            chain.offerPeriodsLeft = event.offerPeriodsLeft ?? 0
            subscriptions[chain.originalID] = chain
            return
        }
        subscriptions[made.id] = SubscriptionChain(
            originalID: made.id, account: made.account, group: event.group ?? "", productID: made.productID,
            latestTransactionID: made.id, originalPurchaseDate: made.purchaseDate, periodStart: made.purchaseDate,
            expiresDate: expires, status: .subscribed, willAutoRenew: true, pendingProductID: nil,
            expirationReason: nil, gracePeriodExpiresDate: nil, billingRetryStartDate: nil, offer: made.offer,
            offerPeriodsLeft: event.offerPeriodsLeft ?? 0, renewalCount: 0,
            billingAnchor: made.purchaseDate)
    }

    /// The transactions of subscription `originalID` whose paid time is not over at `date`:
    /// the current period and any paid ahead by "renew now".
    func paidPeriods(of originalID: String, account: String, endingAfter date: Date) -> [TransactionRecord] {
        transactions.records(of: account, originalID: originalID).filter {
            $0.productType == .autoRenewable && $0.isInForce
                && ($0.expiresDate ?? $0.purchaseDate) > date
        }
    }

    /// An upgrade ends every paid period of the subscription it replaces at its start: the one
    /// it names and any other not over yet (paid ahead by "renew now"), so none overlaps it.
    mutating func endPaidPeriods(replacedBy upgrade: TransactionRecord, named replaced: String) {
        guard let named = transactions[replaced] else { return }
        var unbegun = 0
        for paid in paidPeriods(of: named.originalID, account: named.account, endingAfter: upgrade.purchaseDate)
        where paid.id != upgrade.id {
            transactions[paid.id]?.replacedBy = upgrade.id
            if paid.purchaseDate > upgrade.purchaseDate { unbegun += 1 }
        }
        // The period named is replaced only while it ran: one that had ended (an upgrade bought
        // in billing retry, or in a grace period) expired, and reads so, not as "upgraded".
        if named.expiresDate.map({ $0 > upgrade.purchaseDate }) ?? true { transactions[replaced]?.replacedBy = upgrade.id }
        // Periods paid ahead that the upgrade ended before they began were never renewed into,
        // as an expire's are not counted (the count of renewals is of periods the subscriber had).
        if unbegun > 0, var chain = subscriptions[named.originalID] {
            chain.renewalCount = max(0, chain.renewalCount - unbegun)
            subscriptions[named.originalID] = chain
        }
    }

    /// A renewal (due, forced, or after a billing problem was resolved) starts a new period.
    mutating func applyRenewal(_ event: StoreEvent, sequence: Int) {
        guard let key = event.renewalKey, let original = event.originalTransactionId,
              var chain = subscriptions[original], chain.status != .revoked,
              let id = event.transactionId, !transactions.contains(id), let productID = event.productId,
              renewalKeys.insert(key).inserted
        else { return }
        var made = TransactionRecord(event: event, id: id, productID: productID, type: .autoRenewable, sequence: sequence)
        made.purchaseDevice = transactions[chain.latestTransactionID]?.purchaseDevice ?? event.device
        record(made)
        chain.billingAnchor = chain.billingAnchor(afterRenewalOf: productID, offer: event.offer, at: event.time,
                                                  renewalKey: key)
        chain.productID = productID
        chain.latestTransactionID = id
        chain.periodStart = event.time
        chain.expiresDate = event.expiresDate ?? event.time
        chain.status = .subscribed
        // A renewal into the switched-to plan makes the switch; one into the current plan
        // while auto-renew is off leaves the switch waiting on it.
        if chain.pendingProductID == productID || chain.willAutoRenew { chain.pendingProductID = nil }
        chain.expirationReason = nil
        chain.gracePeriodExpiresDate = nil
        chain.billingRetryStartDate = nil
        chain.accessEndDate = nil
        chain.offer = event.offer
        chain.offerPeriodsLeft = event.offerPeriodsLeft ?? 0
        chain.renewalCount += 1
        subscriptions[original] = chain
    }

    /// Ends at `end` every transaction of `chain` that ran past it (the current period and any
    /// renewed ahead), so each transaction's `expiresDate` says when access really ended: what
    /// `transactions`, signed transactions and `verify-transaction` report. A period renewed
    /// ahead that had not started ends where it starts. Only an early end (by hand) needs it,
    /// so a subscription that runs out costs no scan. A period an upgrade replaced is left as
    /// it is: its access ended at the upgrade, and its end is what the upgrade's pro-rata refund
    /// of it is worked out from (cut here, a later refund of it would give that money back again).
    private mutating func endTransactions(of chain: SubscriptionChain, at end: Date) {
        let cut = transactions.compactMap { entry -> String? in
            entry.value.originalID == chain.originalID && entry.value.replacedBy == nil
                && (entry.value.expiresDate ?? end) > end ? entry.key : nil
        }
        for id in cut {
            guard let record = transactions[id] else { continue }
            transactions[id]?.expiresDate = max(record.purchaseDate, end)
        }
    }

    mutating func applySubscriptionChange(_ event: StoreEvent) {
        if event.kind == .expire, event.originalTransactionId == nil, let id = event.transactionId,
           transactions[id]?.productType == .freeSubscription, transactions[id]?.unsubscribedDate == nil {
            transactions[id]?.unsubscribedDate = event.time
            return
        }
        guard let original = event.originalTransactionId, var chain = subscriptions[original] else { return }
        switch event.kind {
        case .billingRetry:
            guard chain.status == .subscribed, let key = event.renewalKey, renewalKeys.insert(key).inserted else { return }
            // Without a grace period, access ends with the period whose renewal failed.
            if event.graceExpiresDate == nil { chain.endAccess(at: chain.expiresDate) }
            chain.billingRetryStartDate = event.time
            chain.gracePeriodExpiresDate = event.graceExpiresDate
            chain.status = event.graceExpiresDate == nil ? .inBillingRetryPeriod : .inGracePeriod
        case .graceEnded:
            guard chain.status == .inGracePeriod else { return }
            chain.endAccess(at: event.time)
            chain.status = .inBillingRetryPeriod
        case .expire:
            guard chain.isOngoing else { return }
            chain.endAccess(at: event.time)
            chain.status = .expired
            chain.willAutoRenew = false
            // An ended subscription renews into nothing, so no change is left pending.
            chain.pendingProductID = nil
            chain.expirationReason = event.reason.flatMap(SubscriptionChain.ExpirationReason.init(rawValue:)) ?? .unknown
            let endedEarly = event.time < chain.expiresDate
            if endedEarly { endTransactions(of: chain, at: event.time) }
            chain.expiresDate = min(chain.expiresDate, event.time)
            if endedEarly {
                // Periods paid ahead that it ended before they began were never renewed into:
                // the count of renewals is of the periods the subscriber had.
                let unbegun = transactions.records(of: chain.account, originalID: chain.originalID).count(where: chain.neverBegan)
                chain.renewalCount = max(0, chain.renewalCount - unbegun)
            }
            // Ended before a period paid ahead began, it ended in the period that ran: its plan
            // and transaction are what it was, not the one that never began (whose start would
            // come after the subscription's end).
            if let latest = transactions[chain.latestTransactionID], chain.neverBegan(latest),
               let ran = lastBegunPeriod(of: chain) {
                chain.productID = ran.productID
                chain.latestTransactionID = ran.id
                chain.periodStart = ran.purchaseDate
                chain.offer = ran.offer
            }
        case .cancelRenewal:
            guard chain.isOngoing else { return }
            chain.willAutoRenew = event.value == StoreEvent.autoRenewOn
        case .pendingChange:
            guard chain.isOngoing else { return }
            chain.pendingProductID = event.productId
            // Scheduling a plan is buying it: the device it was bought on has the subscription
            // (and so its renewals, the switch among them), as one that upgraded does; before,
            // only a restore put it there, which nothing said.
            if event.account == chain.account, let row = transactions.row(of: chain.latestTransactionID) {
                deliver(row: row, to: event.device)
            }
        default:
            return
        }
        subscriptions[original] = chain
    }
}
