import Foundation

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
        }
    }

    /// Store seconds that pass per real second.
    public var multiplier: Double {
        realSecondsPerMonth.map { Self.storeMonth / $0 } ?? 1
    }

    /// The rate for Xcode's `SKTestTimeRate` raw value (as `_timeRate` in .storekit files).
    public init?(xcodeRawValue: Int) {
        switch xcodeRawValue {
        case 0: self = .realTime
        case 10: self = .monthEveryHour
        case 11: self = .monthEvery30Minutes
        case 12: self = .monthEvery15Minutes
        case 13: self = .monthEvery5Minutes
        case 14: self = .monthEvery30Seconds
        case 1000: self = .renewalEvery15Minutes
        case 1001: self = .renewalEvery5Minutes
        case 1002: self = .renewalEveryMinute
        case 1003: self = .renewalEvery30Seconds
        case 1004: self = .renewalEvery10Seconds
        case 1005: self = .renewalEvery2Seconds
        default: return nil
        }
    }
}

/// The store's clock as recorded in the ledger: at real time `anchorReal` the store time was
/// `anchorStore`, and since then it runs at `rate`.
public struct StoreTimeline: Sendable, Equatable {
    public var anchorReal: Date
    public var anchorStore: Date
    public var rate: TimeRate

    public static let realTime = StoreTimeline(anchorReal: Date(timeIntervalSince1970: 0),
                                               anchorStore: Date(timeIntervalSince1970: 0), rate: .realTime)

    /// The store time at real time `real`.
    public func storeTime(at real: Date) -> Date {
        anchorStore + real.timeIntervalSince(anchorReal) * rate.multiplier
    }

    /// True when store time differs from real time (a rate or an advance is in effect).
    public var isReal: Bool { rate == .realTime && anchorReal == anchorStore }
}
