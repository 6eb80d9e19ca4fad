import Foundation

extension StoreDecisions {
    /// A request to take credits from a buyer's balance.
    public struct SpendRequest: Sendable {
        public var credit: String
        public var amount: Int
        public var buyer: Buyer
        /// The id the spend is recorded under; given by the caller so a decision stays a
        /// function of its inputs.
        public var spendID: String

        public init(credit: String, amount: Int = 1, buyer: Buyer, spendID: String = UUID().uuidString.lowercased()) {
            self.credit = credit
            self.amount = amount
            self.buyer = buyer
            self.spendID = spendID
        }
    }

    /// Why the catalog alone refuses `request` (an unknown credit, an amount under 1); nil when
    /// the ledger must decide.
    public func spendRefusal(for request: SpendRequest) -> StoreRefusal? {
        guard catalog.credit(id: request.credit) != nil else {
            return .request(.unknownCredit(request.credit, known: catalog.credits.map(\.id)))
        }
        guard request.amount >= 1 else { return .request(.invalidAmount(request.amount)) }
        return nil
    }

    /// Decides a spend against `state` at store time `now`: a short balance changes nothing.
    public func spend(_ request: SpendRequest, in state: LedgerState, at now: Date) throws(StoreRefusal) -> Decision<SpendOutcome> {
        if let refusal = spendRefusal(for: request) { throw refusal }
        let balance = state.balance(of: request.credit, for: request.buyer)
        guard balance >= request.amount else {
            return ([], .insufficient(balance: balance, requested: request.amount))
        }
        var record = event(.spend, for: request.buyer, at: now)
        record.credit = request.credit
        record.amount = request.amount
        record.spendId = request.spendID
        return ([record], .spent(balance: balance - request.amount))
    }

    /// Decides a refund of a purchased transaction (never a free subscription's): it revokes
    /// what the purchase granted; for a consumable, takes back what is left of the grant and
    /// records the shortfall.
    /// `account`: the account asking, which may refund only its own transactions; nil for any.
    public func refund(_ transactionID: String, by account: String? = nil, reason: RefundReason? = nil, in state: LedgerState,
                       at now: Date) throws(StoreRefusal) -> Decision<RefundResult> {
        guard let record = state.transactions[transactionID] else {
            throw .request(.unknownTransaction(transactionID))
        }
        if let account, record.account != account {
            throw .request(.transactionOfAnotherAccount(transactionID, owner: record.account, account: account))
        }
        guard record.state == .purchased else {
            throw .request(.notRefundable(transactionID, state: record.state))
        }
        // Nothing was charged, so there is nothing to give back; unsubscribing ends it.
        guard record.productType != .freeSubscription else {
            throw .request(.freeSubscriptionNotRefundable(transactionID, productID: record.productID, inForce: record.isInForce))
        }
        let owner = Buyer(account: record.account, device: record.purchaseDevice)
        var refund = event(.refund, for: owner, at: now)
        refund.transactionId = transactionID
        refund.productId = record.productID
        refund.reason = reason?.rawValue
        // An unfinished purchase was never delivered: its credits were never added, so
        // there is nothing to take back and nothing was spent.
        let granted = record.finished ? record.creditAmount : 0
        var revoked = 0
        if let credit = record.credit, granted > 0 {
            revoked = min(granted, state.balance(of: credit, for: owner))
            refund.credit = credit
            refund.amount = revoked
            refund.shortfall = granted - revoked
        }
        var refunded = record
        refunded.state = .refunded
        refunded.finished = true
        refunded.revocationDate = refund.time
        refunded.revokedAmount = revoked
        refunded.shortfall = granted - revoked
        // An upgrade that replaced the transaction refunded the unused part of its period then.
        let (moneyBack, atUpgrade) = state.refundMoney(of: record)
        var result = RefundResult(transaction: refunded, revoked: revoked, shortfall: granted - revoked,
                                  moneyBack: moneyBack, cameBackAtUpgrade: atUpgrade)
        result.replacementProductID = record.replacedBy.flatMap { state.transactions[$0]?.productID }
        // A plan replaced by an upgrade that gave back all it cost (or a free trial), and that
        // granted nothing, would be refunded of nothing: no money, no credit, no access (its
        // successor holds it).
        if state.leavesNothingToRefund(record) {
            throw .request(.nothingLeftToRefund(transactionID, productID: record.productID, replacementProductID: result.replacementProductID,
                                                wasFree: record.price == 0))
        }
        if let chain = state.subscriptions[record.originalID], chain.isOngoing {
            result.endedSubscription = state.refundRevokes(record, of: chain)
            result.endedAccess = result.endedSubscription && chain.isEntitled
            if result.endedSubscription {
                result.endedPlanRunning = Store.runningPlan(of: chain, in: state.transactions(of: record.account), at: now)?.productID
                result.paidAheadLeft = state.transactions(of: record.account).filter {
                    // A period an upgrade replaced came back whole then.
                    $0.originalID == record.originalID && $0.id != record.id && $0.state == .purchased && ($0.price ?? 0) > 0
                        && $0.replacedBy == nil && $0.purchaseDate > now
                }.sorted { $0.purchaseDate < $1.purchaseDate }
            }
            // A period running, or paid ahead between others, whose refund revokes nothing: a later
            // period paid ahead keeps the subscription going through it.
            let notOver = (record.expiresDate ?? .distantPast) > now && record.replacedBy == nil
            if !result.endedSubscription, notOver { result.keptActiveUntil = chain.expiresDate }
        }
        if record.productType == .nonRenewing {
            let history = state.transactions(of: record.account)
            let left = record.passesEndAfterRefund(among: history)
            let wasActive = history.contains { $0.isInForce && $0.productID == record.productID && ($0.expiresDate ?? .distantPast) > now }
            if let left, left > now {
                result.passesActiveUntil = left
            } else if wasActive {
                result.passEndedNow = true
                result.passesLeftEnded = left
            }
        }
        return ([refund], result)
    }
}
