import Foundation
import StoreEngine

extension Store {
    /// Records one attempt to deliver `notification`, under the notificationUUID it was sent
    /// with and by the event that caused it, on the device of that event.
    public func recordAttempt(at notification: StoreNotification, outcome: NotificationDeliveryOutcome,
                              sentAt: Date) throws {
        try recordNotificationAttempt(notification.id, causedAt: notification.sequence, index: notification.index,
                                      outcome: outcome, sentAt: sentAt,
                                      by: Buyer(account: notification.account, device: notification.device))
    }
}
