import Foundation
import StoreCatalog

/// A length of store time: an ISO 8601 duration (P1M, P1W, P2D, PT2H, P1DT12H) or a short form
/// (3d, 2h, 30m, 45s, 1w), at most `longestDays` long.
public struct StoreDuration: Sendable, Equatable, CustomStringConvertible {
    /// The longest duration accepted, in days: 100 years. Longer jumps are refused rather than
    /// trusted to calendar arithmetic, and repeated jumps end at `Store.latestStoreTime`.
    public static let longestDays = 36_525

    public var months = 0
    public var days = 0
    public var seconds = 0
    public let description: String

    /// Parses `text`; nil when it is not a duration or is too long (`parse` says which).
    public init?(_ text: String) {
        guard let parsed = try? Self.parse(text) else { return nil }
        self = parsed
    }

    private init(description: String) { self.description = description }

    /// Parses `text`, or says what is wrong with it.
    public static func parse(_ text: String) throws(StoreDurationError) -> StoreDuration {
        var duration = StoreDuration(description: text)
        let lower = text.lowercased()
        // "-3d" is a duration with a sign, not a typo: say that time only moves forward.
        if lower.hasPrefix("-"), (try? parse(String(text.dropFirst()))) != nil { throw .negative(text) }
        if lower.hasPrefix("p") {
            try duration.parseISO(String(lower.dropFirst()))
        } else {
            guard let unit = lower.last else { throw .notADuration(text) }
            let digits = lower.dropLast()
            // Digits alone: `Int` would also take a sign ("+3d"), which no other number here takes,
            // and no zero in front ("01d"), as no number an option takes has one.
            let isNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } && !(digits.count > 1 && digits.first == "0")
            // "1M" reads as a month to many, where "m" is minutes: a month is P1M.
            if text.last == "M", isNumber { throw .monthOrMinutes(text) }
            guard isNumber, let value = Int(digits) else {
                // More digits than an Int holds is a number, only too long a one.
                throw isNumber && "wdhms".contains(unit) ? .tooLong(text) : .notADuration(text)
            }
            switch unit {
            case "w": try duration.add(value, times: 7, to: \.days)
            case "d": try duration.add(value, times: 1, to: \.days)
            case "h": try duration.add(value, times: 3_600, to: \.seconds)
            case "m": try duration.add(value, times: 60, to: \.seconds)
            case "s": try duration.add(value, times: 1, to: \.seconds)
            default: throw .notADuration(text)
            }
        }
        guard duration.months > 0 || duration.days > 0 || duration.seconds > 0 else { throw .zero(text) }
        guard duration.approximateDays <= Double(longestDays) else { throw .tooLong(text) }
        return duration
    }

    /// The length in days, a month counted as its average length.
    var approximateDays: Double {
        Double(months) * 30.436875 + Double(days) + Double(seconds) / 86_400
    }

    /// Adds `value × factor` to a component, refusing the duration instead of overflowing.
    private mutating func add(_ value: Int, times factor: Int, to component: WritableKeyPath<StoreDuration, Int>)
        throws(StoreDurationError) {
        let (product, overflowMultiplying) = value.multipliedReportingOverflow(by: factor)
        let (sum, overflowAdding) = self[keyPath: component].addingReportingOverflow(product)
        guard !overflowMultiplying, !overflowAdding else { throw .tooLong(description) }
        self[keyPath: component] = sum
    }

    private mutating func parseISO(_ body: String) throws(StoreDurationError) {
        var number = ""
        var inTime = false
        var timeParts = 0
        // ISO 8601 names each unit at most once, largest first (P1Y2M, not P1M1Y or P1Y1Y).
        var lastRank = -1
        var parts = 0
        for character in body {
            if character.isASCII && character.isNumber { number.append(character); continue }
            if character == "t" {
                guard number.isEmpty, !inTime else { throw .notADuration(description) }
                inTime = true
                continue
            }
            guard !number.isEmpty else { throw .notADuration(description) }
            // More digits than an Int holds is a number, only too long a one.
            guard let value = Int(number) else { throw .tooLong(description) }
            number = ""
            let rank = Self.designatorRank(character, inTime: inTime)
            guard let rank, rank > lastRank else { throw .notADuration(description) }
            lastRank = rank
            parts += 1
            switch (character, inTime) {
            case ("y", false): try add(value, times: 12, to: \.months)
            case ("m", false): try add(value, times: 1, to: \.months)
            case ("w", false): try add(value, times: 7, to: \.days)
            case ("d", false): try add(value, times: 1, to: \.days)
            case ("h", true): try add(value, times: 3_600, to: \.seconds); timeParts += 1
            case ("m", true): try add(value, times: 60, to: \.seconds); timeParts += 1
            case ("s", true): try add(value, times: 1, to: \.seconds); timeParts += 1
            default: throw .notADuration(description)
            }
        }
        guard number.isEmpty, parts > 0, !inTime || timeParts > 0 else { throw .notADuration(description) }
    }

    /// The place of a unit in an ISO 8601 duration (years first, seconds last); nil for no unit.
    private static func designatorRank(_ character: Character, inTime: Bool) -> Int? {
        let units: [Character] = inTime ? ["h", "m", "s"] : ["y", "m", "w", "d"]
        return units.firstIndex(of: character).map { inTime ? 4 + $0 : $0 }
    }

    /// `date` plus this duration in UTC calendar arithmetic.
    public func added(to date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        var components = DateComponents()
        components.month = months
        components.day = days
        components.second = seconds
        return calendar.date(byAdding: components, to: date) ?? date
    }
}

/// Why a duration given to `advance` was refused.
public enum StoreDurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case notADuration(String)
    /// A shorthand in capital M ("1M"): minutes or a month, which it does not say.
    case monthOrMinutes(String)
    case negative(String)
    case zero(String)
    case tooLong(String)

    public var description: String {
        switch self {
        case let .notADuration(text) where text.allSatisfy(\.isWhitespace):
            "the duration is \(text.isEmpty ? "empty" : "blank"); give one such as P1M, P1W, PT2H, or 1w, 3d, 2h, 30m, 45s"
        case let .notADuration(text):
            "\"\(EchoedText.cut(text))\" is not a duration; use an ISO 8601 period such as P1M, P1W, PT2H, or 1w, 3d, 2h, 30m, 45s"
        case let .monthOrMinutes(text):
            "\"\(EchoedText.cut(text))\" could mean months or minutes; write P\(text) for months or \(text.dropLast())m for minutes"
        case let .negative(text):
            "\"\(text)\" is negative, and store time only moves forward; give a positive duration such as "
                + "\(text.dropFirst()) (to start over, use a new store: another entitlements file or database)"
        case let .zero(text):
            "\"\(text)\" is no time at all; give a duration longer than zero, such as 1d"
        case let .tooLong(text):
            "\"\(text)\" is longer than the longest advance (100 years, P100Y or \(StoreDuration.longestDays)d); advance in smaller steps"
        }
    }
}
