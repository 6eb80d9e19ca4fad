import Foundation
import StoreEngine

/// What delivering the purchases an app left unfinished did, as `deliver-unfinished` and the
/// storefront at start say it.
extension StoreText {
    /// "Delivered 1 unfinished transaction: Random Rage Face (+5 Rage Faces)." and, for those
    /// finished that gave nothing by then, "Finished 1 with nothing to deliver: Rage Pro (Monthly)
    /// (ended Dec 5, 2026)." at store time `now`. Finishing them is right, as StoreKit has an app
    /// finish what it cannot deliver too; counting them as delivered was not.
    public func unfinishedFinished(_ finished: [TransactionRecord], at now: Date) -> String {
        var delivered: [String] = [], empty: [String] = []
        for record in finished {
            let name = catalog.product(id: record.productID).map(title(of:)) ?? record.productID
            if let reason = nothingToDeliver(record, at: now) {
                empty.append("\(name) (\(reason))")
            } else if let credit = record.credit, record.creditAmount > 0 {
                delivered.append("\(name) (+\(record.creditAmount) \(creditName(credit)))")
            } else {
                delivered.append(name)
            }
        }
        let nothing = { (lead: String) in "\(lead) with nothing to deliver: \(empty.joined(separator: ", "))." }
        guard !delivered.isEmpty else { return nothing("Finished \(EnglishCount.of(empty.count, "unfinished transaction"))") }
        let said = "Delivered \(EnglishCount.of(delivered.count, "unfinished transaction")): \(delivered.joined(separator: ", "))."
        return empty.isEmpty ? said : said + " " + nothing("Finished \(empty.count)")
    }

    /// Why `record`, finished at store time `now`, delivered nothing: "ended Dec 5, 2026",
    /// "refunded", "replaced by an upgrade", "declined", "still waiting for approval",
    /// "interrupted"; nil when it delivered what it bought.
    public func nothingToDeliver(_ record: TransactionRecord, at now: Date) -> String? {
        switch record.state {
        case .pending: return "still waiting for approval"
        case .needsAction: return "interrupted"
        case .declined: return "declined"
        case .failed, .cancelled: return "not bought"
        case .refunded: return "refunded"
        case .purchased:
            if record.replacedBy != nil { return "replaced by an upgrade" }
            if let left = record.unsubscribedDate { return "unsubscribed \(date(left))" }
            let lapses = record.productType == .autoRenewable || record.productType == .nonRenewing
            if lapses, let end = record.expiresDate, end <= now { return "ended \(date(end))" }
            return nil
        }
    }
}
