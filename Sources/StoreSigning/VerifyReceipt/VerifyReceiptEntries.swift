import Foundation
import StoreCatalog
import StoreEngine

/// The string-valued objects of a `/verifyReceipt` answer: in-app entries and renewal info.
enum VerifyReceiptEntries {
    /// An in-app entry as the receipt states it (Apple's `receipt.in_app[]`). `hasReason`: its
    /// cancellation, if any, is a refund's or a revocation's (see `cancellationHasReason`).
    static func inApp(_ entry: InAppPurchaseReceipt, isSubscription: Bool, hasReason: Bool) -> [String: String] {
        var fields = [
            "quantity": String(entry.quantity), "product_id": entry.productID,
            "transaction_id": entry.transactionID, "original_transaction_id": entry.originalTransactionID,
            "is_trial_period": String(entry.isTrialPeriod),
        ]
        VerifyReceiptDates.add("purchase_date", entry.purchaseDate, to: &fields)
        VerifyReceiptDates.add("original_purchase_date", entry.originalPurchaseDate, to: &fields)
        VerifyReceiptDates.add("expires_date", entry.subscriptionExpirationDate, to: &fields)
        VerifyReceiptDates.add("cancellation_date", entry.cancellationDate, to: &fields)
        if entry.cancellationDate != nil && hasReason {
            // The ledger keeps no refund reason: 0, "another reason", as in signed transactions.
            fields["cancellation_reason"] = String(SignedTransactionPayload.refundedForOtherReason)
        }
        if isSubscription { fields["is_in_intro_offer_period"] = String(entry.isInIntroductoryOfferPeriod) }
        if let id = entry.webOrderLineItemID { fields["web_order_line_item_id"] = String(id) }
        if let id = entry.promotionalOfferID { fields["promotional_offer_id"] = id }
        return fields
    }

    /// An entry of `latest_receipt_info`: the receipt's fields and what only the ledger and
    /// the catalog know (the subscription group, an upgrade, the ownership type).
    static func latest(_ entry: InAppPurchaseReceipt, state: LedgerState, catalog: Catalog) -> [String: String] {
        let record = state.transactions[entry.transactionID]
        var fields = inApp(entry, isSubscription: record?.productType == .autoRenewable,
                           hasReason: InAppPurchaseReceipt.cancellationHasReason(record, state: state))
        fields["in_app_ownership_type"] = "PURCHASED"
        if let group = catalog.product(id: entry.productID)?.subscription?.group {
            fields["subscription_group_identifier"] = group
        }
        if record?.replacedBy != nil { fields["is_upgraded"] = "true" }
        return fields
    }

    /// The `pending_renewal_info` entry of one auto-renewable subscription.
    static func pendingRenewal(_ chain: SubscriptionChain) -> [String: String] {
        var fields = [
            "original_transaction_id": chain.originalID, "product_id": chain.productID,
            "auto_renew_product_id": chain.pendingProductID ?? chain.productID,
            "auto_renew_status": chain.willAutoRenew ? "1" : "0",
        ]
        let retrying = chain.status == .inBillingRetryPeriod || chain.status == .inGracePeriod
        if chain.isOngoing { fields["is_in_billing_retry_period"] = retrying ? "1" : "0" }
        if chain.status == .expired, let reason = chain.expirationReason {
            fields["expiration_intent"] = String(SignedRenewalInfoPayload.intent(reason))
        }
        if chain.status == .inGracePeriod {
            VerifyReceiptDates.add("grace_period_expires_date", chain.gracePeriodExpiresDate, to: &fields)
        }
        if case let .promotional(id)? = chain.offer { fields["promotional_offer_id"] = id }
        return fields
    }
}
