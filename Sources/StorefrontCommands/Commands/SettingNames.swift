import StoreEngine

/// The names `settings set NAME VALUE` takes and the values it offers, for the command, its
/// JSON keys and the completions.
enum SettingNames {
    static let timeRate = "time-rate"
    static let noFailure = "none"

    /// Every name, in the order `settings` shows them.
    static var all: [String] {
        StoreSetting.allCases.map(\.rawValue) + [timeRate] + StoreOperation.allCases.map { "fail.\($0.rawValue)" }
    }

    /// Every value some setting takes (the completions offer them all after any name).
    static var values: [String] {
        var words = ["true", "false"] + PurchaseSimulation.allCases.map(\.rawValue) + TimeRate.allCases.map(\.rawValue)
        words += StoreEnvironment.allCases.map(\.rawValue) + OfferSignatureRequirement.allCases.map(\.rawValue)
        words += [noFailure] + InjectedError.allCases.flatMap { [$0.rawValue, $0.rawValue + ":once"] }
        var seen: Set<String> = []
        return words.filter { seen.insert($0).inserted }
    }
}
