import StoreEngine

extension TransactionRecord {
    /// Whether the App Store would know it as a transaction: bought (and maybe refunded
    /// since); failed, cancelled and still waiting attempts have no transaction to show.
    var isIssued: Bool { state == .purchased || state == .refunded }
}
