import Foundation

/// Formats store dates for people in a given locale ("29 Dec 2026", "29.12.2026"), cached.
public final class DateText: @unchecked Sendable {
    private struct Key: Hashable { let locale: String; let template: String }
    private var formatters: [Key: DateFormatter] = [:]
    private let lock = NSLock()
    private let timeZone: TimeZone

    public init(timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        self.timeZone = timeZone
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
        let key = Key(locale: LocaleIdentifier.normalize(locale), template: template)
        lock.lock()
        defer { lock.unlock() }
        let formatter: DateFormatter
        if let cached = formatters[key] {
            formatter = cached
        } else {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: key.locale)
            formatter.timeZone = timeZone
            formatter.setLocalizedDateFormatFromTemplate(template)
            formatters[key] = formatter
        }
        return formatter.string(from: date)
    }
}
