import Foundation

/// An app receipt's contents: what Apple's ASN.1 receipt payload says about an app on one
/// device, and the in-app purchases delivered to it.
public struct AppReceipt: Sendable, Equatable {
    /// The environment a receipt was issued in, in the words of the receipt's type field.
    public enum Kind: String, Sendable, Equatable {
        case production = "Production"
        case sandbox = "ProductionSandbox"
    }

    public var kind: Kind
    public var bundleID: String
    public var applicationVersion: String
    public var originalApplicationVersion: String
    /// Bytes that, with the device's id and the bundle id, make `sha1Hash`.
    public var opaqueValue: [UInt8]
    /// SHA-1 over the device id (16 bytes), `opaqueValue` and the bundle id field's DER: how a
    /// device checks the receipt is its own, and how the store finds the device again.
    public var sha1Hash: [UInt8]
    public var creationDate: Date
    public var expirationDate: Date?
    public var inApp: [InAppPurchaseReceipt]

    public init(kind: Kind, bundleID: String, applicationVersion: String, originalApplicationVersion: String,
                opaqueValue: [UInt8], sha1Hash: [UInt8], creationDate: Date, expirationDate: Date? = nil,
                inApp: [InAppPurchaseReceipt]) {
        self.kind = kind
        self.bundleID = bundleID
        self.applicationVersion = applicationVersion
        self.originalApplicationVersion = originalApplicationVersion
        self.opaqueValue = opaqueValue
        self.sha1Hash = sha1Hash
        self.creationDate = creationDate
        self.expirationDate = expirationDate
        self.inApp = inApp
    }
}

/// One in-app purchase in an app receipt (Apple's field 17).
public struct InAppPurchaseReceipt: Sendable, Equatable {
    public var quantity: Int
    public var productID: String
    public var transactionID: String
    public var originalTransactionID: String
    public var purchaseDate: Date
    public var originalPurchaseDate: Date
    public var subscriptionExpirationDate: Date?
    /// Apple's web order line item id: an integer, so only for numeric transaction ids.
    public var webOrderLineItemID: Int64?
    public var cancellationDate: Date?
    public var isTrialPeriod: Bool
    public var isInIntroductoryOfferPeriod: Bool
    public var promotionalOfferID: String?

    public init(quantity: Int, productID: String, transactionID: String, originalTransactionID: String,
                purchaseDate: Date, originalPurchaseDate: Date, subscriptionExpirationDate: Date? = nil,
                webOrderLineItemID: Int64? = nil, cancellationDate: Date? = nil, isTrialPeriod: Bool = false,
                isInIntroductoryOfferPeriod: Bool = false, promotionalOfferID: String? = nil) {
        self.quantity = quantity
        self.productID = productID
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.subscriptionExpirationDate = subscriptionExpirationDate
        self.webOrderLineItemID = webOrderLineItemID
        self.cancellationDate = cancellationDate
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroductoryOfferPeriod = isInIntroductoryOfferPeriod
        self.promotionalOfferID = promotionalOfferID
    }
}
