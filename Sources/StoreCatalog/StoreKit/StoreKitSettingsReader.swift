import Foundation
import StoreJSON

/// Reads the `settings` object of an Xcode StoreKit configuration into `StoreKitSettings`.
///
/// A setting of the wrong type is an error (the file is damaged); a setting this reader does not
/// know is a warning and is kept as text, since newer Xcode versions add settings.
struct StoreKitSettingsReader {
    let collect: ProblemCollector

    func read(_ node: JSONNode?) -> StoreKitSettings {
        var settings = StoreKitSettings()
        guard let node, !node.isNull, let members = collect.object(node, field: "settings") else { return settings }
        for (key, value) in members where !value.isNull {
            let field = "settings.\(key)"
            guard let known = StoreKitSettings.Key(rawValue: key) else {
                collect.warning("unknown setting \"\(key)\" is ignored", at: value, field: field)
                settings.unrecognised.append(UnrecognisedSetting(key: key, value: value.compactText))
                continue
            }
            read(known, value, field: field, into: &settings)
        }
        return settings
    }

    private func read(_ key: StoreKitSettings.Key, _ value: JSONNode, field: String, into settings: inout StoreKitSettings) {
        switch key {
        case .locale:
            settings.locale = readLocale(value, field: field)
        case .storefront:
            settings.storefront = readStorefront(value, field: field)
        case .timeRate:
            guard let raw = collect.integer(value, field: field) else { return }
            if let rate = StoreKitTimeRate(rawValue: raw) {
                settings.timeRate = rate
            } else {
                collect.warning("unknown time rate \(raw) is ignored; subscriptions run in real time", at: value, field: field)
                settings.unrecognised.append(UnrecognisedSetting(key: key.rawValue, value: value.compactText))
            }
        case .compatibilityTimeRate:
            settings.compatibilityTimeRate = value.compactText
        case .askToBuyEnabled: settings.askToBuyEnabled = collect.bool(value, field: field)
        case .billingIssuesEnabled: settings.billingIssuesEnabled = collect.bool(value, field: field)
        case .renewalBillingIssuesEnabled: settings.renewalBillingIssuesEnabled = collect.bool(value, field: field)
        case .billingGracePeriodEnabled: settings.billingGracePeriodEnabled = collect.bool(value, field: field)
        case .disableDialogs: settings.disableDialogs = collect.bool(value, field: field)
        case .failTransactionsEnabled: settings.failTransactionsEnabled = collect.bool(value, field: field)
        case .storeKitError: settings.storeKitError = collect.integer(value, field: field)
        case .storeKitErrors: settings.simulatedErrors = readSimulatedErrors(value, field: field)
        case .applicationInternalID, .developerTeamID, .lastSynchronizedDate:
            // Sync records are shown, never interpreted: placeholder values such as
            // "XXXXXXXXXX" in hand-edited files are fine.
            settings.syncRecords[key] = value.stringValue ?? value.compactText
        }
    }

    private func readLocale(_ value: JSONNode, field: String) -> String? {
        guard let text = collect.string(value, field: field) else { return nil }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            collect.error("is empty; write a locale such as \"en_US\" or remove the setting", at: value, field: field)
            return nil
        }
        // ICU formats any identifier it is given, so a locale nobody knows would show prices
        // in no language at all; it is set aside as `--locale` is.
        guard LocaleIdentifier.isKnown(text) else {
            collect.warning("\"\(EchoedText.cut(EchoedText.oneLine(text)))\" is not a locale Storefront knows, so it is ignored "
                            + "and the texts default to \(StoreKitDefaults.locale); write language_REGION, such as de_DE or pt_BR",
                            at: value, field: field)
            return nil
        }
        return text
    }

    private func readStorefront(_ value: JSONNode, field: String) -> String? {
        guard let text = collect.string(value, field: field) else { return nil }
        let code = text.uppercased()
        guard CountryCodes.isStorefront(code) else {
            collect.error("\"\(text)\" is not an App Store storefront; write an ISO 3166-1 alpha-3 country code such as USA, JPN or CHN",
                          at: value, field: field)
            return nil
        }
        return code
    }

    private func readSimulatedErrors(_ value: JSONNode, field: String) -> [SimulatedStoreKitError]? {
        guard let entries = collect.array(value, field: field) else { return nil }
        var result: [SimulatedStoreKitError] = []
        for (index, entry) in entries.enumerated() {
            let path = "\(field)[\(index)]"
            guard collect.object(entry, field: path) != nil else { continue }
            collect.warnUnknownKeys(in: entry, known: ["name", "enabled", "current"], path: path)
            guard let api = collect.string(collect.required(entry, "name", path: path), field: "\(path).name") else { continue }
            if !SimulatedStoreKitError.xcodeAPIs.contains(api) {
                // A misspelt name would otherwise simulate nothing without a word.
                collect.warning("\"\(api)\" is not an API Xcode simulates errors for ("
                                + SimulatedStoreKitError.xcodeAPIs.joined(separator: ", ") + "); this entry has no effect",
                                at: entry["name"], field: "\(path).name")
            }
            let enabled = entry.presentMember("enabled").flatMap { collect.bool($0, field: "\(path).enabled") } ?? false
            var simulated = SimulatedStoreKitError(api: api, isEnabled: enabled)
            if let current = entry.presentMember("current"), collect.object(current, field: "\(path).current") != nil {
                simulated.errorType = current.presentMember("type").flatMap { collect.string($0, field: "\(path).current.type") }
                simulated.errorIndex = current.presentMember("index").flatMap { collect.integer($0, field: "\(path).current.index") }
            }
            result.append(simulated)
        }
        return result
    }
}
