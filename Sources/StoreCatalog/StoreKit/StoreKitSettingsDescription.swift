extension StoreKitSettings {
    /// One line per setting the file states, for `catalog lint`, such as
    /// `_askToBuyEnabled: true (recognised; applied)`.
    ///
    /// - Parameter applied: the settings the store engine carries out. `_locale` and `_storefront`
    ///   are always carried out, by the import itself.
    /// - Parameter unsimulated: the APIs `_storeKitErrors` enables that the store simulates no error for.
    public func descriptionLines(applied: Set<Key> = [], unsimulated: [String] = []) -> [String] {
        let known = presentKeys.map { key in
            "\(key.rawValue): \(valueText(key)) (\(status(of: key, applied: applied, unsimulated: unsimulated)))"
        }
        return known + unrecognised.map { "\($0.key): \($0.value) (not recognised; ignored)" }
    }

    private func status(of key: Key, applied: Set<Key>, unsimulated: [String]) -> String {
        if key.isSyncRecord { return "recognised; a record of syncing with App Store Connect, no effect" }
        guard key.isAppliedByImport || applied.contains(key) else { return "recognised; no effect in Storefront" }
        switch key {
        case .storeKitErrors where !unsimulated.isEmpty:
            return "recognised; applied, except for \(unsimulated.joined(separator: ", ")), which Storefront does not simulate"
        case .storefront:
            let currency = storefront.flatMap(CountryCodes.currency(forStorefront:)) ?? "its currency"
            return "recognised; applied: prices are in \(currency)"
        case .locale:
            return "recognised; applied: the catalog's texts default to this locale"
        default:
            return "recognised; applied"
        }
    }

    private func valueText(_ key: Key) -> String {
        switch key {
        case .locale: locale ?? ""
        case .storefront: storefront ?? ""
        case .timeRate: timeRate.map { "\($0.rawValue) = \($0.phrase)" } ?? ""
        case .compatibilityTimeRate: compatibilityTimeRate ?? ""
        case .askToBuyEnabled: flag(askToBuyEnabled)
        case .billingIssuesEnabled: flag(billingIssuesEnabled)
        case .renewalBillingIssuesEnabled: flag(renewalBillingIssuesEnabled)
        case .billingGracePeriodEnabled: flag(billingGracePeriodEnabled)
        case .disableDialogs: flag(disableDialogs)
        case .failTransactionsEnabled: flag(failTransactionsEnabled)
        case .storeKitError: storeKitError.map { "\($0) = \(Self.errorCodeName($0))" } ?? ""
        case .storeKitErrors: simulatedErrorsText
        case .applicationInternalID, .developerTeamID, .lastSynchronizedDate: syncRecords[key] ?? ""
        }
    }

    private func flag(_ value: Bool?) -> String { value.map { $0 ? "true" : "false" } ?? "" }

    private var simulatedErrorsText: String {
        let entries = simulatedErrors ?? []
        let enabled = entries.filter(\.isEnabled)
        if enabled.isEmpty { return entries.isEmpty ? "none" : "none enabled (\(entries.count) APIs listed)" }
        let parts = enabled.map { entry in
            guard let type = entry.errorType else { return entry.api }
            return "\(entry.api) (\(type)\(entry.errorIndex.map { " \($0)" } ?? ""))"
        }
        return "enabled for " + parts.joined(separator: ", ")
    }

    /// The name of an SKErrorCode, the type of `_storeKitError` in format 1.x files.
    static func errorCodeName(_ code: Int) -> String {
        let names = ["unknown", "clientInvalid", "paymentCancelled", "paymentInvalid", "paymentNotAllowed",
                     "storeProductNotAvailable", "cloudServicePermissionDenied",
                     "cloudServiceNetworkConnectionFailed", "cloudServiceRevoked",
                     "privacyAcknowledgementRequired", "unauthorizedRequestData", "invalidOfferIdentifier",
                     "invalidSignature", "missingOfferParams", "invalidOfferPrice", "overlayCancelled",
                     "overlayInvalidConfiguration", "overlayTimeout", "ineligibleForOffer",
                     "unsupportedPlatform", "overlayPresentedInBackgroundScene"]
        return names.indices.contains(code) ? names[code] : "an SKErrorCode this reader does not know"
    }
}
