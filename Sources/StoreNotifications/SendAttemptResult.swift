import StoreEngine

/// Apple's `sendAttemptResult` for what an attempt came to, as the notification history reports it.
extension NotificationDeliveryOutcome {
    public var sendAttemptResult: String {
        switch self {
        case let .answered(code): NotificationDeliveryOutcome.successCodes.contains(code) ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
        case .failed(.timeout): "TIMED_OUT"
        case .failed(.refused): "SOCKET_ISSUE"
        case .failed(.unreachable): "OTHER"
        }
    }

    /// The outcome in a word for people: the status code, or refused, timeout, unreachable.
    public var summary: String {
        switch self {
        case let .answered(code): String(code)
        case let .failed(reason): reason.rawValue
        }
    }
}
