/// How fast time passes in a StoreKit test session (`_timeRate`), by Xcode's raw values.
public enum StoreKitTimeRate: Int, Sendable, CaseIterable {
    case realTime = 0
    case oneHourIsOneDay = 1
    case thirtyMinutesIsOneDay = 2
    case fiveMinutesIsOneDay = 3
    case oneMinuteIsOneDay = 4
    case thirtySecondsIsOneDay = 5
    case oneSecondIsOneDay = 6
    case monthlyRenewalEveryHour = 10
    case monthlyRenewalEveryThirtyMinutes = 11
    case monthlyRenewalEveryFifteenMinutes = 12
    case monthlyRenewalEveryFiveMinutes = 13
    case monthlyRenewalEveryThirtySeconds = 15
    case oneRenewalEveryFifteenMinutes = 1000
    case oneRenewalEveryFiveMinutes = 1001
    case oneRenewalEveryMinute = 1002
    case oneRenewalEveryThirtySeconds = 1003
    case oneRenewalEveryTenSeconds = 1004
    case oneRenewalEveryTwoSeconds = 1005

    /// What the rate means for a clock.
    public enum Speed: Sendable, Equatable {
        case realTime
        /// A day of store time passes in this many real seconds.
        case dayLasts(seconds: Int)
        /// A month of store time passes in this many real seconds (other periods in proportion).
        case monthLasts(seconds: Int)
        /// Every subscription period, whatever its length, passes in this many real seconds.
        case everyPeriodLasts(seconds: Int)
    }

    public var speed: Speed {
        switch self {
        case .realTime: .realTime
        case .oneHourIsOneDay: .dayLasts(seconds: 3600)
        case .thirtyMinutesIsOneDay: .dayLasts(seconds: 1800)
        case .fiveMinutesIsOneDay: .dayLasts(seconds: 300)
        case .oneMinuteIsOneDay: .dayLasts(seconds: 60)
        case .thirtySecondsIsOneDay: .dayLasts(seconds: 30)
        case .oneSecondIsOneDay: .dayLasts(seconds: 1)
        case .monthlyRenewalEveryHour: .monthLasts(seconds: 3600)
        case .monthlyRenewalEveryThirtyMinutes: .monthLasts(seconds: 1800)
        case .monthlyRenewalEveryFifteenMinutes: .monthLasts(seconds: 900)
        case .monthlyRenewalEveryFiveMinutes: .monthLasts(seconds: 300)
        case .monthlyRenewalEveryThirtySeconds: .monthLasts(seconds: 30)
        case .oneRenewalEveryFifteenMinutes: .everyPeriodLasts(seconds: 900)
        case .oneRenewalEveryFiveMinutes: .everyPeriodLasts(seconds: 300)
        case .oneRenewalEveryMinute: .everyPeriodLasts(seconds: 60)
        case .oneRenewalEveryThirtySeconds: .everyPeriodLasts(seconds: 30)
        case .oneRenewalEveryTenSeconds: .everyPeriodLasts(seconds: 10)
        case .oneRenewalEveryTwoSeconds: .everyPeriodLasts(seconds: 2)
        }
    }

    /// A phrase for people, e.g. "monthly renewal every 30 seconds".
    public var phrase: String {
        switch speed {
        case .realTime: "real time"
        case .dayLasts(let seconds): "one day every \(Self.duration(seconds))"
        case .monthLasts(let seconds): "monthly renewal every \(Self.duration(seconds))"
        case .everyPeriodLasts(let seconds): "one renewal every \(Self.duration(seconds))"
        }
    }

    private static func duration(_ seconds: Int) -> String {
        if seconds % 3600 == 0 { return seconds == 3600 ? "hour" : "\(seconds / 3600) hours" }
        if seconds % 60 == 0 { return seconds == 60 ? "minute" : "\(seconds / 60) minutes" }
        return seconds == 1 ? "second" : "\(seconds) seconds"
    }
}
