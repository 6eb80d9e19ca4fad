import Foundation

/// Formats exact prices for a locale and currency with ICU, caching one formatter per pair.
public final class PriceFormatter: Sendable {
    private struct Key: Hashable { let locale: String; let currency: String }

    private let cache = FormatterCache<Key, NumberFormatter> { key in
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: key.locale)
        formatter.numberStyle = .currency
        formatter.currencyCode = key.currency
        return formatter
    }

    public init() {}

    /// `price` as the buyer sees it, e.g. "1,09 €" for de_DE and EUR, "¥160" for ja_JP and JPY.
    public func format(_ price: Decimal, currency: String, locale: String) -> String {
        cache.with(Key(locale: LocaleIdentifier.normalize(locale), currency: currency)) { formatter in
            formatter.string(from: NSDecimalNumber(decimal: price)) ?? "\(ExactDecimal.string(price)) \(currency)"
        }
    }
}
