/// The test-session settings of an Xcode StoreKit configuration file, as the file states them.
///
/// Every property is nil (or empty) when the file leaves the setting out; Xcode then uses its
/// default (storefront USA, locale en_US, everything else off, real time). The store engine
/// applies the settings it supports; `StoreKitSettings.Key` lists the ones this reader knows.
public struct StoreKitSettings: Sendable, Equatable {
    /// A setting this reader recognises, named by its key in the file.
    public enum Key: String, Sendable, CaseIterable {
        case locale = "_locale"
        case storefront = "_storefront"
        case timeRate = "_timeRate"
        case compatibilityTimeRate = "_compatibilityTimeRate"
        case askToBuyEnabled = "_askToBuyEnabled"
        case billingIssuesEnabled = "_billingIssuesEnabled"
        case renewalBillingIssuesEnabled = "_renewalBillingIssuesEnabled"
        case billingGracePeriodEnabled = "_billingGracePeriodEnabled"
        case disableDialogs = "_disableDialogs"
        case failTransactionsEnabled = "_failTransactionsEnabled"
        case storeKitError = "_storeKitError"
        case storeKitErrors = "_storeKitErrors"
        case applicationInternalID = "_applicationInternalID"
        case developerTeamID = "_developerTeamID"
        case lastSynchronizedDate = "_lastSynchronizedDate"

        /// Settings that only record a sync with App Store Connect; they change no behaviour.
        public var isSyncRecord: Bool {
            self == .applicationInternalID || self == .developerTeamID || self == .lastSynchronizedDate
        }

        /// Settings the import itself carries out: the catalog sells in the storefront and speaks
        /// the locale's language by default.
        public var isAppliedByImport: Bool { self == .locale || self == .storefront }
    }

    /// `_locale`: the locale whose texts and price format the test session shows.
    public var locale: String?
    /// `_storefront`: the storefront (ISO 3166-1 alpha-3) whose currency the prices are in.
    public var storefront: String?
    /// `_timeRate`: how fast subscription time passes.
    public var timeRate: StoreKitTimeRate?
    /// `_compatibilityTimeRate`: the rate for systems that lack `timeRate`, as written (JSON text).
    public var compatibilityTimeRate: String?
    /// `_askToBuyEnabled`: purchases wait for a parent's approval.
    public var askToBuyEnabled: Bool?
    /// `_billingIssuesEnabled`: purchases are interrupted by a billing problem the buyer must resolve.
    public var billingIssuesEnabled: Bool?
    /// `_renewalBillingIssuesEnabled`: renewals fail and the subscription enters billing retry.
    public var renewalBillingIssuesEnabled: Bool?
    /// `_billingGracePeriodEnabled`: a subscription in billing retry keeps access for a grace period.
    public var billingGracePeriodEnabled: Bool?
    /// `_disableDialogs`: purchases complete without confirmation dialogs.
    public var disableDialogs: Bool?
    /// `_failTransactionsEnabled` (format 1.x): every transaction fails with `storeKitError`.
    public var failTransactionsEnabled: Bool?
    /// `_storeKitError` (format 1.x): the SKErrorCode that failing transactions report.
    public var storeKitError: Int?
    /// `_storeKitErrors` (format 2.0 and later): a simulated error per StoreKit API.
    public var simulatedErrors: [SimulatedStoreKitError]?
    /// `_applicationInternalID`, `_developerTeamID`, `_lastSynchronizedDate`: App Store Connect
    /// sync records, as written.
    public var syncRecords: [Key: String] = [:]
    /// Settings this reader does not know, with their values as JSON text, in file order.
    public var unrecognised: [UnrecognisedSetting] = []

    public init() {}

    /// The recognised settings the file states, in the order of `Key`.
    public var presentKeys: [Key] {
        Key.allCases.filter { key in
            switch key {
            case .locale: locale != nil
            case .storefront: storefront != nil
            case .timeRate: timeRate != nil
            case .compatibilityTimeRate: compatibilityTimeRate != nil
            case .askToBuyEnabled: askToBuyEnabled != nil
            case .billingIssuesEnabled: billingIssuesEnabled != nil
            case .renewalBillingIssuesEnabled: renewalBillingIssuesEnabled != nil
            case .billingGracePeriodEnabled: billingGracePeriodEnabled != nil
            case .disableDialogs: disableDialogs != nil
            case .failTransactionsEnabled: failTransactionsEnabled != nil
            case .storeKitError: storeKitError != nil
            case .storeKitErrors: simulatedErrors != nil
            case .applicationInternalID, .developerTeamID, .lastSynchronizedDate: syncRecords[key] != nil
            }
        }
    }
}

/// A setting of a StoreKit configuration that this reader does not know.
public struct UnrecognisedSetting: Sendable, Equatable {
    public var key: String
    /// The value as compact JSON text.
    public var value: String
}

/// One entry of `_storeKitErrors`: whether calls to a StoreKit API fail, and with what.
public struct SimulatedStoreKitError: Sendable, Equatable {
    /// The API as Xcode names it: "Load Products", "Purchase", "Verification", "App Store Sync",
    /// "Subscription Status", "App Transaction", "Manage Subscriptions Sheet",
    /// "Refund Request Sheet", "Offer Code Redeem Sheet".
    public var api: String
    public var isEnabled: Bool
    /// The chosen error, as Xcode records it: a category ("generic", ...) and an index in it.
    public var errorType: String?
    public var errorIndex: Int?

    /// The APIs Xcode simulates errors for, as its files name them (the cases of `SKTestFailures`).
    public static let xcodeAPIs = ["Load Products", "Purchase", "Verification", "App Store Sync", "Subscription Status",
                                   "App Transaction", "Manage Subscriptions Sheet", "Refund Request Sheet", "Offer Code Redeem Sheet"]

    public init(api: String, isEnabled: Bool, errorType: String? = nil, errorIndex: Int? = nil) {
        self.api = api
        self.isEnabled = isEnabled
        self.errorType = errorType
        self.errorIndex = errorIndex
    }
}
