/// What came of a purchase request.
public enum PurchaseOutcome: Sendable, Equatable {
    /// A new transaction; for a consumable, its credits were added.
    case purchased(TransactionRecord)
    /// The account owns it already (or is subscribed); nothing was charged or recorded.
    case alreadyOwned(TransactionRecord, deliveredHere: Bool)
    /// The buyer cancelled the payment sheet; recorded as a cancelled transaction.
    case cancelled(TransactionRecord)
    /// The payment did not go through; recorded as a failed transaction.
    case failed(TransactionRecord)
    /// The store would not start the purchase; nothing was recorded.
    case refused(PurchaseRefusal)

    /// The outcome's stable name in `--json` output.
    public var name: String {
        switch self {
        case .purchased: "purchased"
        case .alreadyOwned: "alreadyOwned"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .refused: "refused"
        }
    }

    public var transaction: TransactionRecord? {
        switch self {
        case let .purchased(record), let .alreadyOwned(record, _), let .cancelled(record), let .failed(record): record
        case .refused: nil
        }
    }
}

/// Why the store refused to start a purchase.
public enum PurchaseRefusal: Sendable, Equatable {
    case purchasesDisallowed(device: String)
    case notSoldHere(productID: String, storefront: String)
    case unknownProduct(String)
    case overMaximum(credit: String, maximum: Int, balance: Int, adding: Int)
    case invalidQuantity(Int, productType: ProductType)
}
