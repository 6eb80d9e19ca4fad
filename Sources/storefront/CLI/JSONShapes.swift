import Foundation
import StoreEngine
import StoreSigning

/// The stable `--json` shapes, documented in the README. Optional fields are left out when nil.
enum JSONShapes {
    struct ProductEntry: Encodable {
        var id: String
        var type: String
        var title: String
        var description: String
        var price: String?
        var currency: String
        var displayPrice: String?
        var available: Bool
        var status: String
        var credit: String?
        var balance: Int?
        var grants: Int?
        var purchaseDate: Date?
        var expiresDate: Date?
        var willAutoRenew: Bool?
        var group: String?
        var level: Int?
        var subscriptionPeriod: String?
        var duration: String?
        var introOffer: Offer?
        var promotionalOffers: [Offer]?
    }

    /// An offer's terms; `price` is the offer's price here (absent for a free trial).
    struct Offer: Encodable {
        var id: String?
        var paymentMode: String
        var period: String
        var periods: Int
        var price: String?
        var displayPrice: String?
    }

    struct PurchaseResult: Encodable {
        var outcome: String
        var transactionId: String?
        var productId: String
        var message: String
        var credit: String?
        var balance: Int?
        var expiresDate: Date?
        var reason: String?
        /// On an upgrade, the unused part of the replaced plan refunded, as a decimal string.
        var proratedRefund: String? = nil
        /// The new transaction as a compact JWS, when one was made.
        var signedTransaction: String? = nil
        /// The renewal info of the auto-renewable subscription the purchase started.
        var signedRenewalInfo: String? = nil
    }

    struct NonConsumable: Encodable {
        var productId: String
        var transactionId: String
        var purchaseDate: Date
        var delivered: Bool
    }

    struct Subscription: Encodable {
        var productId: String
        var group: String
        var state: String
        var transactionId: String
        var originalTransactionId: String
        var purchaseDate: Date
        var originalPurchaseDate: Date
        var expiresDate: Date?
        var willAutoRenew: Bool
        var entitled: Bool
        var delivered: Bool
        var offer: String?
        var expirationReason: String?
        var pendingProductId: String?
        var gracePeriodExpiresDate: Date?
        var renewalCount: Int
        /// Apple's JWSRenewalInfo for auto-renewable subscriptions (ES256, as transactions).
        var signedRenewalInfo: String?
    }

    struct Pass: Encodable {
        var productId: String
        var transactionId: String
        var purchaseDate: Date
        var expiresDate: Date
        var active: Bool
        var delivered: Bool
    }

    struct EntitlementsResult: Encodable {
        var account: String
        var device: String
        var nonConsumables: [NonConsumable]
        var subscriptions: [Subscription]
        var nonRenewing: [Pass]
        var credits: [String: Int]
        /// Whether the ledger is intact; when damaged, what is above stops before its first bad line.
        var ledger: LedgerDamage
    }

    struct Transaction: Encodable {
        var transactionId: String
        var originalTransactionId: String
        var productId: String
        var type: String
        var state: String
        var purchaseDate: Date
        var device: String
        var quantity: Int
        var price: String?
        var currency: String?
        var storefront: String?
        var credit: String?
        var amount: Int?
        var expiresDate: Date?
        var offer: String?
        var reason: String?
        var revocationDate: Date?
        var replacedBy: String?
        /// On an upgrade, the unused part of the replaced plan refunded, as a decimal string.
        var proratedRefund: String?
        /// The transaction as a compact JWS; nil for failed and cancelled attempts.
        var signedTransaction: String? = nil
    }

    struct SpendResult: Encodable {
        var outcome: String
        var credit: String
        var amount: Int
        var balance: Int
        var message: String
    }

    struct RefundResult: Encodable {
        var transactionId: String
        var productId: String
        var revoked: Int
        var shortfall: Int
        var message: String
    }

    struct RestoreResult: Encodable {
        var restored: [String]
        var transactionIds: [String]
        var message: String
    }

    struct AppTransaction: Encodable {
        var signedAppTransaction: String
        var appTransactionId: String
        /// What the app compares `deviceVerification` with (StoreKit's device verification id).
        var deviceVerificationId: String
        var payload: SignedAppTransactionPayload
    }

    struct RootCertificate: Encodable {
        /// The root certificate in PEM, what a verifier is configured with.
        var certificate: String
        /// The whole chain a token's x5c carries: leaf, intermediate, root (standard base64 DER).
        var chain: [String]
        var authorityFile: String
        var validFrom: Date
        var validUntil: Date
    }

    struct TransactionVerification: Encodable {
        /// valid, malformed, untrustedChain, signatureInvalid, otherApp, revoked or expired.
        var status: String
        var transactionId: String?
        /// The signed claims, present only when the signature checked out.
        var payload: SignedTransactionPayload?
        var detail: String
        var checkedAgainstLedger: Bool
    }

    struct Problem: Encodable {
        var severity: String
        var file: String
        var line: Int?
        var column: Int?
        var productId: String?
        var field: String?
        var message: String
    }
}
