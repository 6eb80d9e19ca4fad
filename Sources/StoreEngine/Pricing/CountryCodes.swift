/// ISO 3166-1 country codes of App Store storefronts: alpha-3 ↔ alpha-2, and each one's currency.
public enum CountryCodes {
    /// alpha-3 → (alpha-2, ISO 4217 currency the App Store charges in).
    static let table: [String: (alpha2: String, currency: String)] = [
        "USA": ("US", "USD"), "DEU": ("DE", "EUR"), "FRA": ("FR", "EUR"), "JPN": ("JP", "JPY"),
        "GBR": ("GB", "GBP"), "CHE": ("CH", "CHF"), "AUT": ("AT", "EUR"), "CAN": ("CA", "CAD"),
        "CHN": ("CN", "CNY"), "ESP": ("ES", "EUR"), "ITA": ("IT", "EUR"), "AUS": ("AU", "AUD"),
    ]

    public static func alpha3(forAlpha2 code: String) -> String? {
        let upper = code.uppercased()
        return table.first { $0.value.alpha2 == upper }?.key
    }

    public static func alpha2(forAlpha3 code: String) -> String? { table[code.uppercased()]?.alpha2 }

    /// The currency a storefront charges in, e.g. JPN → JPY, CHN → CNY.
    public static func currency(forStorefront code: String) -> String? { table[code.uppercased()]?.currency }
}
