import Foundation

/// The shape of `notifications --json`.
extension JSONShapes {
    public struct NotificationList: Codable, Sendable, Equatable {
        public var notifications: [NotificationEntry]
        /// The address of the `storefront serve` delivering them; nil when none runs.
        public var servedBy: String?
    }

    public struct NotificationEntry: Codable, Sendable, Equatable {
        public var notificationUUID: String
        public var notificationType: String
        public var subtype: String?
        public var transactionId: String?
        public var originalTransactionId: String?
        public var productId: String?
        public var account: String
        /// Store time of the event that caused it.
        public var date: Date
        /// pending, delivered, failed or not-sent.
        public var state: String
        /// Store time of the next attempt, while pending.
        public var nextAttemptDate: Date?
        public var sendAttempts: [SendAttempt]
    }

    public struct SendAttempt: Codable, Sendable, Equatable {
        /// Store time of the attempt (what the retry schedule counts in).
        public var attemptDate: Date
        public var wallClockDate: Date?
        /// Apple's sendAttemptResult: SUCCESS, UNSUCCESSFUL_HTTP_RESPONSE_CODE, TIMED_OUT, SOCKET_ISSUE, OTHER.
        public var sendAttemptResult: String
        public var statusCode: Int?
    }
}
