import Foundation
import StoreCatalog
import StoreEngine

/// The claims of a signed transaction, modelled on StoreKit 2's `JWSTransactionDecodedPayload`.
///
/// Field names and meanings follow Apple's: dates are whole milliseconds since 1970 (UTC),
/// prices are milliunits of `currency` (thousandths of a unit) for one unit of the product or
/// offer, `environment` is always `LocalTesting`. Optional fields are left out when nil.
public struct SignedTransactionPayload: Codable, Sendable, Equatable {
    /// StoreKit 2's product type names, plus one of our own for free subscriptions.
    public enum ProductKind: String, Codable, Sendable, CaseIterable {
        case consumable = "Consumable"
        case nonConsumable = "Non-Consumable"
        case autoRenewable = "Auto-Renewable Subscription"
        case nonRenewing = "Non-Renewing Subscription"
        /// Apple's transaction payload has no free subscriptions (they were a Newsstand
        /// feature); ours are reported under this name so an app can tell them apart.
        case freeSubscription = "Free Subscription"

        public init(_ type: ProductType) {
            self = switch type {
            case .consumable: .consumable
            case .nonConsumable: .nonConsumable
            case .autoRenewable: .autoRenewable
            case .nonRenewing: .nonRenewing
            case .freeSubscription: .freeSubscription
            }
        }
    }

    /// The only environment this store signs for.
    public static let environmentName = "LocalTesting"
    /// Apple's `revocationReason` 0: refunded for a reason other than a problem with the app.
    /// The ledger records no reason for a refund, so every refund reports this one.
    public static let refundedForOtherReason = 0

    public var transactionId: String
    public var originalTransactionId: String
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
    public var price: Int64?
    public var currency: String?
    public var offerType: Int?
    public var offerDiscountType: String?
    public var offerIdentifier: String?
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

    /// The claims for `record` of the app `bundleID`, signed at `signedDate`.
    ///
    /// `originalPurchaseDate` is the purchase date of the record's original transaction (the
    /// record's own for a first purchase); `subscriptionGroupID` names its group, if any.
    public init(record: TransactionRecord, bundleID: String, originalPurchaseDate: Date, signedDate: Date,
                appAccountToken: String? = nil, subscriptionGroupID: String? = nil) {
        transactionId = record.id
        originalTransactionId = record.originalID
        bundleId = bundleID
        productId = record.productID
        subscriptionGroupIdentifier = subscriptionGroupID
        type = ProductKind(record.productType)
        purchaseDate = Self.milliseconds(record.purchaseDate)
        self.originalPurchaseDate = Self.milliseconds(originalPurchaseDate)
        expiresDate = record.expiresDate.map(Self.milliseconds)
        quantity = record.quantity
        storefront = record.storefront
        // Apple reports what one unit costs; the ledger holds the total for the quantity.
        price = record.price.map { ExactDecimal.milliunits($0 / Decimal(max(record.quantity, 1))) }
        currency = record.currency
        let offer = SignedOffer(ledgerText: record.offer)
        offerType = offer?.type
        offerDiscountType = offer?.discountType
        offerIdentifier = offer?.identifier
        isUpgraded = record.replacedBy == nil ? nil : true
        revocationDate = record.state == .refunded ? record.revocationDate.map(Self.milliseconds) : nil
        revocationReason = revocationDate == nil ? nil : Self.refundedForOtherReason
        let isRenewal = record.productType == .autoRenewable && record.originalID != record.id && record.replaces == nil
        transactionReason = isRenewal ? "RENEWAL" : "PURCHASE"
        self.signedDate = Self.milliseconds(signedDate)
        environment = Self.environmentName
        self.appAccountToken = appAccountToken
        inAppOwnershipType = "PURCHASED"
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
