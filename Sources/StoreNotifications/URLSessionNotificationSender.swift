import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoreEngine

/// Sends notifications over HTTP with Foundation's URLSession, waiting at most `timeout`.
///
/// One session serves every attempt: making a session per attempt costs more than the
/// attempt itself on Linux.
public final class URLSessionNotificationSender: NotificationSender, @unchecked Sendable {
    /// How long one attempt may take before it counts as a timeout.
    public let timeout: TimeInterval
    private let session: URLSession

    public static let defaultTimeout: TimeInterval = 5

    public init(timeout: TimeInterval = URLSessionNotificationSender.defaultTimeout) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ body: [UInt8], to url: URL) -> NotificationDeliveryOutcome {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body)
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { _, response, error in
            answer.set(Self.outcome(response: response, error: error))
            done.signal()
        }.resume()
        // The session's own limit fires first; this one only guards against a lost callback.
        guard done.wait(timeout: .now() + timeout + 2) == .success else { return .failed(.timeout) }
        return answer.value ?? .failed(.unreachable)
    }

    /// What a finished task's response or error means.
    static func outcome(response: URLResponse?, error: Error?) -> NotificationDeliveryOutcome {
        if let http = response as? HTTPURLResponse { return .answered(statusCode: http.statusCode) }
        switch (error as? URLError)?.code {
        case .timedOut?: return .failed(.timeout)
        case .cannotConnectToHost?: return .failed(.refused)
        default: return .failed(.unreachable)
        }
    }

    /// The outcome handed from the session's queue to the waiting caller.
    private final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: NotificationDeliveryOutcome?
        func set(_ outcome: NotificationDeliveryOutcome) { lock.withLock { stored = outcome } }
        var value: NotificationDeliveryOutcome? { lock.withLock { stored } }
    }
}
