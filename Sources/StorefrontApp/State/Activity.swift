import StorefrontText

/// Who holds the lock a change waits for: the process holding the entitlements file's writer
/// lock, as `/proc/locks` tells it, or the sessions holding up a PostgreSQL store's.
public struct LockHolderName: Equatable, Sendable {
    /// Nil when no holder could be told (no `/proc`, a lock of another kind).
    public var processID: Int32?
    /// Its command name, when it could be read.
    public var command: String?
    /// Whether the lock is a PostgreSQL store's, which `sessions` names.
    public var isDatabase = false
    /// The sessions holding it, in words ("session 4242 (role alice, application psql)"); nil
    /// when they could not be told.
    public var sessions: String?

    public init(processID: Int32?, command: String?) {
        self.processID = processID
        self.command = command
    }

    /// The sessions holding up a PostgreSQL store's lock.
    public init(sessions: String?) {
        isDatabase = true
        self.sessions = sessions
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
