import Foundation

/// What came of a spend request.
public enum SpendOutcome: Sendable, Equatable {
    /// The credits were taken; `balance` is the committed balance after the spend.
    case spent(balance: Int)
    /// The balance was short; nothing changed.
    case insufficient(balance: Int, requested: Int)
}

/// What came of a refund: what was revoked, and what could not be taken back.
public struct RefundResult: Sendable, Equatable {
    public var transaction: TransactionRecord
    /// Credits taken back from the balance.
    public var revoked: Int
    /// Credits already spent that could not be taken back.
    public var shortfall: Int
    /// The money that comes back now, in the transaction's currency: its price, less what an
    /// upgrade that replaced it refunded then; nil when the transaction has no price.
    public var moneyBack: Decimal?
    /// What came back of the price when an upgrade replaced the transaction, if anything did.
    public var cameBackAtUpgrade: Decimal?
    /// The plan of the upgrade or crossgrade that replaced the transaction, if one did.
    public var replacementProductID: String?
    /// Whether the refund revoked a subscription that was still going, so its access ends now
    /// (the refund of its latest period, even one paid ahead that has not begun).
    public var endedSubscription = false
    /// Whether that subscription gave access until the refund: false in billing retry, where
    /// access had ended with the failed renewal, or at the end of its grace period.
    public var endedAccess = false
    /// When the refund of a period paid ahead into another plan (a switch's) revoked the
    /// subscription: the plan whose period was running then, whose access is what ends.
    public var endedPlanRunning: String?
    /// When the refunded period was still running, or was paid ahead and had not begun, and a
    /// later one paid ahead keeps the subscription going (through the refunded period too): the
    /// end of what stays paid.
    public var keptActiveUntil: Date?
    /// When the refund revoked the subscription: its other periods paid ahead (renew now),
    /// which will never begin and were not refunded, oldest first; nothing gives their money
    /// back by itself.
    public var paidAheadLeft: [TransactionRecord] = []
    /// For a pass: when the passes of its product left to the account end, their run laid out
    /// again without the refunded one, when they still run after the refund; nil otherwise.
    public var passesActiveUntil: Date?
    /// For a pass that was active: the refund ended it, as the passes left (if any) ran out
    /// without its time, at `passesLeftEnded`.
    public var passEndedNow = false
    public var passesLeftEnded: Date?
}

/// What a restore delivered onto the device.
public struct RestoreResult: Sendable, Equatable {
    public var restored: [TransactionRecord]
    /// True when the account has consumable purchases, which are never restored.
    public var skippedConsumables: Bool
    /// The restored subscriptions (by transaction id) in billing retry: on the device now, but
    /// giving no access until billing is resolved.
    public var withoutAccess: Set<String> = []

    public init(restored: [TransactionRecord], skippedConsumables: Bool, withoutAccess: Set<String> = []) {
        self.restored = restored
        self.skippedConsumables = skippedConsumables
        self.withoutAccess = withoutAccess
    }
}

extension Store {
    /// Takes `amount` of `credit` from the buyer's balance; refuses (changing nothing) when short.
    public func spend(_ credit: String, amount: Int = 1, buyer: Buyer) throws -> SpendOutcome {
        let request = StoreDecisions.SpendRequest(credit: credit, amount: amount, buyer: buyer)
        // What the catalog alone refuses is refused before the ledger's lock is taken.
        if let refusal = decisions.spendRefusal(for: request) { _ = try Self.report(refusal); throw refusal }
        return try commitRequest { state, now throws(StoreRefusal) in try decisions.spend(request, in: state, at: now) }
    }

    /// The buyer's balance of `credit`, as last read from the ledger.
    public func balance(of credit: String, for buyer: Buyer) -> Int {
        snapshot.balance(of: credit, for: buyer)
    }

    /// Refunds a purchased transaction (never a free subscription's): revokes what it granted; for a consumable, takes back
    /// what is left of the grant and records the shortfall.
    /// With `replacedByShown` (what a question showed of the transaction: the upgrade that
    /// replaced it, or nil for none), a transaction upgraded since is refused and nothing is
    /// recorded: part of it came back then, which the question did not say.
    /// With `account`, a transaction another account bought is refused and nothing is recorded.
    /// `dependenciesShown`: what the question confirmed showed of the transactions the refund
    /// depends on (`TransactionRecord.refundDependencies`); the refund is refused when they
    /// changed since, as its consequences may have.
    /// `reason`: why the customer asked, recorded with the refund and told in its CONSUMPTION_REQUEST.
    public func refund(_ transactionID: String, by account: String? = nil, reason: RefundReason? = nil, replacedByShown: String?? = nil,
                       dependenciesShown: [String: TransactionState]? = nil) throws -> RefundResult {
        try commitRequest { state, now throws(StoreRefusal) in
            // Refunded (or otherwise settled) meanwhile: the decision's own refusal says so, where
            // "changed since shown" would hide why.
            let purchased = state.transactions[transactionID].flatMap { $0.state == .purchased ? $0 : nil }
            if let replacedByShown, let record = purchased, record.replacedBy != replacedByShown {
                throw .request(.transactionChangedSinceShown(transactionID))
            }
            if let dependenciesShown, let record = purchased,
               record.refundDependencies(among: state.transactions(of: record.account)) != dependenciesShown {
                throw .request(.transactionChangedSinceShown(transactionID))
            }
            return try decisions.refund(transactionID, by: account, reason: reason, in: state, at: now)
        }
    }

    /// Delivers onto the buyer's device every non-consumable, active subscription and active
    /// non-renewing pass of the account that is not there yet. Consumables never come back.
    public func restore(_ buyer: Buyer) throws -> RestoreResult {
        let result: Result<RestoreResult, StoreFailure> = try commit { state, now in
            if let failure = state.settings.failures[.restore] {
                return (decisions.consumption(of: failure, operation: .restore, buyer: buyer, at: now),
                        .failure(StoreFailure(operation: .restore, error: failure.error, once: failure.once)))
            }
            let history = state.transactions(of: buyer.account)
            // An unfinished purchase is restored too, as the App Store returns it with the
            // account's other purchases; on its own device restoring also finishes it.
            let restorable = history.filter { record in
                guard record.isInForce, !state.isDelivered(record.id, to: buyer) else { return false }
                switch record.productType {
                case .nonConsumable, .freeSubscription: return true
                case .autoRenewable:
                    return state.subscriptions[record.originalID].map { $0.isOngoing && $0.latestTransactionID == record.id } ?? false
                case .nonRenewing: return (record.expiresDate ?? .distantPast) > now
                case .consumable: return false
                }
            }
            let skipped = history.contains { $0.productType == .consumable && $0.state == .purchased }
            guard !restorable.isEmpty else { return ([], .success(RestoreResult(restored: [], skippedConsumables: skipped))) }
            var record = event(.restore, for: buyer, at: now)
            record.transactionIds = restorable.map { $0.productType == .autoRenewable ? $0.originalID : $0.id }
            var events = [record]
            let unfinishedHere = restorable.filter { !$0.finished && $0.purchaseDevice == buyer.device }.map(\.id)
            if !unfinishedHere.isEmpty {
                var finish = event(.finish, for: buyer, at: now)
                finish.transactionIds = unfinishedHere
                events.append(finish)
            }
            let withoutAccess = restorable.filter { state.subscriptions[$0.originalID]?.status == .inBillingRetryPeriod }.map(\.id)
            return (events, .success(RestoreResult(restored: restorable, skippedConsumables: skipped, withoutAccess: Set(withoutAccess))))
        }
        return try result.get()
    }
}
