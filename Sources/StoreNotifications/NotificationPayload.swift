import Foundation
import StoreEngine
import StoreSigning

/// The claims of a signed notification: Apple's `ResponseBodyV2DecodedPayload`, with Apple's
/// field names and JSON types.
public struct NotificationPayload: Codable, Sendable, Equatable {
    public var notificationType: String
    public var subtype: String?
    public var notificationUUID: String
    public var version: String
    public var signedDate: Int64
    public var data: NotificationData

    /// The version of App Store Server Notifications these are.
    public static let version = "2.0"

    /// Apple's `Data` of a notification: the app, and the transaction and renewal info it is about.
    public struct NotificationData: Codable, Sendable, Equatable {
        public var appAppleId: Int?
        public var bundleId: String
        public var bundleVersion: String
        public var environment: String
        public var signedTransactionInfo: String?
        public var signedRenewalInfo: String?
        /// Apple's subscription status: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
        public var status: Int?
        /// A CONSUMPTION_REQUEST's: why the customer asked for the refund.
        public var consumptionRequestReason: String?
    }

    /// Apple's `status` number for a subscription state.
    public static func status(_ state: SubscriptionChain.Status) -> Int {
        switch state {
        case .subscribed: 1
        case .expired: 2
        case .inBillingRetryPeriod: 3
        case .inGracePeriod: 4
        case .revoked: 5
        }
    }
}

/// The body POSTed to the app's notification URL: `{"signedPayload": JWS}`.
public struct NotificationRequestBody: Codable, Sendable, Equatable {
    public var signedPayload: String

    public init(signedPayload: String) {
        self.signedPayload = signedPayload
    }

    /// The body's JSON bytes.
    public func encoded() -> [UInt8] {
        // Base64url text needs no escaping: the body is the token between two fixed strings.
        Array(#"{"signedPayload":"\#(signedPayload)"}"#.utf8)
    }
}
