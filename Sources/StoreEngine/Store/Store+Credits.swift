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
        return try commit { state in
            let balance = state.balance(of: credit, for: buyer)
            guard balance >= amount else { return ([], .insufficient(balance: balance, requested: amount)) }
            var record = event(.spend, for: buyer)
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

    /// Refunds a purchased transaction: revokes what it granted; for a consumable, takes back
    /// what is left of the grant and records the shortfall.
    public func refund(_ transactionID: String) throws -> RefundResult {
        try commit { state in
            guard let record = state.transactions[transactionID] else {
                throw StoreError.unknownTransaction(transactionID)
            }
            guard record.state == .purchased else {
                throw StoreError.notRefundable(transactionID, state: record.state)
            }
            var refund = event(.refund, for: Buyer(account: record.account, device: record.purchaseDevice))
            refund.transactionId = transactionID
            refund.productId = record.productID
            var revoked = 0
            if let credit = record.credit, record.creditAmount > 0 {
                let owner = Buyer(account: record.account, device: record.purchaseDevice)
                revoked = min(record.creditAmount, state.balance(of: credit, for: owner))
                refund.credit = credit
                refund.amount = revoked
                refund.shortfall = record.creditAmount - revoked
            }
            var refunded = record
            refunded.state = .refunded
            refunded.revocationDate = refund.time
            refunded.revokedAmount = revoked
            refunded.shortfall = record.creditAmount - revoked
            return ([refund], RefundResult(transaction: refunded, revoked: revoked, shortfall: record.creditAmount - revoked))
        }
    }

    /// Delivers onto the buyer's device every non-consumable, active subscription and active
    /// non-renewing pass of the account that is not there yet. Consumables never come back.
    public func restore(_ buyer: Buyer) throws -> RestoreResult {
        try commit { state in
            let now = clock.now()
            let history = state.transactions(of: buyer.account)
            let restorable = history.filter { record in
                guard record.isInForce, !state.isDelivered(record.id, to: buyer) else { return false }
                switch record.productType {
                case .nonConsumable, .freeSubscription: return true
                case .autoRenewable, .nonRenewing: return (record.expiresDate ?? .distantPast) > now
                case .consumable: return false
                }
            }
            let skipped = history.contains { $0.productType == .consumable && $0.state == .purchased }
            guard !restorable.isEmpty else { return ([], RestoreResult(restored: [], skippedConsumables: skipped)) }
            var record = event(.restore, for: buyer)
            record.transactionIds = restorable.map(\.id)
            return ([record], RestoreResult(restored: restorable, skippedConsumables: skipped))
        }
    }
}
