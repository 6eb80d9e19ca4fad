import Foundation
import StoreCatalog

/// How fast store time runs compared with real time, modelled on Xcode's StoreKit test rates.
///
/// Xcode's "monthly renewal every …" rates make a month pass in that real time. Its "one
/// renewal every …" rates make every subscription period pass in that time whatever its
/// length; Storefront has one store clock for all subscriptions, so those make a *month* pass
/// in that time (a weekly subscription then renews about four times as often, a yearly one
/// twelve times less often).
public enum TimeRate: String, Sendable, CaseIterable, Codable {
    case realTime = "real-time"
    case monthEveryHour = "month-every-hour"
    case monthEvery30Minutes = "month-every-30-minutes"
    case monthEvery15Minutes = "month-every-15-minutes"
    case monthEvery5Minutes = "month-every-5-minutes"
    case monthEvery30Seconds = "month-every-30-seconds"
    case renewalEvery15Minutes = "renewal-every-15-minutes"
    case renewalEvery5Minutes = "renewal-every-5-minutes"
    case renewalEveryMinute = "renewal-every-minute"
    case renewalEvery30Seconds = "renewal-every-30-seconds"
    case renewalEvery10Seconds = "renewal-every-10-seconds"
    case renewalEvery2Seconds = "renewal-every-2-seconds"
    case dayEveryHour = "day-every-hour"
    case dayEvery30Minutes = "day-every-30-minutes"
    case dayEvery5Minutes = "day-every-5-minutes"
    case dayEveryMinute = "day-every-minute"
    case dayEvery30Seconds = "day-every-30-seconds"
    case dayEverySecond = "day-every-second"

    /// A month of store time, in seconds, for the multiplier (30 days).
    static let storeMonth: TimeInterval = 30 * 86_400

    /// Real seconds in which a store month passes; nil for real time.
    public var realSecondsPerMonth: TimeInterval? {
        switch self {
        case .realTime: nil
        case .monthEveryHour: 3_600
        case .monthEvery30Minutes: 1_800
        case .monthEvery15Minutes, .renewalEvery15Minutes: 900
        case .monthEvery5Minutes, .renewalEvery5Minutes: 300
        case .renewalEveryMinute: 60
        case .monthEvery30Seconds, .renewalEvery30Seconds: 30
        case .renewalEvery10Seconds: 10
        case .renewalEvery2Seconds: 2
        case .dayEveryHour, .dayEvery30Minutes, .dayEvery5Minutes, .dayEveryMinute, .dayEvery30Seconds, .dayEverySecond:
            realSecondsPerDay.map { $0 * 30 }
        }
    }

    /// Real seconds in which a store day passes, for the "day every …" rates.
    public var realSecondsPerDay: TimeInterval? {
        switch self {
        case .dayEveryHour: 3_600
        case .dayEvery30Minutes: 1_800
        case .dayEvery5Minutes: 300
        case .dayEveryMinute: 60
        case .dayEvery30Seconds: 30
        case .dayEverySecond: 1
        default: nil
        }
    }

    /// Store seconds that pass per real second.
    public var multiplier: Double {
        realSecondsPerMonth.map { Self.storeMonth / $0 } ?? 1
    }

    /// The same rate as an Xcode StoreKit time rate (`_timeRate` in .storekit files).
    public init?(_ rate: StoreKitTimeRate) {
        switch rate.speed {
        case .realTime: self = .realTime
        case let .dayLasts(seconds):
            guard let match = Self.allCases.first(where: { $0.realSecondsPerDay == TimeInterval(seconds) }) else { return nil }
            self = match
        case let .monthLasts(seconds):
            guard let match = Self.allCases.first(where: {
                $0.rawValue.hasPrefix("month-") && $0.realSecondsPerMonth == TimeInterval(seconds)
            }) else { return nil }
            self = match
        case let .everyPeriodLasts(seconds):
            guard let match = Self.allCases.first(where: {
                $0.rawValue.hasPrefix("renewal-") && $0.realSecondsPerMonth == TimeInterval(seconds)
            }) else { return nil }
            self = match
        }
    }
}

/// The store's clock as recorded in the ledger: at real time `anchorReal` the store time was
/// `anchorStore`, and since then it runs at `rate`.
public struct StoreTimeline: Sendable, Equatable {
    public var anchorReal: Date
    public var anchorStore: Date
    public var rate: TimeRate

    /// False until the first event fixes where a catalog's rate starts: until then store time
    /// is real time, and the rate is shown but has had no time to act.
    public var isAnchored = true

    public init(anchorReal: Date, anchorStore: Date, rate: TimeRate) {
        self.anchorReal = anchorReal
        self.anchorStore = anchorStore
        self.rate = rate
    }

    public static let realTime = StoreTimeline(anchorReal: Date(timeIntervalSince1970: 0),
                                               anchorStore: Date(timeIntervalSince1970: 0), rate: .realTime)

    /// A catalog's rate (from a .storekit file) before the app has any event: in force from
    /// the first read, it starts running at the app's first event.
    public static func startingAtFirstEvent(rate: TimeRate) -> StoreTimeline {
        var timeline = StoreTimeline(anchorReal: Date(timeIntervalSince1970: 0), anchorStore: Date(timeIntervalSince1970: 0),
                                     rate: rate)
        timeline.isAnchored = rate == .realTime
        return timeline
    }

    /// The store time at real time `real`.
    public func storeTime(at real: Date) -> Date {
        guard isAnchored else { return real }
        // A fast rate left running for days would otherwise carry store time past any date
        // the store can keep; the clock stops at the latest store time instead.
        return min(anchorStore + real.timeIntervalSince(anchorReal) * rate.multiplier, max(anchorStore, Store.latestStoreTime))
    }

    /// True when store time differs from real time (a rate or an advance is in effect).
    public var isReal: Bool { rate == .realTime && anchorReal == anchorStore }
}
