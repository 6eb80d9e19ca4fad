import Foundation

/// Facts about storefront and currency codes.
public enum StorefrontCurrencies {
    /// True for a three-letter upper-case code, the shape of ISO 3166-1 alpha-3.
    public static func isStorefrontCode(_ code: String) -> Bool {
        code.count == 3 && code.allSatisfy { $0.isASCII && $0.isUppercase }
    }

    private static let currencyCodes: Set<String> = Set(Locale.commonISOCurrencyCodes)

    /// True for an ISO 4217 currency code that ICU can format.
    public static func isCurrencyCode(_ code: String) -> Bool {
        currencyCodes.contains(code)
    }
}
