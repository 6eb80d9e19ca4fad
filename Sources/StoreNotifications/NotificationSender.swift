import Foundation
import StoreEngine

/// Sends one notification body to a URL and says what came of it.
///
/// The delivery worker's only way out to the network, so tests give it a scripted sender.
public protocol NotificationSender: Sendable {
    /// POSTs `body` (JSON) to `url` and returns the answer's status code, or why there was none.
    func send(_ body: [UInt8], to url: URL) -> NotificationDeliveryOutcome
}
