import StoreCatalog
/// How an Xcode StoreKit configuration's settings become the store's initial settings.
extension StoreKitSettings {
    /// Xcode's per-API error names mapped to the operations Storefront can fail.
    static let operationsByAPI: [String: StoreOperation] = [
        "Load Products": .loadProducts,
        "Purchase": .purchase,
        "Verification": .verification,
        "App Store Sync": .restore,
        "Subscription Status": .subscriptionStatus,
    ]

    /// The store settings these StoreKit settings ask for, before the ledger changes any.
    public var storeSettings: StoreSettings {
        var settings = StoreSettings()
        settings.askToBuy = askToBuyEnabled ?? false
        settings.interruptedPurchases = billingIssuesEnabled ?? false
        settings.billingRetry = renewalBillingIssuesEnabled ?? false
        settings.gracePeriod = billingGracePeriodEnabled ?? false
        if failTransactionsEnabled == true {
            settings.failures[.purchase] = InjectedFailure(error: Self.error(forStoreKitCode: storeKitError), once: false)
        }
        for simulated in simulatedErrors ?? [] where simulated.isEnabled {
            guard let operation = Self.operationsByAPI[simulated.api] else { continue }
            settings.failures[operation] = InjectedFailure(error: Self.error(forType: simulated.errorType), once: false)
        }
        return settings
    }

    /// The store's time rate, when the file asks for one Storefront can run.
    public var storeTimeRate: TimeRate? { timeRate.flatMap(TimeRate.init) }

    /// The keys Storefront applies, for `catalog lint`'s description of the settings.
    public var appliedKeys: Set<Key> {
        var keys: Set<Key> = [.locale, .storefront, .askToBuyEnabled, .billingIssuesEnabled,
                              .renewalBillingIssuesEnabled, .billingGracePeriodEnabled, .failTransactionsEnabled,
                              .storeKitError]
        if storeTimeRate != nil { keys.insert(.timeRate) }
        // Applied where any entry enabled is, or none is; `unsimulatedAPIs` names those left out.
        let enabled = (simulatedErrors ?? []).filter(\.isEnabled)
        if enabled.isEmpty || enabled.contains(where: { Self.operationsByAPI[$0.api] != nil }) {
            keys.insert(.storeKitErrors)
        }
        return keys
    }

    /// The APIs `_storeKitErrors` has enabled for which Storefront simulates no error (App
    /// Transaction, the sheets), in file order.
    public var unsimulatedAPIs: [String] {
        (simulatedErrors ?? []).filter { $0.isEnabled && Self.operationsByAPI[$0.api] == nil }.map(\.api)
    }

    /// SKErrorCode values (as `_storeKitError`) mapped to the nearest injected error.
    static func error(forStoreKitCode code: Int?) -> InjectedError {
        switch code {
        case 1, 3: .paymentInvalid       // clientInvalid, paymentInvalid
        case 2: .userCancelled           // paymentCancelled
        case 4: .paymentNotAllowed       // paymentNotAllowed
        case 5: .productUnavailable      // storeProductNotAvailable
        case 7: .network                 // cloudServiceNetworkConnectionFailed
        default: .unknown
        }
    }

    /// Xcode's 2.0+ error types mapped to the nearest injected error.
    static func error(forType type: String?) -> InjectedError {
        switch type?.lowercased() {
        case "network": .network
        case "verification": .verificationFailed
        case "purchase": .paymentInvalid
        case "storekit", "system": .systemError
        default: .unknown
        }
    }
}
