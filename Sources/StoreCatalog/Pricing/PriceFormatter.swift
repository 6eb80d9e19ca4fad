import Foundation
import Synchronization

/// Formats exact prices for a locale and currency with ICU, caching one formatter per pair
/// and the text of each price formatted.
public final class PriceFormatter: Sendable {
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
    private let formatted = Mutex<[Request: String]>([:])

    public init() {}

    /// `price` as the buyer sees it, e.g. "1,09 €" for de_DE and EUR, "¥160" for ja_JP and JPY.
    public func format(_ price: Decimal, currency: String, locale: String) -> String {
        let request = Request(locale: locale, currency: currency, price: price)
        if let known = formatted.withLock({ $0[request] }) { return known }
        let text = cache.with(Key(locale: LocaleIdentifier.normalize(locale), currency: currency)) { formatter in
            formatter.string(from: NSDecimalNumber(decimal: price)) ?? "\(ExactDecimal.string(price)) \(currency)"
        }
        formatted.withLock { remembered in
            if remembered.count >= Self.rememberedPriceLimit { remembered.removeAll(keepingCapacity: true) }
            remembered[request] = text
        }
        return text
    }
}
