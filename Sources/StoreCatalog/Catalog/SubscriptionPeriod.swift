import Foundation

/// An ISO 8601 duration of whole days, weeks, months or years, such as `P1M` or `P3M`.
public struct SubscriptionPeriod: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Unit: String, Sendable, Codable, CaseIterable {
        case day = "D", week = "W", month = "M", year = "Y"
    }

    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses `P1W`, `P1M`, `P3M`, `P1Y`, `P3D`; nil for anything else.
    public init?(iso8601 text: String) {
        guard text.count >= 3, text.hasPrefix("P"), let last = text.last,
              let unit = Unit(rawValue: String(last)),
              let value = Int(text.dropFirst().dropLast()), value > 0, value <= 1000
        else { return nil }
        self.init(value: value, unit: unit)
    }

    /// The ISO 8601 text, e.g. `P1M`.
    public var description: String { "P\(value)\(unit.rawValue)" }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let period = SubscriptionPeriod(iso8601: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an ISO 8601 period: \(text)"))
        }
        self = period
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The date this period after `date`, in UTC calendar arithmetic (a month after 31 January is
    /// the end of February, as stores do it).
    public func added(to date: Date, times count: Int = 1) -> Date {
        var components = DateComponents()
        switch unit {
        case .day: components.day = value * count
        case .week: components.day = 7 * value * count
        case .month: components.month = value * count
        case .year: components.year = value * count
        }
        return Self.calendar.date(byAdding: components, to: date) ?? date
    }

    /// How many whole periods from `anchor` have ended by `date` (0 when none has): the
    /// largest count whose end, `added(to: anchor, times: count)`, is not after `date`.
    public func periodsEnded(from anchor: Date, by date: Date) -> Int {
        guard date > anchor else { return 0 }
        // An estimate from the average period length, then corrected by calendar arithmetic.
        var count = max(0, Int(date.timeIntervalSince(anchor) / (approximateDays * 86_400)))
        while count > 0, added(to: anchor, times: count) > date { count -= 1 }
        while added(to: anchor, times: count + 1) <= date { count += 1 }
        return count
    }

    /// The first end of a period counted from `anchor` that is after `date`. Counting every
    /// end from the anchor, rather than from the previous end, keeps the billing day: monthly
    /// from 31 January ends on 28 February, then 31 March, not 28 March.
    public func nextEnd(after date: Date, from anchor: Date) -> Date {
        added(to: anchor, times: periodsEnded(from: anchor, by: date) + 1)
    }

    /// An approximate length in days, for ordering and pro-rata arithmetic.
    public var approximateDays: Double {
        switch unit {
        case .day: Double(value)
        case .week: Double(7 * value)
        case .month: Double(value) * 30.436875
        case .year: Double(value) * 365.2425
        }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}
