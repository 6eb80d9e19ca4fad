import Foundation
import StoreEngine
import StoreHTTPClient

/// Sends notifications as an HTTP POST with `StoreHTTPClient`, waiting at most `timeout`.
public struct HTTPNotificationSender: NotificationSender {
    /// How long one attempt may take before it counts as a timeout.
    public let timeout: TimeInterval

    public static let defaultTimeout: TimeInterval = 5

    public init(timeout: TimeInterval = HTTPNotificationSender.defaultTimeout) {
        self.timeout = timeout
    }

    public func send(_ body: [UInt8], to url: URL) -> NotificationDeliveryOutcome {
        // Only the status counts, so the exchange ends at the answer's header fields.
        let answer = HTTPClient.send("POST", to: url, headers: [HTTPHeaderField(name: "Content-Type", value: "application/json")],
                                     body: body, timeout: timeout, readsBody: false)
        return Self.outcome(answer)
    }

    /// What an exchange's answer, or its failure, means for the attempt.
    static func outcome(_ answer: Result<HTTPResponse, HTTPClientFailure>) -> NotificationDeliveryOutcome {
        switch answer {
        case .success(let response): .answered(statusCode: response.status)
        case .failure(.timeout): .failed(.timeout)
        case .failure(.refused): .failed(.refused)
        case .failure(.unreachable): .failed(.unreachable)
        }
    }
}
