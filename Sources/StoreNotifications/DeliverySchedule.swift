import Foundation

/// When the App Store tries a notification again: a first attempt at once, then retries 1,
/// 12, 24, 48 and 72 hours after the first attempt, counted in store time, until one is
/// answered with a 2xx status.
public enum DeliverySchedule {
    /// Hours after the first attempt at which the retries fall due.
    public static let retryHours: [Int] = [1, 12, 24, 48, 72]

    /// The most attempts a notification gets: the first and the retries.
    public static var maximumAttempts: Int { retryHours.count + 1 }

    /// The store time at which the next attempt of `notification` is due; nil when none is:
    /// not deliverable, delivered, or every attempt made.
    public static func nextAttemptDate(of notification: StoreNotification) -> Date? {
        guard notification.isDeliverable, !notification.isDelivered else { return nil }
        guard let first = notification.attempts.first else { return notification.time }
        let made = notification.attempts.count
        guard made <= retryHours.count else { return nil }
        return first.storeTime + TimeInterval(retryHours[made - 1] * 3_600)
    }
}
