import Foundation

/// Formats exact prices for a locale and currency with ICU, caching one formatter per pair.
///
/// Creating a `NumberFormatter` costs far more than using one, and a list shows many prices
/// in the same locale and currency, so formatters are kept and reused.
public final class PriceFormatter: @unchecked Sendable {
    private struct Key: Hashable { let locale: String; let currency: String }
    private var formatters: [Key: NumberFormatter] = [:]
    private let lock = NSLock()

    public init() {}

    /// `price` as the buyer sees it, e.g. "1,09 €" for de_DE and EUR, "¥160" for ja_JP and JPY.
    public func format(_ price: Decimal, currency: String, locale: String) -> String {
        let key = Key(locale: LocaleIdentifier.normalize(locale), currency: currency)
        lock.lock()
        defer { lock.unlock() }
        let formatter: NumberFormatter
        if let cached = formatters[key] {
            formatter = cached
        } else {
            formatter = NumberFormatter()
            formatter.locale = Locale(identifier: key.locale)
            formatter.numberStyle = .currency
            formatter.currencyCode = currency
            formatters[key] = formatter
        }
        return formatter.string(from: NSDecimalNumber(decimal: price)) ?? "\(ExactDecimal.string(price)) \(currency)"
    }
}
