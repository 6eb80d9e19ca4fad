import Foundation

/// Formats exact prices for a locale and currency with ICU, caching one formatter per pair
/// and the text of each price formatted.
///
/// Its one mutable field is only touched under `formattedLock`. An `NSLock` rather than the
/// standard library's `Mutex`: ThreadSanitizer follows pthread mutexes, not the futex `Mutex`
/// waits on, and reported the `Mutex`-guarded dictionary as raced.
public final class PriceFormatter: @unchecked Sendable {
    private struct Key: Hashable { let locale: String; let currency: String }

    /// A price as asked for: the locale as given, before it is normalized.
    private struct Request: Hashable {
        let locale: String
        let currency: String
        let price: Decimal
    }

    /// How many formatted prices are kept; a catalog has far fewer distinct prices, and the
    /// bound keeps a stream of ever new amounts from growing the cache without end.
    static let rememberedPriceLimit = 10_000

    private let cache = FormatterCache<Key, NumberFormatter> { key in
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: key.locale)
        formatter.numberStyle = .currency
        formatter.currencyCode = key.currency
        return formatter
    }

    /// Formatting one price through Foundation costs microseconds; lists show the same few
    /// prices (a catalog's price tiers) again and again.
    private var formatted: [Request: String] = [:]
    private let formattedLock = NSLock()

    public init() {}

    /// `price` as the buyer sees it, e.g. "1,09 €" for de_DE and EUR, "¥160" for ja_JP and JPY.
    public func format(_ price: Decimal, currency: String, locale: String) -> String {
        let request = Request(locale: locale, currency: currency, price: price)
        if let known = formattedLock.withLock({ formatted[request] }) { return known }
        let text = cache.with(Key(locale: LocaleIdentifier.normalize(locale), currency: currency)) { formatter in
            formatter.string(from: NSDecimalNumber(decimal: price)) ?? "\(ExactDecimal.string(price)) \(currency)"
        }
        formattedLock.withLock {
            if formatted.count >= Self.rememberedPriceLimit { formatted.removeAll(keepingCapacity: true) }
            formatted[request] = text
        }
        return text
    }
}
