/// Store-wide test settings of one app, recorded in the ledger so every process agrees.
public struct StoreSettings: Sendable, Equatable {
    /// Purchases wait for a parent's approval (Ask to Buy).
    public var askToBuy = false
    /// Purchases need an action from the buyer before they complete.
    public var interruptedPurchases = false
    /// Renewals fail to bill and enter the billing retry period.
    public var billingRetry = false
    /// During billing retry the subscriber keeps access for a grace period.
    public var gracePeriod = false
    /// The App Store environment stamped into everything the store signs.
    public var environment: StoreEnvironment = .sandbox
    /// Whether promotional offers need a signature once an in-app purchase key exists.
    public var promotionalOfferSignatures: OfferSignatureRequirement = .required
    /// The app's shared secret that `/verifyReceipt` requests must give as `password`; nil for none.
    public var receiptSharedSecret: String?
    /// Where App Store Server Notifications are POSTed; nil when they are not sent.
    public var notificationURL: NotificationURL?
    /// Errors injected into store operations.
    public var failures: [StoreOperation: InjectedFailure] = [:]

    public init() {}

    /// A store-wide switch, by name.
    public subscript(flag: SettingChange.StoreFlag) -> Bool {
        get {
            switch flag {
            case .askToBuy: askToBuy
            case .interruptedPurchases: interruptedPurchases
            case .billingRetry: billingRetry
            case .gracePeriod: gracePeriod
            }
        }
        set {
            switch flag {
            case .askToBuy: askToBuy = newValue
            case .interruptedPurchases: interruptedPurchases = newValue
            case .billingRetry: billingRetry = newValue
            case .gracePeriod: gracePeriod = newValue
            }
        }
    }
}

/// A store operation that can be made to fail on purpose.
public enum StoreOperation: String, Sendable, CaseIterable, Codable {
    case loadProducts = "load-products"
    case purchase
    case restore
    case verification
    case subscriptionStatus = "subscription-status"
}

/// An error injected into an operation, once or until cleared.
public struct InjectedFailure: Sendable, Equatable {
    public var error: InjectedError
    public var once: Bool

    public init(error: InjectedError, once: Bool) {
        self.error = error
        self.once = once
    }

    /// "network" or "network:once", as written in the settings.
    public init?(settingValue: String) {
        let parts = settingValue.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let error = InjectedError(rawValue: String(parts[0])) else { return nil }
        if parts.count == 2 && parts[1] != "once" { return nil }
        self.init(error: error, once: parts.count == 2)
    }

    public var settingValue: String { error.rawValue + (once ? ":once" : "") }
}

/// The errors a store operation can be made to fail with, modelled on StoreKit's errors.
public enum InjectedError: String, Sendable, CaseIterable, Codable {
    case network
    case paymentInvalid = "payment-invalid"
    case paymentNotAllowed = "payment-not-allowed"
    case productUnavailable = "product-unavailable"
    case verificationFailed = "verification-failed"
    case systemError = "system-error"
    case notEntitled = "not-entitled"
    case userCancelled = "user-cancelled"
    case unknown

    /// What a person is told.
    public var explanation: String {
        switch self {
        case .network: "the App Store could not be reached (network error)"
        case .paymentInvalid: "the payment details are not valid"
        case .paymentNotAllowed: "this account is not allowed to make payments"
        case .productUnavailable: "the product is not available"
        case .verificationFailed: "the transaction could not be verified"
        case .systemError: "a system error occurred in the store"
        case .notEntitled: "the account is not entitled to this"
        case .userCancelled: "the buyer cancelled the payment"
        case .unknown: "an unknown error occurred"
        }
    }
}
