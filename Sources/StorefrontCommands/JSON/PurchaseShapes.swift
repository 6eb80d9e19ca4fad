import Foundation
import StoreEngine

/// The shapes of `buy`, `approve`, `decline`, `resolve`, `spend`, `refund` and `restore` with `--json`.
extension JSONShapes {
    public struct PurchaseResult: Codable, Sendable {
        public var outcome: String
        public var transactionId: String?
        public var productId: String
        @AdvisedMessage public var message: String
        public var credit: String?
        public var balance: Int?
        public var expiresDate: Date?
        public var reason: String?
        /// On an upgrade, the unused part of the replaced plan refunded, as a decimal string.
        public var proratedRefund: String? = nil
        /// The new transaction as a compact JWS, when one was made.
        public var signedTransaction: String? = nil
        /// The renewal info of the auto-renewable subscription the purchase started.
        public var signedRenewalInfo: String? = nil
        /// With `--offer`: whether the purchase took the promotional offer (false when the
        /// account already had the product, or nothing was bought); absent without `--offer`.
        public var offerApplied: Bool? = nil
        /// For `approve` or `resolve` closed because the account has the product already (the
        /// outcome `alreadyOwned`, `transactionId` the one settled): the transaction that owns it.
        public var ownedByTransactionId: String? = nil
    }

    public struct SpendResult: Codable, Sendable {
        public var outcome: String
        public var credit: String
        public var amount: Int
        public var balance: Int
        @AdvisedMessage public var message: String
    }

    public struct RefundResult: Codable, Sendable {
        public var transactionId: String
        public var productId: String
        /// Credits taken back from the balance (a consumable's; 0 for anything else).
        public var revoked: Int
        /// Credits the consumable granted that were already spent and could not be taken back.
        public var shortfall: Int
        /// Whether the refund revoked a subscription that was still going: its access ends now.
        public var subscriptionRevoked: Bool = false
        /// The money that came back (a decimal string with the currency's places) and its
        /// currency; left out for a transaction without a price.
        public var amount: String?
        public var currency: String?
        /// When the refund revoked a subscription: the transactions of its other periods paid
        /// ahead, which will never begin and were not refunded (left out when there are none).
        public var paidAheadNotRefunded: [String]? = nil
        @AdvisedMessage public var message: String
    }

    public struct RestoreResult: Codable, Sendable {
        public var restored: [String]
        public var transactionIds: [String]
        @AdvisedMessage public var message: String
    }
}
