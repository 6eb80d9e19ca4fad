/// What a `setting` event changes, read from its `setting` and `value` texts.
///
/// The ledger keeps the two texts it always kept (`"ask-to-buy"`, `"true"`); this is their one
/// reader and writer. A new setting is a case here, a `StoreSetting`, and a line in the fold.
public enum SettingChange: Sendable, Equatable {
    /// Whether the event's device may make purchases.
    case purchasesAllowed(Bool)
    /// The forced outcome of the event's device's next purchase.
    case nextPurchaseOutcome(PurchaseSimulation)
    /// A store-wide switch.
    case storeFlag(StoreFlag, Bool)
    /// An error injected into an operation, or cleared (nil).
    case failure(StoreOperation, InjectedFailure?)
    /// The App Store environment signed payloads name.
    case environment(StoreEnvironment)
    /// Whether promotional offers need a signature once an in-app purchase key exists.
    case offerSignatures(OfferSignatureRequirement)
    /// The app's receipt shared secret, or none.
    case receiptSharedSecret(String?)
    /// Where notifications are sent; nil for nowhere.
    case notificationURL(NotificationURL?)

    /// The store-wide on/off settings.
    public enum StoreFlag: Sendable, CaseIterable {
        case askToBuy, interruptedPurchases, billingRetry, gracePeriod

        var setting: StoreSetting {
            switch self {
            case .askToBuy: .askToBuy
            case .interruptedPurchases: .interruptedPurchases
            case .billingRetry: .billingRetry
            case .gracePeriod: .gracePeriod
            }
        }
    }

    /// Why a setting's texts do not make a change: the field at fault and what is wrong.
    public struct TextError: Error, Equatable, Sendable {
        /// "setting" or "value", the event field at fault.
        public var field: String
        public var reason: String
    }

    /// The text of a cleared injected failure.
    static let clearedFailure = "none"

    /// Reads a setting event's two texts.
    public init(setting name: String, value: String) throws(TextError) {
        if let operation = StoreSetting.failureOperation(name) {
            if value == Self.clearedFailure {
                self = .failure(operation, nil)
                return
            }
            guard let failure = InjectedFailure(settingValue: value) else {
                throw TextError(field: "value", reason: "\"\(value)\" is not an injected error for \(name); it takes "
                    + "none or one of \(InjectedError.allCases.map(\.rawValue).joined(separator: ", ")), optionally with :once")
            }
            self = .failure(operation, failure)
            return
        }
        guard let setting = StoreSetting(rawValue: name) else {
            throw TextError(field: "setting", reason: "\"\(name)\" is not a setting this version knows")
        }
        if setting == .receiptSharedSecret {
            guard value == ReceiptSharedSecret.cleared || ReceiptSharedSecret.isValid(value) else {
                throw TextError(field: "value", reason: "\(name) takes \(ReceiptSharedSecret.cleared) or \(ReceiptSharedSecret.rule)")
            }
            self = .receiptSharedSecret(value == ReceiptSharedSecret.cleared ? nil : value)
            return
        }
        // A notification URL is any http or https URL, checked by its own reader below.
        guard setting == .notificationURL || setting.allowedValues.contains(value) else {
            throw TextError(field: "value", reason: "\"\(value)\" is not a value of \(name); it takes "
                + setting.allowedValues.joined(separator: " or "))
        }
        switch setting {
        case .purchasesAllowed: self = .purchasesAllowed(value == "true")
        case .nextPurchaseOutcome:
            guard let outcome = PurchaseSimulation(rawValue: value) else {
                throw TextError(field: "value", reason: "\"\(value)\" is not a purchase outcome")
            }
            self = .nextPurchaseOutcome(outcome)
        case .askToBuy: self = .storeFlag(.askToBuy, value == "true")
        case .interruptedPurchases: self = .storeFlag(.interruptedPurchases, value == "true")
        case .billingRetry: self = .storeFlag(.billingRetry, value == "true")
        case .gracePeriod: self = .storeFlag(.gracePeriod, value == "true")
        case .environment:
            guard let environment = StoreEnvironment(rawValue: value) else {
                throw TextError(field: "value", reason: "\"\(value)\" is not an App Store environment")
            }
            self = .environment(environment)
        case .promotionalOfferSignatures:
            guard let requirement = OfferSignatureRequirement(rawValue: value) else {
                throw TextError(field: "value", reason: "\"\(value)\" is not required or off")
            }
            self = .offerSignatures(requirement)
        case .receiptSharedSecret:
            // Read above: any text within the rule, not one of a list.
            throw TextError(field: "value", reason: "\(name) takes \(ReceiptSharedSecret.cleared) or \(ReceiptSharedSecret.rule)")
        case .notificationURL:
            self = .notificationURL(try NotificationURL.parseSetting(value))
        }
    }

    /// The `setting` text the ledger records.
    public var settingText: String {
        switch self {
        case .purchasesAllowed: StoreSetting.purchasesAllowed.rawValue
        case .nextPurchaseOutcome: StoreSetting.nextPurchaseOutcome.rawValue
        case let .storeFlag(flag, _): flag.setting.rawValue
        case let .failure(operation, _): StoreSetting.failurePrefix + operation.rawValue
        case .environment: StoreSetting.environment.rawValue
        case .offerSignatures: StoreSetting.promotionalOfferSignatures.rawValue
        case .receiptSharedSecret: StoreSetting.receiptSharedSecret.rawValue
        case .notificationURL: StoreSetting.notificationURL.rawValue
        }
    }

    /// The `value` text the ledger records.
    public var valueText: String {
        switch self {
        case let .purchasesAllowed(allowed): String(allowed)
        case let .nextPurchaseOutcome(outcome): outcome.rawValue
        case let .storeFlag(_, on): String(on)
        case let .failure(_, failure): failure?.settingValue ?? Self.clearedFailure
        case let .environment(environment): environment.rawValue
        case let .offerSignatures(requirement): requirement.rawValue
        case let .receiptSharedSecret(secret): secret ?? ReceiptSharedSecret.cleared
        case let .notificationURL(url): url?.text ?? NotificationURL.noneText
        }
    }
}

/// The rule for an app's receipt shared secret (Apple's are 32 hexadecimal digits; any
/// visible ASCII is taken so a test can use a word).
public enum ReceiptSharedSecret {
    /// The value that clears the secret.
    public static let cleared = "none"
    /// The rule, as a refusal states it.
    public static let rule = "a secret of 1 to 64 visible ASCII characters (no spaces)"

    public static func isValid(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
