import Foundation

/// The store's clock: its rate and jumps forward, recorded in the ledger so all processes agree.
extension Store {
    /// The current clock settings.
    public var timeline: StoreTimeline { snapshot.timeline }

    /// Makes store time run at `rate` from now on (store time does not jump).
    public func setTimeRate(_ rate: TimeRate, buyer: Buyer) throws {
        try commit { state, now in
            var change = event(.clock, for: buyer, at: now)
            change.realTime = clock.now()
            change.storeTime = now
            change.rate = rate
            return ([change], ())
        }
    }

    /// Moves store time forward by `seconds`; what falls due is recorded at once.
    /// Returns the new store time.
    @discardableResult
    public func advance(by duration: StoreDuration, buyer: Buyer) throws -> Date {
        try commit { state, now in
            let target = duration.added(to: now)
            var change = event(.clock, for: buyer, at: now)
            change.realTime = clock.now()
            change.storeTime = target
            change.rate = state.timeline.rate
            var preview = state
            preview.apply(change, sequence: state.eventCount + 1)
            let due = SubscriptionSchedule(catalog: catalog).dueEvents(in: preview, at: target)
            return ([change] + due, target)
        }
    }
}

/// A length of store time: an ISO 8601 duration (P1M, P1W, P2D, PT2H, P1DT12H) or a short form
/// (3d, 2h, 30m, 45s, 1w).
public struct StoreDuration: Sendable, Equatable, CustomStringConvertible {
    public var months = 0
    public var days = 0
    public var seconds = 0
    public let description: String

    public init?(_ text: String) {
        description = text
        let lower = text.lowercased()
        if lower.hasPrefix("p") {
            guard parseISO(String(lower.dropFirst())) else { return nil }
        } else {
            guard let unit = lower.last, let value = Int(lower.dropLast()), value > 0 else { return nil }
            switch unit {
            case "w": days = 7 * value
            case "d": days = value
            case "h": seconds = 3_600 * value
            case "m": seconds = 60 * value
            case "s": seconds = value
            default: return nil
            }
        }
        guard months > 0 || days > 0 || seconds > 0, months <= 12_000, days <= 400_000 else { return nil }
    }

    private mutating func parseISO(_ body: String) -> Bool {
        var number = ""
        var inTime = false
        var timeParts = 0
        for character in body {
            if character.isASCII && character.isNumber { number.append(character); continue }
            if character == "t" { guard number.isEmpty, !inTime else { return false }; inTime = true; continue }
            guard let value = Int(number) else { return false }
            number = ""
            switch (character, inTime) {
            case ("y", false): months += 12 * value
            case ("m", false): months += value
            case ("w", false): days += 7 * value
            case ("d", false): days += value
            case ("h", true): seconds += 3_600 * value; timeParts += 1
            case ("m", true): seconds += 60 * value; timeParts += 1
            case ("s", true): seconds += value; timeParts += 1
            default: return false
            }
        }
        return number.isEmpty && (!inTime || timeParts > 0)
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
