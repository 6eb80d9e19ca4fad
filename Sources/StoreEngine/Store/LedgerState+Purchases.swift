import Foundation
import StoreCatalog

/// Folding purchases, their completion, credits and refunds.
extension LedgerState {
    mutating func applyPurchase(_ event: StoreEvent, sequence: Int) {
        guard let id = event.transactionId, !transactions.contains(id),
              let productID = event.productId, let type = event.productType else { return }
        nextOutcome[event.device] = nil
        let made = TransactionRecord(event: event, id: id, productID: productID, type: type, sequence: sequence)
        let row = record(made)
        // An upgrade that waits for approval or action replaces nothing until it completes
        // (the completion marks the replaced transaction), and may never complete.
        guard made.state == .purchased else { return }
        if let replaced = event.replacesTransactionId { endPaidPeriods(replacedBy: made, named: replaced) }
        if type == .autoRenewable { startOrSwitchSubscription(made, event: event) }
        if made.finished { deliver(made, row: row) }
    }

    /// Delivers a completed, finished transaction (in `row`) to its device and adds its credits.
    mutating func deliver(_ made: TransactionRecord, row: Int) {
        deliver(row: row, to: made.purchaseDevice)
        if let credit = made.credit, made.creditAmount > 0 {
            let key = creditKey(credit: credit, buyer: Buyer(account: made.account, device: made.purchaseDevice))
            balances[key] = (balances[key] ?? 0).saturatingAdding(made.creditAmount)
        }
    }

    mutating func applyFailedPurchase(_ event: StoreEvent, sequence: Int) {
        nextOutcome[event.device] = nil
        guard let id = event.transactionId, !transactions.contains(id), let productID = event.productId,
              let type = event.productType else { return }
        record(TransactionRecord(event: event, id: id, productID: productID, type: type, sequence: sequence))
    }

    /// An approved Ask to Buy request or a resolved interrupted purchase completes now.
    mutating func applyCompletion(_ event: StoreEvent) {
        guard let id = event.transactionId, let row = transactions.row(of: id), var made = transactions[id],
              made.state == (event.kind == .approve ? .pending : .needsAction) else { return }
        made.settledFrom = made.state
        made.settledOrder = eventCount
        made.state = .purchased
        made.purchaseDate = event.time
        if let expires = event.expiresDate { made.expiresDate = expires }
        if let duration = event.duration.flatMap(SubscriptionPeriod.init(iso8601:)) { made.passDuration = duration }
        // A completion that states a price states the terms decided when it completed: that
        // price, its offer, and the plan it upgrades with its pro-rata refund, none when it
        // names none (the plan the request would have upgraded may have ended meanwhile). One
        // written without a price (by earlier versions) keeps what the request planned.
        if let price = event.price.flatMap(ExactDecimal.parse) {
            made.price = price
            made.offer = event.offer
            made.replaces = event.replacesTransactionId
            made.proratedRefund = event.proratedRefund.flatMap(ExactDecimal.parse)
        }
        if event.replacesTransactionId != nil { made.replaces = event.replacesTransactionId }
        // A completion names the subscription it joins, decided when it completed; one
        // written without it keeps the subscription planned at the request.
        if let original = event.originalTransactionId { made.originalID = original }
        if let refund = event.proratedRefund.flatMap(ExactDecimal.parse) { made.proratedRefund = refund }
        transactions[id] = made
        if let replaced = event.replacesTransactionId { endPaidPeriods(replacedBy: made, named: replaced) }
        if made.productType == .autoRenewable { startOrSwitchSubscription(made, event: event) }
        if made.finished { deliver(made, row: row) }
    }

    /// A parent's refusal, or a waiting purchase closed because it became moot (the reason
    /// says which); either settles a pending or interrupted purchase.
    mutating func applyDecline(_ event: StoreEvent) {
        guard let id = event.transactionId, let state = transactions[id]?.state,
              state == .pending || (state == .needsAction && event.reason != nil) else { return }
        transactions[id]?.settledFrom = state
        transactions[id]?.settledOrder = eventCount
        transactions[id]?.state = .declined
        transactions[id]?.failureReason = event.reason ?? TransactionRecord.parentDeclineReason
    }

    mutating func applyFinish(_ event: StoreEvent) {
        for id in event.transactionIds ?? [] {
            guard let row = transactions.row(of: id), let made = transactions[id], !made.finished else { continue }
            transactions[id]?.finished = true
            if made.state == .purchased { deliver(made, row: row) }
        }
    }

    mutating func applySpend(_ event: StoreEvent) {
        guard let spendID = event.spendId, spendIDs.insert(spendID),
              let credit = event.credit, let amount = event.amount else { return }
        let key = creditKey(credit: credit, buyer: Buyer(account: event.account, device: event.device))
        balances[key] = max(0, (balances[key] ?? 0).saturatingSubtracting(amount))
    }

    mutating func applyRefund(_ event: StoreEvent) {
        guard let id = event.transactionId, let refunded = transactions[id], refunded.state == .purchased else { return }
        transactions[id]?.state = .refunded
        // A refund settles the transaction: the app has nothing left to deliver.
        transactions[id]?.finished = true
        transactions[id]?.revocationDate = event.time
        transactions[id]?.revokedAmount = event.amount ?? 0
        transactions[id]?.shortfall = event.shortfall ?? 0
        if let credit = refunded.credit, let amount = event.amount, amount > 0 {
            let key = creditKey(credit: credit, buyer: Buyer(account: refunded.account, device: refunded.purchaseDevice))
            balances[key] = max(0, (balances[key] ?? 0).saturatingSubtracting(amount))
        }
        if var chain = subscriptions[refunded.originalID], refundRevokes(refunded, of: chain) {
            chain.endAccess(at: event.time)
            chain.status = .revoked
            chain.revocationDate = event.time
            chain.willAutoRenew = false
            // A revoked subscription renews into nothing, so no switch is left pending.
            chain.pendingProductID = nil
            rewindToPeriodRunning(&chain, at: event.time)
            subscriptions[chain.originalID] = chain
        }
        if refunded.productType == .nonRenewing { layOutRunAgain(afterRefundOf: refunded) }
    }

