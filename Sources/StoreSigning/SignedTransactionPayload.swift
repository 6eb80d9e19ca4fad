import Foundation
import StoreCatalog
import StoreEngine

/// The claims of a signed transaction: Apple's `JWSTransactionDecodedPayload`, with Apple's
/// field names, JSON types and enum values.
///
/// Dates are whole milliseconds since 1970 (UTC); prices are milliunits of `currency`
/// (thousandths of a unit) for one unit of the product or offer. Optional fields are left out
/// when nil.
public struct SignedTransactionPayload: Codable, Sendable, Equatable {
    /// Apple's product type names.
    public enum ProductKind: String, Codable, Sendable, CaseIterable {
        case consumable = "Consumable"
        case nonConsumable = "Non-Consumable"
        case autoRenewable = "Auto-Renewable Subscription"
        case nonRenewing = "Non-Renewing Subscription"

        /// Apple's payloads have no free subscriptions (they were a Newsstand feature); ours
        /// are reported as non-renewing subscriptions at price 0 without an expiry date, a
        /// value every App Store library decodes.
        public init(_ type: ProductType) {
            self = switch type {
            case .consumable: .consumable
            case .nonConsumable: .nonConsumable
            case .autoRenewable: .autoRenewable
            case .nonRenewing, .freeSubscription: .nonRenewing
            }
        }
    }

    /// Apple's `revocationReason` 0: refunded for a reason other than a problem with the app.
    /// The ledger records no reason for a refund, so every refund reports this one.
    public static let refundedForOtherReason = 0

    public var transactionId: String
    public var originalTransactionId: String
    /// For auto-renewable subscriptions: one per period, so the period's transaction id.
    public var webOrderLineItemId: String?
    public var bundleId: String
    public var productId: String
    public var subscriptionGroupIdentifier: String?
    public var type: ProductKind
    public var purchaseDate: Int64
    public var originalPurchaseDate: Int64
    public var expiresDate: Int64?
    public var quantity: Int
    /// ISO 3166-1 alpha-3, e.g. `USA`.
    public var storefront: String?
    /// The App Store's numeric id of `storefront`, when it is one the store knows.
    public var storefrontId: String?
    public var price: Int64?
    public var currency: String?
    public var offerType: Int?
    public var offerDiscountType: String?
    public var offerIdentifier: String?
    public var offerPeriod: String?
    /// True when the buyer moved to another subscription of the group.
    public var isUpgraded: Bool?
    public var revocationDate: Int64?
    public var revocationReason: Int?
    /// `PURCHASE`, or `RENEWAL` for a later period of an auto-renewable subscription.
    public var transactionReason: String
    public var signedDate: Int64
    public var environment: String
    public var appAccountToken: String?
    public var inAppOwnershipType: String
    public var appTransactionId: String?

    /// The claims for `record` as `context` describes its app and the moment of signing.
    public init(record: TransactionRecord, context: TransactionSigningContext) {
        transactionId = record.id
        originalTransactionId = record.originalID
        webOrderLineItemId = record.productType == .autoRenewable ? record.id : nil
        bundleId = context.bundleID
        productId = record.productID
        subscriptionGroupIdentifier = context.subscriptionGroupID
        type = ProductKind(record.productType)
        purchaseDate = Self.milliseconds(record.purchaseDate)
        originalPurchaseDate = Self.milliseconds(context.originalPurchaseDate)
        expiresDate = record.expiresDate.map(Self.milliseconds)
        quantity = record.quantity
        storefront = record.storefront
        storefrontId = record.storefront.flatMap { CountryCodes.storefrontID(forStorefront: $0) }
        // Apple reports what one unit costs; the ledger holds the total for the quantity.
        price = record.price.map { ExactDecimal.milliunits($0 / Decimal(max(record.quantity, 1))) }
            ?? (record.productType == .freeSubscription ? 0 : nil)
        currency = record.currency
        let offer = SignedOffer(ledgerText: record.offer?.rawValue, paymentMode: context.offerPaymentMode, period: context.offerPeriod)
        offerType = offer?.type
        offerDiscountType = offer?.discountType
        offerIdentifier = offer?.identifier
        offerPeriod = offer?.period
        isUpgraded = record.replacedBy == nil ? nil : true
        revocationDate = (record.state == .refunded ? record.revocationDate : context.revokedWithSubscription).map(Self.milliseconds)
        revocationReason = revocationDate == nil ? nil : Self.refundedForOtherReason
        let isRenewal = record.productType == .autoRenewable && record.originalID != record.id && record.replaces == nil
        transactionReason = isRenewal ? "RENEWAL" : "PURCHASE"
        signedDate = Self.milliseconds(context.signedDate)
        environment = context.environment.rawValue
        appAccountToken = context.appAccountToken
        inAppOwnershipType = "PURCHASED"
        appTransactionId = context.appTransactionID
    }

    /// Whole milliseconds since 1970, rounded to the nearest, as Apple writes dates.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date a millisecond count stands for.
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// What a signed transaction says beyond the ledger's record: its app, the moment of signing,
/// and what the catalog and the account add.
public struct TransactionSigningContext: Sendable, Equatable {
    public var bundleID: String
    /// The purchase date of the record's original transaction (the record's own for a first purchase).
    public var originalPurchaseDate: Date
    public var signedDate: Date
    public var environment: StoreEnvironment
    public var appAccountToken: String?
    public var subscriptionGroupID: String?
    public var appTransactionID: String?
    /// The catalog's terms of the record's offer, if it has one.
    public var offerPaymentMode: OfferPaymentMode?
    public var offerPeriod: String?
    /// When the refund of a later period revoked the record's subscription while its period
    /// ran or waited to begin (`LedgerState.revocationByLaterRefund`): it is revoked then too.
    public var revokedWithSubscription: Date?

    public init(bundleID: String, originalPurchaseDate: Date, signedDate: Date, environment: StoreEnvironment = .sandbox,
                appAccountToken: String? = nil, subscriptionGroupID: String? = nil, appTransactionID: String? = nil,
                offerPaymentMode: OfferPaymentMode? = nil, offerPeriod: String? = nil, revokedWithSubscription: Date? = nil) {
        self.bundleID = bundleID
        self.originalPurchaseDate = originalPurchaseDate
        self.signedDate = signedDate
        self.environment = environment
        self.appAccountToken = appAccountToken
        self.subscriptionGroupID = subscriptionGroupID
        self.appTransactionID = appTransactionID
        self.offerPaymentMode = offerPaymentMode
        self.offerPeriod = offerPeriod
        self.revokedWithSubscription = revokedWithSubscription
    }
}
