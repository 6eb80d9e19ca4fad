import Foundation
import StoreEngine

/// The claims of a signed app transaction: Apple's `AppTransaction` for one account on one
/// device, with Apple's field names and JSON types.
public struct SignedAppTransactionPayload: Codable, Sendable, Equatable {
    /// The environment the app transaction is for (Apple's `receiptType`).
    public var receiptType: String
    public var appAppleId: Int?
    public var bundleId: String
    public var applicationVersion: String
    public var originalApplicationVersion: String
    /// When the account first got the app: its first transaction in the store, else now.
    public var originalPurchaseDate: Int64
    public var receiptCreationDate: Int64
    public var requestDate: Int64
    public var appTransactionId: String
    public var originalPlatform: String
    /// Base64 of SHA-384 over the lowercased nonce followed by the lowercased device
    /// verification id, as an app checks it against its own device id.
    public var deviceVerification: String
    public var deviceVerificationNonce: String

    /// The version every app transaction names: the store has no app versions.
    public static let applicationVersion = "1"
    /// Apple's `originalPlatform` for the platform the store stands in for.
    public static let platform = "iOS"

    public init(bundleID: String, appAppleID: Int?, environment: StoreEnvironment, originalPurchaseDate: Date,
                signedDate: Date, appTransactionID: String, deviceVerification: DeviceVerification) {
        receiptType = environment.rawValue
        appAppleId = appAppleID
        bundleId = bundleID
        applicationVersion = Self.applicationVersion
        originalApplicationVersion = Self.applicationVersion
        self.originalPurchaseDate = SignedTransactionPayload.milliseconds(originalPurchaseDate)
        receiptCreationDate = SignedTransactionPayload.milliseconds(signedDate)
        requestDate = receiptCreationDate
        appTransactionId = appTransactionID
        originalPlatform = Self.platform
        self.deviceVerification = deviceVerification.hash
        deviceVerificationNonce = deviceVerification.nonce
    }
}
