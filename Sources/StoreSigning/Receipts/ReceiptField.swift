/// The numbered fields of an app receipt's ASN.1 payload, with Apple's numbers.
enum ReceiptField: Int64 {
    /// UTF8String "Production" or "ProductionSandbox": the environment the receipt was issued in.
    case receiptType = 0
    case bundleID = 2
    case applicationVersion = 3
    case opaqueValue = 4
    case sha1Hash = 5
    case creationDate = 12
    case inAppPurchase = 17
    case originalApplicationVersion = 19
    case expirationDate = 21
}

/// The numbered fields of one in-app purchase entry (field 17), with Apple's numbers.
enum InAppReceiptField: Int64 {
    case quantity = 1701
    case productID = 1702
    case transactionID = 1703
    case purchaseDate = 1704
    case originalTransactionID = 1705
    case originalPurchaseDate = 1706
    case subscriptionExpirationDate = 1708
    case webOrderLineItemID = 1711
    case cancellationDate = 1712
    case trialPeriod = 1713
    case introductoryOfferPeriod = 1719
    case promotionalOfferID = 1721
}
