import Foundation
import StoreEngine

/// What delivering the purchases an app left unfinished did, as `deliver-unfinished` and the
/// storefront at start say it.
extension StoreText {
    /// "Delivered 1 unfinished transaction: Random Rage Face (+5 Rage Faces)." and, for those
    /// finished that gave nothing by then, "Finished 1 with nothing to deliver: Rage Pro (Monthly)
    /// (ended Dec 5, 2026)." at store time `now`, the buyer's `entitlements` read after the finish.
    /// Finishing them is right, as StoreKit has an app finish what it cannot deliver too;
    /// counting them as delivered was not.
    public func unfinishedFinished(_ finished: [TransactionRecord], at now: Date, entitlements: Entitlements) -> String {
        var delivered: [String] = [], empty: [String] = []
        for record in finished {
            let name = purchasedName(of: record)
            if let reason = UndeliverableReason.of(record, at: now, entitlements: entitlements) {
                empty.append("\(name) (\(words(for: reason, of: record, entitlements: entitlements)))")
            } else if let credit = record.credit, record.creditAmount > 0 {
                delivered.append("\(name) (+\(count(record.creditAmount)) \(creditName(credit)))")
            } else if let plan = entitlements.subscriptions.first(where: { $0.originalTransactionID == record.originalID }),
                      plan.productID != record.productID {
                // Renewed into, or upgraded to, another plan since: that plan is what comes here.
                let now = catalog.product(id: plan.productID).map(title(of:)) ?? plan.productID
                delivered.append("\(now) (bought as \(name))")
            } else {
                delivered.append(name)
            }
        }
        let nothing = { (lead: String) in "\(lead) with nothing to deliver: \(empty.joined(separator: ", "))." }
        guard !delivered.isEmpty else { return nothing("Finished \(EnglishCount.of(empty.count, "unfinished transaction"))") }
        let said = "Delivered \(EnglishCount.of(delivered.count, "unfinished transaction")): \(delivered.joined(separator: ", "))."
        return empty.isEmpty ? said : said + " " + nothing("Finished \(empty.count)")
    }

    /// `reason` in words: "ended Dec 5, 2026" (when the subscription's access, or the pass,
    /// ended), "refunded", "declined", "still waiting for approval".
    private func words(for reason: UndeliverableReason, of record: TransactionRecord, entitlements: Entitlements) -> String {
        switch reason {
        case .ended:
            let subscription = entitlements.subscriptions.first { $0.originalTransactionID == record.originalID }
            let end = subscription.flatMap { $0.accessEndDate ?? $0.expiresDate } ?? record.expiresDate
            return end.map { "ended \(date($0))" } ?? "ended"
        case .refunded: return "refunded"
        case .unsubscribed: return record.unsubscribedDate.map { "unsubscribed \(date($0))" } ?? "unsubscribed"
        case .declined: return "declined"
        case .awaitingApproval: return "still waiting for approval"
        case .needsAction: return "interrupted"
        case .notBought: return "not bought"
        }
    }
}
