import Foundation

/// Formats store dates for people in a given locale ("Dec 29, 2026", "29.12.2026"), cached.
public final class DateText: Sendable {
    private struct Key: Hashable { let locale: String; let template: String }

    private let cache: FormatterCache<Key, DateFormatter>

    public init(timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        cache = FormatterCache { key in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: key.locale)
            formatter.timeZone = timeZone
            formatter.setLocalizedDateFormatFromTemplate(key.template)
            return formatter
        }
    }

    /// A medium date such as "Dec 29, 2026" (en_US) or "29.12.2026" (de_DE).
    public func date(_ date: Date, locale: String) -> String {
        format(date, locale: locale, template: "dMMMy")
    }

    /// A date with hours and minutes.
    public func dateTime(_ date: Date, locale: String) -> String {
        format(date, locale: locale, template: "dMMMyHHmm")
    }

    private func format(_ date: Date, locale: String, template: String) -> String {
        cache.with(Key(locale: LocaleIdentifier.normalize(locale), template: template)) { $0.string(from: date) }
    }
}
