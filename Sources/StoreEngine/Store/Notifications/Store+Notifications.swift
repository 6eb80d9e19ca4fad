import Foundation

extension Store {
    /// Records a request for a test notification (TEST) and returns the ledger sequence of
    /// its event, from which the notification's identity is derived.
    public func requestTestNotification(by buyer: Buyer) throws -> Int {
        try commit { state, now in
            // The event goes after everything already folded, the due events included.
            ([event(.testNotification, for: buyer, at: now)], state.eventCount + 1)
        }
    }

    /// Records one attempt to deliver the notification sent as `notificationID` (its
    /// notificationUUID), the `index`th notification of the event at `sequence`: at the
    /// store's time and at wall-clock time `sentAt`, with what came of it.
    ///
    /// The cause is recorded beside the UUID so the attempt still finds its notification when
    /// the store's notifications are named from something else later.
    public func recordNotificationAttempt(_ notificationID: String, causedAt sequence: Int, index: Int,
                                          outcome: NotificationDeliveryOutcome, sentAt: Date, by buyer: Buyer) throws {
        try commit { _, now in
            var attempt = event(.notificationAttempt, for: buyer, at: now)
            attempt.notificationId = notificationID
            attempt.notificationSeq = sequence
            attempt.notificationIndex = index
            attempt.realTime = sentAt
            switch outcome {
            case let .answered(statusCode): attempt.statusCode = statusCode
            case let .failed(reason): attempt.reason = reason.rawValue
            }
            return ([attempt], ())
        }
    }
}

extension StoreEvent {
    /// What a delivery attempt event records; nil for another kind of event.
    public var deliveryOutcome: NotificationDeliveryOutcome? {
        kind == .notificationAttempt ? NotificationDeliveryOutcome(event: self) : nil
    }
}
