/// A store operation in progress; while one runs a spinner turns and keys wait.
public enum Activity: Equatable, Sendable {
    case purchasing(productID: String)
    case restoring
    case spending(credit: String)
    case refunding(transactionID: String)
    case savingSetting
    case settling(TransactionAction)

    /// What the spinner says, e.g. "Restoring purchases…".
    public var label: String {
        switch self {
        case .purchasing: "Purchasing…"
        case .restoring: "Restoring purchases…"
        case .spending: "Spending…"
        case .refunding: "Refunding…"
        case .savingSetting: "Saving…"
        case .settling(let action): "\(action.hint.label.capitalized)…"
        }
    }
}
