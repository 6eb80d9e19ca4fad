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
}

/// What a restore delivered onto the device.
public struct RestoreResult: Sendable, Equatable {
    public var restored: [TransactionRecord]
    /// True when the account has consumable purchases, which are never restored.
    public var skippedConsumables: Bool
}

extension Store {
    /// Takes `amount` of `credit` from the buyer's balance; refuses (changing nothing) when short.
    public func spend(_ credit: String, amount: Int = 1, buyer: Buyer) throws -> SpendOutcome {
        guard catalog.credit(id: credit) != nil else {
            throw StoreError.unknownCredit(credit, known: catalog.credits.map(\.id))
        }
        guard amount >= 1 else { throw StoreError.invalidAmount(amount) }
        return try commit { state, now in
            let balance = state.balance(of: credit, for: buyer)
            guard balance >= amount else { return ([], .insufficient(balance: balance, requested: amount)) }
            var record = event(.spend, for: buyer, at: now)
            record.credit = credit
            record.amount = amount
            record.spendId = UUID().uuidString.lowercased()
            return ([record], .spent(balance: balance - amount))
        }
    }

    /// The buyer's balance of `credit`, as last read from the ledger.
    public func balance(of credit: String, for buyer: Buyer) -> Int {
        snapshot.balance(of: credit, for: buyer)
    }

    /// Refunds a purchased transaction (never a free subscription's): revokes what it granted; for a consumable, takes back
    /// what is left of the grant and records the shortfall.
    public func refund(_ transactionID: String) throws -> RefundResult {
        try commit { state, now in
            guard let record = state.transactions[transactionID] else {
                throw StoreError.unknownTransaction(transactionID)
            }
            guard record.state == .purchased else {
                throw StoreError.notRefundable(transactionID, state: record.state)
            }
            // Nothing was charged, so there is nothing to give back; unsubscribing ends it.
            guard record.productType != .freeSubscription else {
                throw StoreError.freeSubscriptionNotRefundable(transactionID, productID: record.productID)
            }
            var refund = event(.refund, for: Buyer(account: record.account, device: record.purchaseDevice), at: now)
            refund.transactionId = transactionID
            refund.productId = record.productID
            // An unfinished purchase was never delivered: its credits were never added, so
            // there is nothing to take back and nothing was spent.
            let granted = record.finished ? record.creditAmount : 0
            var revoked = 0
            if let credit = record.credit, granted > 0 {
                let owner = Buyer(account: record.account, device: record.purchaseDevice)
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
            return ([refund], RefundResult(transaction: refunded, revoked: revoked, shortfall: granted - revoked))
        }
    }

    /// Delivers onto the buyer's device every non-consumable, active subscription and active
    /// non-renewing pass of the account that is not there yet. Consumables never come back.
    public func restore(_ buyer: Buyer) throws -> RestoreResult {
        let result: Result<RestoreResult, StoreFailure> = try commit { state, now in
            if let failure = state.settings.failures[.restore] {
                return (decisions.consumption(of: failure, operation: .restore, buyer: buyer, at: now),
                        .failure(StoreFailure(operation: .restore, error: failure.error)))
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
            return (events, .success(RestoreResult(restored: restorable, skippedConsumables: skipped)))
        }
        return try result.get()
    }
}
