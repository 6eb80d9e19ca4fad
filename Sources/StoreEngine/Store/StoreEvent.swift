import Foundation
import StoreCatalog

/// One line of the entitlements ledger: something that happened in the store.
///
/// A flat record with optional fields rather than an enum with payloads, so each ledger line
/// reads as plain JSON (`{"kind":"purchase","productId":…}`) and new fields can be added without
/// breaking old readers. Which fields are set depends on `kind`.
public struct StoreEvent: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// A completed purchase; `transactionId` is its idempotency key.
        case purchase
        /// A purchase attempt that did not complete (failed or cancelled by the user).
        case purchaseFailed
        /// Credits taken from a balance; `spendId` is its idempotency key.
        case spend
        /// A refunded transaction; what it granted is revoked.
        case refund
        /// The account's purchases delivered onto a device.
        case restore
        /// A device or store setting changed.
        case setting
        /// A device reinstalled: its deliveries and device-scoped credits are gone.
        case resetDevice
        /// The store clock changed: a new rate, or an advance (`storeTime` at `realTime`).
        case clock
        /// A subscription renewed into a new period; `renewalKey` is its idempotency key.
        case renew
        /// A renewal failed to bill: the subscription enters billing retry (or grace).
        case billingRetry
        /// A subscription's grace period ended without the billing problem being resolved.
        case graceEnded
        /// A subscription ended; `reason` is the expiration reason.
        case expire
        /// Auto-renew was switched off (or back on, `value` "on").
        case cancelRenewal
        /// A downgrade or crossgrade that takes effect at the next renewal.
        case pendingChange
        /// A parent approved an Ask to Buy request.
        case approve
        /// A parent declined an Ask to Buy request.
        case decline
        /// An interrupted purchase was completed by the buyer.
        case resolve
        /// The app finished (delivered) transactions left unfinished.
        case finish
        /// A one-shot injected error was used up.
        case failureConsumed
        /// An in-app purchase key was made: `keyId`, `issuerId` and its public half, `publicKey`.
        case inAppPurchaseKey
        /// An in-app purchase key (`keyId`) was revoked; its signatures are refused from now on.
        case inAppPurchaseKeyRevoked
        /// The app's server sent consumption information about `transactionId` (`consumption`).
        case consumptionInfo
        /// The app's server extended the subscription `originalTransactionId` by `extendByDays`.
        case renewalExtended
        /// A test notification was asked for (the App Store Server API's Request a Test
        /// Notification); the notification it causes is sent like any other.
        case testNotification
        /// One attempt to deliver the notification `notificationId`: its answer in
        /// `statusCode`, or in `reason` why there was none ("refused", "timeout", ...); `time`
        /// is the store time of the attempt, `realTime` the wall-clock time.
        case notificationAttempt
    }

    public var kind: Kind
    public var time: Date
    /// The bundle id of the catalog's app; one ledger may hold several apps.
    public var app: String
    public var account: String
    public var device: String

    public var transactionId: String?
    public var originalTransactionId: String?
    /// The transaction a subscription switch replaced.
    public var replacesTransactionId: String?
    public var productId: String?
    public var productType: ProductType?
    public var quantity: Int?
    /// Exact decimal text of the total charged, e.g. "0.99".
    public var price: String?
    public var currency: String?
    public var storefront: String?
    /// The credit a purchase adds to, a spend takes from, or a refund revokes from.
    public var credit: String?
    /// Credits added (purchase), taken (spend) or revoked (refund).
    public var amount: Int?
    /// Credits a refund could not take back because they were already spent.
    public var shortfall: Int?
    public var expiresDate: Date?
    public var offer: AppliedOffer?
    /// Why a purchase failed, for people.
    public var reason: String?
    /// The transactions a restore delivered.
    public var transactionIds: [String]?
    public var setting: String?
    public var value: String?
    public var spendId: String?
    /// Clock events: the store time at `realTime`, and the rate from then on.
    public var storeTime: Date?
    public var realTime: Date?
    public var rate: TimeRate?
    /// Renewal events: "<original transaction id>@<period start>", recorded at most once.
    public var renewalKey: String?
    public var graceExpiresDate: Date?
    /// A purchase waiting for a parent or for the buyer.
    public var awaiting: PurchaseWait?
    /// A purchase the app did not finish; it is delivered by the next `finish`.
    public var unfinished: Bool?
    /// For an upgrade: the unused part of the old period, refunded pro rata (decimal text).
    public var proratedRefund: String?
    /// The subscription group of an auto-renewable purchase, so the ledger is self-describing.
    public var group: String?
    /// A pass's duration as the catalog gave it when the pass was bought or completed (ISO 8601,
    /// `P1M`), so the fold can lay its run out again after a refund without the catalog.
    public var duration: String?
    /// How many periods of an introductory offer remain after this one (pay as you go).
    public var offerPeriodsLeft: Int?
    /// The app's own UUID for the buyer, given with the purchase (StoreKit's appAccountToken).
    public var appAccountToken: String?
    /// In-app purchase key events: the key's 10-character id and its issuer's UUID.
    public var keyId: String?
    public var issuerId: String?
    /// An in-app purchase key's public half: SubjectPublicKeyInfo DER in standard base64.
    public var publicKey: String?
    /// The nonce of a signed promotional offer a purchase used, so it is never accepted again.
    public var offerNonce: String?
    /// Consumption information as the app's server sent it: a JSON object of Apple's fields.
    public var consumption: String?
    /// A renewal date extension: the days, Apple's reason code (0-3) and the server's request id.
    public var extendByDays: Int?
    public var extendReasonCode: Int?
    public var requestIdentifier: String?
    /// The notification a delivery attempt was for: its notificationUUID as sent.
    public var notificationId: String?
    /// The same notification by where it comes from: the ledger sequence of the event that
    /// caused it and its place among that event's notifications. Attempts recorded before these
    /// were written name the notification by `notificationId` alone.
    public var notificationSeq: Int?
    public var notificationIndex: Int?
    /// The HTTP status code a delivery attempt was answered with.
    public var statusCode: Int?

    public init(kind: Kind, time: Date, app: String, account: String, device: String) {
        self.kind = kind
        self.time = time
        self.app = app
        self.account = account
        self.device = device
    }
}