    /// Revoked before a period paid ahead began, a subscription ended in the period that ran,
    /// as an expired one does: its plan, transaction, start and end are that period's, not
    /// those of a period that never began (whose start would come after its access ended).
    /// The periods paid ahead leave the count of renewals, which is of the periods it had.
    private func rewindToPeriodRunning(_ chain: inout SubscriptionChain, at revocation: Date) {
        let periods = transactions.records(of: chain.account, originalID: chain.originalID)
            .filter { ($0.state == .purchased || $0.state == .refunded) && $0.replacedBy == nil }
        let originalID = chain.originalID
        let unbegun = { (record: TransactionRecord) in
            record.id != originalID && record.replaces == nil && record.purchaseDate > revocation
        }
        guard let latest = transactions[chain.latestTransactionID], unbegun(latest),
              let ran = periods.last(where: { !unbegun($0) }) else { return }
        chain.renewalCount = max(0, chain.renewalCount - periods.count(where: unbegun))
        chain.productID = ran.productID
        chain.latestTransactionID = ran.id
        chain.periodStart = ran.purchaseDate
        chain.offer = ran.offer
        chain.expiresDate = ran.expiresDate ?? chain.expiresDate
    }

    /// Whether refunding `record` revokes its subscription `chain`: the refund of its latest
    /// period, as the App Store revokes; once it expired, of the last period that began, as
    /// periods paid ahead that an expire ended gave no access to take back (refunding one of
    /// those leaves it expired, and only the money comes back). A revoked subscription stays
    /// revoked when it was: refunding the period that ran (named its latest since) moves nothing.
    func refundRevokes(_ record: TransactionRecord, of chain: SubscriptionChain) -> Bool {
        guard chain.status != .revoked else { return false }
        guard chain.status == .expired else { return chain.latestTransactionID == record.id }
        guard !chain.neverBegan(record) else { return false }
        return lastBegunPeriod(of: chain)?.id == record.id
    }

    /// When the subscription of `record`, a period paid ahead, ended before that period began
    /// (expired, or revoked by a refund), so it never will; nil for any other transaction.
    public func endOfSubscription(before record: TransactionRecord) -> Date? {
        guard record.productType == .autoRenewable, let chain = subscriptions[record.originalID] else { return nil }
        switch chain.status {
        case .expired: return chain.neverBegan(record) ? chain.expiresDate : nil
        case .revoked: return chain.revocationDate.flatMap { $0 < record.purchaseDate ? $0 : nil }
        case .subscribed, .inGracePeriod, .inBillingRetryPeriod: return nil
        }
    }

    /// `endOfSubscription(before:)` of a period still paid for (not refunded): what `transactions`
    /// and the storefront's transactions screen say of it, as it shows `purchased`.
    public func neverBegins(_ record: TransactionRecord) -> Date? {
        record.state == .purchased ? endOfSubscription(before: record) : nil
    }

    /// Whether `record`'s signed transaction carries a revocation: it was refunded, or the
    /// refund of a later period revoked it with its subscription. Apple's `revoked` filter of
    /// the transaction history asks this, not the refund alone.
    public func isRevoked(_ record: TransactionRecord) -> Bool {
        record.state == .refunded || revocationByLaterRefund(of: record) != nil
    }

    /// When the refund of a later period revoked the subscription of `record`, a period still
    /// running or paid ahead then (neither refunded itself nor replaced by an upgrade): its
    /// access ended with the subscription's, so receipts cancel it and its signed transaction
    /// is revoked then; nil for any other transaction.
    public func revocationByLaterRefund(of record: TransactionRecord) -> Date? {
        guard record.state == .purchased, record.productType == .autoRenewable, record.replacedBy == nil,
              let chain = subscriptions[record.originalID], chain.status == .revoked,
              let revoked = chain.revocationDate, let expires = record.expiresDate, expires > revoked else { return nil }
        return revoked
    }

    /// The last period of the expired `chain` that began (purchased or refunded since, not
    /// replaced by an upgrade): its periods paid ahead that the expire ended never did.
    func lastBegunPeriod(of chain: SubscriptionChain) -> TransactionRecord? {
        transactions.records(of: chain.account, originalID: chain.originalID).last {
            ($0.state == .purchased || $0.state == .refunded) && $0.replacedBy == nil && !chain.neverBegan($0)
        }
    }

    mutating func applySetting(_ event: StoreEvent) {
        // Texts that make no change never get here: reading the ledger reports them as a problem.
        guard let change = event.settingChange else { return }
        switch change {
        case let .purchasesAllowed(allowed):
            if allowed { purchasesDisallowed.remove(event.device) } else { purchasesDisallowed.insert(event.device) }
        case let .nextPurchaseOutcome(outcome): nextOutcome[event.device] = outcome
        case let .storeFlag(flag, on): settings[flag] = on
        case let .failure(operation, failure): settings.failures[operation] = failure
        case let .environment(environment): settings.environment = environment
        case let .offerSignatures(requirement): settings.promotionalOfferSignatures = requirement
        case let .receiptSharedSecret(secret): settings.receiptSharedSecret = secret
        case let .notificationURL(url): settings.notificationURL = url
        }
    }
}
