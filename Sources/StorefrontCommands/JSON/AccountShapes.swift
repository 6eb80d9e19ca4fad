import Foundation
import StoreEngine

/// The shapes of `entitlements --json` and `transactions --json`.
extension JSONShapes {
    public struct EntitlementsResult: Codable, Sendable {
        public var account: String
        public var device: String
        public var nonConsumables: [NonConsumable]
        public var subscriptions: [Subscription]
        public var nonRenewing: [Pass]
        public var credits: [String: Int]
        /// Whether the ledger is intact; when damaged, what is above stops before its first bad line.
        public var ledger: LedgerState
        /// What the account's history holds that the catalog does not name, which the fields
        /// above leave out; nil (left out) when it holds nothing of the kind.
        public var notInCatalog: NotInCatalog?
    }

    /// Purchases of products and balances of credits the catalog in use does not have.
    public struct NotInCatalog: Codable, Sendable {
        public struct Product: Codable, Sendable {
            public var productId: String
            public var transactions: Int
        }
        public var products: [Product]
        /// Balances by credit id, counted over all the account's devices.
        public var credits: [String: Int]

        init?(_ gaps: CatalogGaps) {
            guard !gaps.isEmpty else { return nil }
            products = gaps.products.map { Product(productId: $0.id, transactions: $0.transactions) }
            credits = Dictionary(uniqueKeysWithValues: gaps.credits.map { ($0.id, $0.balance) })
        }
    }

    public struct NonConsumable: Codable, Sendable {
        public var productId: String
        public var transactionId: String
        public var purchaseDate: Date
        public var delivered: Bool
    }

    public struct Subscription: Codable, Sendable {
        public var productId: String
        /// Left out for a free subscription, which belongs to no group.
        public var group: String?
        public var state: String
        public var transactionId: String
        public var originalTransactionId: String
        public var purchaseDate: Date
        public var originalPurchaseDate: Date
        public var expiresDate: Date?
        public var willAutoRenew: Bool
        public var entitled: Bool
        public var delivered: Bool
        public var offer: String?
        public var expirationReason: String?
        public var pendingProductId: String?
        public var gracePeriodExpiresDate: Date?
        public var renewalCount: Int
        /// Apple's JWSRenewalInfo for auto-renewable subscriptions (ES256, as transactions).
        public var signedRenewalInfo: String?
        /// The plan whose period runs now, when the period of `productId` was paid ahead after
        /// it (renew now into the plan a switch goes to); left out otherwise.
        public var runningPlan: RunningPlan? = nil
        /// When the refund that revoked it was made; left out unless `state` is "revoked".
        public var revocationDate: Date? = nil
        /// When its access ended, for one expired or revoked: after `expiresDate` when it ended
        /// in a grace period, before it when an expire or refund cut its period short.
        public var accessEndDate: Date? = nil
        /// When its renewal, grace end or expiry fell due, where the catalog in use lacks its plan
        /// (or the plan it switches to, or its offer) and so records nothing for it; left out otherwise.
        public var dueNotRecorded: Date? = nil
        /// This device's purchases of it not finished yet (`buy --no-finish`), where the entry
        /// speaks of another transaction (a renewal, a pass another device bought since); left
        /// out when there are none.
        public var unfinishedHere: [String]? = nil
    }

    public struct RunningPlan: Codable, Sendable {
        public var productId: String
        public var transactionId: String
        public var expiresDate: Date
    }

    public struct Pass: Codable, Sendable {
        public var productId: String
        public var transactionId: String
        public var purchaseDate: Date
        public var expiresDate: Date
        public var active: Bool
        public var delivered: Bool
        /// As a subscription's `unfinishedHere`.
        public var unfinishedHere: [String]? = nil
    }

    public struct Transaction: Codable, Sendable {
        public var transactionId: String
        public var originalTransactionId: String
        public var productId: String
        public var type: String
        public var state: String
        public var purchaseDate: Date
        public var device: String
        public var quantity: Int
        public var price: String?
        public var currency: String?
        public var storefront: String?
        public var credit: String?
        public var amount: Int?
        public var expiresDate: Date?
        public var offer: String?
        public var reason: String?
        public var revocationDate: Date?
        public var replacedBy: String?
        /// On an upgrade, the unused part of the replaced plan refunded, as a decimal string.
        public var proratedRefund: String?
        /// On a refunded transaction, the money its refund gave back, as a decimal string: the
        /// price, less what an upgrade that replaced it refunded of it before.
        public var refundedAmount: String? = nil
        /// The transaction as a compact JWS; nil for failed and cancelled attempts.
        public var signedTransaction: String? = nil
        /// The order id Look Up Order ID takes; nil for attempts that were never bought.
        public var orderId: String? = nil
        /// The consumption information the app's server last sent for it, Apple's fields as sent.
        public var consumption: [String: ConsumptionValue]? = nil
    }

    /// One field of consumption information: Apple's are numbers, booleans and a UUID string.
    public enum ConsumptionValue: Codable, Sendable, Equatable {
        case number(Int)
        case flag(Bool)
        case text(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .number(number): try container.encode(number)
            case let .flag(flag): try container.encode(flag)
            case let .text(text): try container.encode(text)
            }
        }
    }
}
