import StorefrontText

/// The process that holds the entitlements file's writer lock, as `/proc/locks` tells it.
public struct LockHolderName: Equatable, Sendable {
    /// Nil when no holder could be told (no `/proc`, a lock of another kind).
    public var processID: Int32?
    /// Its command name, when it could be read.
    public var command: String?

    public init(processID: Int32?, command: String?) {
        self.processID = processID
        self.command = command
    }
}

/// A store operation in progress; while one runs a spinner turns and keys wait.
public enum Activity: Equatable, Sendable {
    case purchasing(productID: String)
    /// A cancel on the payment sheet being recorded (a commit, which waits like any other).
    case cancellingPurchase(productID: String)
    case restoring
    case spending(credit: String)
    case refunding(transactionID: String)
    case savingSetting
    case settling(TransactionAction)

    /// What the spinner says, e.g. "Restoring purchases…".
    public var label: String {
        switch self {
        case .purchasing: StorefrontScreenText.purchasing
        case .cancellingPurchase: StorefrontScreenText.cancellingPurchase
        case .restoring: StorefrontScreenText.restoring
        case .spending: StorefrontScreenText.spending
        case .refunding: StorefrontScreenText.refunding
        case .savingSetting: StorefrontScreenText.saving
        case .settling(let action): StorefrontScreenText.settling(action.hint.label)
        }
    }
}
