import Foundation

/// The money a refund gives back, which the ledger does not record: it follows from the price
/// and from what an upgrade that replaced the transaction refunded of it then, both folded.
extension TransactionRecord {
    /// What refunding this transaction gives (or gave) back, and what of its price came back
    /// already at `replacement`, the upgrade that replaced it (nil when none did). Nil money
    /// for a free transaction.
    public func refundMoney(replacedBy replacement: TransactionRecord?) -> (moneyBack: Decimal?, cameBackAtUpgrade: Decimal?) {
        let atUpgrade = replacement.flatMap(refundedAtUpgrade(by:))
        return (price.map { max(0, $0 - (atUpgrade ?? 0)) }, atUpgrade)
    }

    /// Whether refunding this transaction would give nothing back and take nothing: `replacement`,
    /// the upgrade or crossgrade that replaced it, gave back all it cost (or it cost nothing, a
    /// free trial), and it delivered no credits. Its access went to the replacement, so the
    /// refund would change nothing.
    public func leavesNothingToRefund(replacedBy replacement: TransactionRecord?) -> Bool {
        guard replacement != nil, (finished ? creditAmount : 0) == 0 else { return false }
        return refundMoney(replacedBy: replacement).moneyBack == 0
    }
}

extension LedgerState {
    /// `record.refundMoney(replacedBy:)` with the upgrade that replaced it, as folded.
    public func refundMoney(of record: TransactionRecord) -> (moneyBack: Decimal?, cameBackAtUpgrade: Decimal?) {
        record.refundMoney(replacedBy: record.replacedBy.flatMap { transactions[$0] })
    }

    /// `record.leavesNothingToRefund(replacedBy:)` with the upgrade that replaced it, as folded.
    public func leavesNothingToRefund(_ record: TransactionRecord) -> Bool {
        record.leavesNothingToRefund(replacedBy: record.replacedBy.flatMap { transactions[$0] })
    }
}
