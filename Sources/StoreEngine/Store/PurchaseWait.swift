/// What a purchase recorded as waiting waits for; the ledger writes it as its raw text.
public enum PurchaseWait: String, Sendable, Codable, CaseIterable, LedgerMemberValue {
    /// A parent's approval (Ask to Buy); the purchase is pending.
    case approval
    /// An action of the buyer (an interrupted purchase); the purchase needs action.
    case action
}

extension TransactionState {
    /// The state of a completed purchase event that waits for `wait`, or none.
    init(waitingFor wait: PurchaseWait?) {
        switch wait {
        case .approval: self = .pending
        case .action: self = .needsAction
        case nil: self = .purchased
        }
    }
}
