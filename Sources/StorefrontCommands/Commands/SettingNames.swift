import StoreEngine

/// The names `settings set NAME VALUE` takes and the values each one takes, for the command,
/// its JSON keys and the completions.
enum SettingNames {
    static let timeRate = "time-rate"
    static let noFailure = "none"

    /// Every name with the values it takes, in the order `settings` shows them; the values come
    /// from the store's own enums, so a new case is offered without touching this list.
    static var valuesByName: [WordsAfterWord] {
        let stored = StoreSetting.allCases.map {
            WordsAfterWord(word: $0.rawValue, offers: $0.allowedValues, offersAll: $0 != .receiptSharedSecret && $0 != .notificationURL)
        }
        let failures = [noFailure] + InjectedError.allCases.flatMap { [$0.rawValue, $0.rawValue + ":once"] }
        return stored + [WordsAfterWord(word: timeRate, offers: TimeRate.allCases.map(\.rawValue))]
            + StoreOperation.allCases.map { WordsAfterWord(word: StoreSetting.failurePrefix + $0.rawValue, offers: failures) }
    }

    /// Every name, in the order `settings` shows them.
    static var all: [String] { valuesByName.map(\.word) }
}
