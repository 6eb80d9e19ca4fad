import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger

extension AppReceipt {
    /// The version an app receipt names: the store has no app versions (as app transactions).
    public static let applicationVersion = SignedAppTransactionPayload.applicationVersion

    /// The receipt of `buyer`'s account on `buyer`'s device as `state` holds it, created at
    /// `creationDate`: every completed or refunded purchase delivered to the device, oldest
    /// first, except consumables the app has finished (as on the App Store, they leave the
    /// receipt once delivered). Only `creationDate` varies between two receipts of one state.
    public init(state: LedgerState, catalog: Catalog, buyer: Buyer, environment: StoreEnvironment,
                creationDate: Date) throws(CryptoError) {
        let opaque = try Self.opaqueValue(bundleID: catalog.bundleID, buyer: buyer)
        let entries = state.transactions(of: buyer.account).filter { record in
            (record.state == .purchased || record.state == .refunded)
                && !(record.productType == .consumable && record.finished)
                && state.isDelivered(record.id, to: buyer)
        }
        self.init(
            kind: environment == .production ? .production : .sandbox,
            bundleID: catalog.bundleID, applicationVersion: Self.applicationVersion,
            originalApplicationVersion: Self.applicationVersion, opaqueValue: opaque,
            sha1Hash: try Self.deviceHash(bundleID: catalog.bundleID, device: buyer.device, opaqueValue: opaque),
            creationDate: creationDate,
            inApp: entries.map { InAppPurchaseReceipt(record: $0, state: state) })
    }

    /// Sixteen bytes standing for Apple's random opaque value, derived from app, account and
    /// device so that one ledger state always gives one receipt.
    static func opaqueValue(bundleID: String, buyer: Buyer) throws(CryptoError) -> [UInt8] {
        Array(try SHA256.digest(Array("app-receipt-opaque\n\(bundleID)\n\(buyer.account)\n\(buyer.device)".utf8)).prefix(16))
    }

    /// SHA-1 over the device's verification id (16 bytes), the opaque value and the bundle id
    /// field, as Apple defines a receipt's hash.
    static func deviceHash(bundleID: String, device: String, opaqueValue: [UInt8]) throws(CryptoError) -> [UInt8] {
        let idBytes = try DeviceVerification.deviceIDBytes(bundleID: bundleID, device: device)
        return try SHA1.digest(idBytes + opaqueValue + bundleIDField(bundleID))
    }
}

extension InAppPurchaseReceipt {
    /// The entry for `record`, with its original purchase date from the ledger. Only an
    /// introductory free trial counts as a trial period, as Apple marks it.
    init(record: TransactionRecord, state: LedgerState) {
        let original = state.transactions[record.originalID]?.purchaseDate ?? record.purchaseDate
        var introductoryMode: OfferPaymentMode?
        var promotionalOfferID: String?
        switch record.offer {
        case let .introductory(mode)?: introductoryMode = mode
        case let .promotional(id)?: promotionalOfferID = id
        case nil: break
        }
        self.init(
            quantity: record.quantity, productID: record.productID, transactionID: record.id,
            originalTransactionID: record.originalID, purchaseDate: record.purchaseDate, originalPurchaseDate: original,
            subscriptionExpirationDate: record.expiresDate,
            webOrderLineItemID: record.productType == .autoRenewable ? Int64(record.id) : nil,
            cancellationDate: Self.cancellationDate(of: record, state: state),
            isTrialPeriod: introductoryMode == .freeTrial,
            isInIntroductoryOfferPeriod: introductoryMode != nil && introductoryMode != .freeTrial,
            promotionalOfferID: promotionalOfferID)
    }

    /// When `record` stopped counting: a refund's date; for a period an upgrade replaced, the
    /// upgrade's purchase, as Apple's receipts date a plan that an upgrade ended; for a period
    /// running or paid ahead when the refund of a later one revoked the subscription, that
    /// refund's, as it took their access too; and for a period paid ahead whose subscription
    /// ended before it began, that end (else an app's server reading the receipt for unexpired
    /// entries would find the subscription still in force).
    static func cancellationDate(of record: TransactionRecord, state: LedgerState) -> Date? {
        if record.state == .refunded { return record.revocationDate }
        if let upgrade = record.replacedBy { return state.transactions[upgrade]?.purchaseDate }
        // A period paid ahead that never began, as its subscription ended first (an expire), is
        // cancelled then: with its expiry still ahead it read as in force.
        return state.revocationByLaterRefund(of: record) ?? state.endOfSubscription(before: record)
    }

    /// Whether `record`'s cancellation is a refund's or a revocation's, which has a reason, and
    /// not an upgrade's or the end of a subscription before the period began, which have none;
    /// a record the ledger does not hold is taken for refunded, as before cancellations had kinds.
    static func cancellationHasReason(_ record: TransactionRecord?, state: LedgerState) -> Bool {
        guard let record else { return true }
        return record.state == .refunded || state.revocationByLaterRefund(of: record) != nil
    }
}

extension AppReceipt {
    /// The account and device the receipt was made for, found among those `state` knows: the
    /// pair whose opaque value and device hash the receipt carries. Nil for a pair the
    /// ledger no longer knows.
    public func buyer(in state: LedgerState) -> Buyer? {
        let owners = Set(inApp.compactMap { state.transactions[$0.transactionID]?.account })
        let accounts = owners.isEmpty ? state.accounts : state.accounts.filter(owners.contains)
        for account in accounts {
            for device in state.devices {
                let buyer = Buyer(account: account, device: device)
                guard (try? Self.opaqueValue(bundleID: bundleID, buyer: buyer)) == opaqueValue else { continue }
                return (try? Self.deviceHash(bundleID: bundleID, device: device, opaqueValue: opaqueValue)) == sha1Hash ? buyer : nil
            }
        }
        return nil
    }
}
