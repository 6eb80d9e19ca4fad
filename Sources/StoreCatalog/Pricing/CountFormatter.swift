import Foundation

/// Formats whole counts (credits held, granted, spent) for a locale with ICU, grouped as the
/// locale groups digits ("10,000,000" in en_US, "10.000.000" in de_DE), and in its digits, as
/// prices beside them are; one formatter per locale, cached, and each count's text too.
///
/// Its one mutable field is only touched under `formattedLock` (an `NSLock`, which
/// ThreadSanitizer follows; see `PriceFormatter`).
public final class CountFormatter: @unchecked Sendable {
    private struct Request: Hashable {
        let locale: String
        let count: Int
    }

    /// How many formatted counts are kept: balances change with every spend, so the bound
    /// keeps a long session from growing the cache without end.
    static let rememberedCountLimit = 10_000

    private let cache = FormatterCache<String, NumberFormatter> { locale in
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.maximumFractionDigits = 0
        return formatter
    }

    private var formatted: [Request: String] = [:]
    private let formattedLock = NSLock()

    public init() {}

    /// `count` as the buyer reads it in `locale`, e.g. "1,000" for en_US, "1.000" for de_DE.
    public func format(_ count: Int, locale: String) -> String {
        let request = Request(locale: locale, count: count)
        if let known = formattedLock.withLock({ formatted[request] }) { return known }
        let text = cache.with(LocaleIdentifier.normalize(locale)) { formatter in
            formatter.string(from: NSNumber(value: count)) ?? String(count)
        }
        formattedLock.withLock {
            if formatted.count >= Self.rememberedCountLimit { formatted.removeAll(keepingCapacity: true) }
            formatted[request] = text
        }
        return text
    }
}
