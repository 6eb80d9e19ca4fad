import Foundation
import StoreLedger

/// Writing a `StoreEvent` as ledger JSON without `JSONEncoder`.
///
/// Members are written in the order `JSONEncoder`'s sorted keys put them (byte order), which a
/// test checks against the encoder for every field; a field added to `StoreEvent` must be
/// added here too, or the test fails.
extension StoreEvent: LedgerLineEncodable {
    public func ledgerLineJSON(dateEncoding: LedgerDateEncoding) -> [UInt8]? {
        guard dateEncoding == .iso8601 else { return nil }
        var writer = FlatJSONObjectWriter()
        writer.member("account", account)
        writer.member("amount", amount)
        writer.member("app", app)
        writer.member("appAccountToken", appAccountToken)
        writer.member("awaiting", awaiting)
        writer.member("credit", credit)
        writer.member("currency", currency)
        writer.member("device", device)
        writer.member("expiresDate", expiresDate)
        writer.member("graceExpiresDate", graceExpiresDate)
        writer.member("group", group)
        writer.member("kind", kind.rawValue)
        writer.member("offer", offer)
        writer.member("offerPeriodsLeft", offerPeriodsLeft)
        writer.member("originalTransactionId", originalTransactionId)
        writer.member("price", price)
        writer.member("productId", productId)
        writer.member("productType", productType?.rawValue)
        writer.member("proratedRefund", proratedRefund)
        writer.member("quantity", quantity)
        writer.member("rate", rate?.rawValue)
        writer.member("realTime", realTime)
        writer.member("reason", reason)
        writer.member("renewalKey", renewalKey)
        writer.member("replacesTransactionId", replacesTransactionId)
        writer.member("setting", setting)
        writer.member("shortfall", shortfall)
        writer.member("spendId", spendId)
        writer.member("storeTime", storeTime)
        writer.member("storefront", storefront)
        writer.member("time", time)
        writer.member("transactionId", transactionId)
        writer.member("transactionIds", transactionIds)
        writer.member("unfinished", unfinished)
        writer.member("value", value)
        return writer.result
    }
}
