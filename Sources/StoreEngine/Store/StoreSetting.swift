/// Settings the ledger records, so every process sees the same store.
public enum StoreSetting: String, Sendable, CaseIterable {
    /// Per device: whether purchases are allowed (parental restrictions); "true" or "false".
    case purchasesAllowed = "purchases-allowed"
    /// Per device, one shot: the outcome of the next purchase ("succeed", "cancel", "fail").
    case nextPurchaseOutcome = "next-purchase"
    /// Store-wide: purchases wait for a parent's approval.
    case askToBuy = "ask-to-buy"
    /// Store-wide: purchases need an action from the buyer first.
    case interruptedPurchases = "interrupted-purchases"
    /// Store-wide: renewals fail to bill and enter billing retry.
    case billingRetry = "billing-retry"
    /// Store-wide: billing retry starts with a grace period that keeps access.
    case gracePeriod = "grace-period"
    /// Store-wide: the App Store environment signed payloads name (Sandbox, Production, Xcode, LocalTesting).
    case environment
    /// Store-wide: whether a promotional offer needs a signature made with an in-app purchase
    /// key ("required", the default, applies once a key exists; "off" for quick demos).
    case promotionalOfferSignatures = "promotional-offer-signatures"
    /// Store-wide: the app's shared secret, which a `/verifyReceipt` request's `password` must
    /// match when set ("none" clears it).
    case receiptSharedSecret = "receipt-shared-secret"
    /// Store-wide: where App Store Server Notifications are POSTed (an http or https URL), or
    /// "none" for nowhere.
    case notificationURL = "notification-url"

    /// Whether the setting belongs to one device rather than the whole store.
    public var isPerDevice: Bool { self == .purchasesAllowed || self == .nextPurchaseOutcome }

    /// The values the setting takes.
    public var allowedValues: [String] {
        switch self {
        case .nextPurchaseOutcome: PurchaseSimulation.allCases.map(\.rawValue)
        case .environment: StoreEnvironment.allCases.map(\.rawValue)
        case .promotionalOfferSignatures: OfferSignatureRequirement.allCases.map(\.rawValue)
        case .receiptSharedSecret: [ReceiptSharedSecret.cleared]
        // Any http or https URL: only the word that turns delivery off can be offered.
        case .notificationURL: [NotificationURL.noneText]
        default: ["true", "false"]
        }
    }

    /// What a refused value is told to use instead: the values, or for a text setting its rule.
    public var acceptedValues: [String] {
        self == .receiptSharedSecret ? allowedValues + [ReceiptSharedSecret.rule] : allowedValues
    }

    /// The prefix of injected-failure settings: `fail.purchase`, `fail.restore`, ...
    public static let failurePrefix = "fail."

    /// The operation of a `fail.OPERATION` setting name.
    public static func failureOperation(_ name: String) -> StoreOperation? {
        guard name.hasPrefix(failurePrefix) else { return nil }
        return StoreOperation(rawValue: String(name.dropFirst(failurePrefix.count)))
    }
}

/// An outcome to force on a purchase, for testing the app's failure paths.
public enum PurchaseSimulation: String, Sendable, CaseIterable, Codable {
    case succeed
    case cancel
    case fail
}
