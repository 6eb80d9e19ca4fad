import Foundation

/// What one attempt to deliver a notification came to, as the ledger records it.
public enum NotificationDeliveryOutcome: Sendable, Equatable {
    /// The receiver answered with this HTTP status code (2xx is a delivery).
    case answered(statusCode: Int)
    /// No answer: the reason, one of `FailureReason`.
    case failed(FailureReason)

    /// Why an attempt got no HTTP answer; the raw values are what the ledger records.
    public enum FailureReason: String, Sendable, CaseIterable {
        /// The connection was refused (nothing listens there).
        case refused
        /// No answer within the sender's time limit.
        case timeout
        /// Anything else: the host name did not resolve, the connection broke, TLS failed.
        case unreachable
    }

    /// The answers that count as delivered: 200 to 206, as the App Store counts them.
    public static let successCodes = 200...206

    /// Whether the receiver took the notification, so it is not sent again.
    public var isDelivered: Bool {
        if case let .answered(code) = self { return Self.successCodes.contains(code) }
        return false
    }

    /// The outcome a delivery attempt event records; nil when it records none.
    init?(event: StoreEvent) {
        if let code = event.statusCode {
            self = .answered(statusCode: code)
        } else if let reason = event.reason.flatMap(FailureReason.init(rawValue:)) {
            self = .failed(reason)
        } else {
            return nil
        }
    }
}
