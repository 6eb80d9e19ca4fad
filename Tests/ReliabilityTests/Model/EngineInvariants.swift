import Foundation
import StoreEngine

/// Rules the engine's state must keep whatever the model says: paid periods of one
/// subscription never overlap and none is cut to nothing (an upgrade's pro-rata refund aside),
/// balances stay within 0 and the maximum, and what is owned is never shown as waiting.
enum EngineInvariants {
    static func violations(in store: Store, accounts: [String], devices: [String]) -> [String] {
        var found: [String] = []
        for account in accounts {
            found += periodViolations(store.transactions(for: account), account: account,
                                      subscriptions: store.snapshot.subscriptions)
            for device in devices {
                let buyer = Buyer(account: account, device: device)
                let entitlements = store.entitlements(for: buyer)
                for credit in store.catalog.credits {
                    let balance = entitlements.credits[credit.id] ?? 0
                    if balance < 0 || balance > (credit.maximum ?? Int.max) {
                        found.append("\(account) has \(balance) \(credit.id), outside 0...\(credit.maximum ?? Int.max)")
                    }
                }
                let owned = Set(entitlements.nonConsumables.map(\.productID))
                    .union(entitlements.subscriptions.filter(\.isEntitled).map(\.productID))
                for product in store.catalog.products where owned.contains(product.id) {
                    let status = store.status(of: product, in: entitlements, storefront: "USA")
                    if case .waiting = status { found.append("\(buyer.label) owns \(product.id) but it shows \(status.name)") }
                }
            }
        }
        return found
    }

    /// The end of the time a subscription transaction paid for: its expiry, or the start of
    /// the upgrade that replaced it if that came first (a period not begun is then cut to nothing).
    static func paidUntil(_ record: TransactionRecord, in history: [TransactionRecord]) -> Date {
        let expires = record.expiresDate ?? record.purchaseDate
        guard let replacement = record.replacedBy.flatMap({ id in history.first { $0.id == id } }) else { return expires }
        return max(record.purchaseDate, min(expires, replacement.purchaseDate))
    }

    private static func periodViolations(_ history: [TransactionRecord], account: String,
                                         subscriptions: [String: SubscriptionChain]) -> [String] {
        var found: [String] = []
        let paid = history.filter { $0.productType == .autoRenewable && $0.state == .purchased }
        for original in Set(paid.map(\.originalID)).sorted() {
            let periods = paid.filter { $0.originalID == original }.map { ($0, end: paidUntil($0, in: history)) }.sorted { ($0.0.purchaseDate, $0.0.id) < ($1.0.purchaseDate, $1.0.id) }
            // A subscription ended early (`expire`) ends its transactions there, and one paid
            // ahead at its own start: a period that starts once the subscription ended pays for
            // nothing rightly.
            let endedEarly = subscriptions[original].flatMap { $0.status == .expired ? $0.expiresDate : nil }
            for (record, end) in periods where end <= record.purchaseDate && record.replacedBy == nil
                && !(endedEarly.map { $0 <= record.purchaseDate } ?? false) {
                found.append("\(account)'s transaction \(record.id) pays for nothing (\(record.purchaseDate) to \(end))")
            }
            // A period an upgrade cut to nothing (one paid ahead) pays for no time, so it overlaps nothing.
            let paying = periods.filter { $0.end > $0.0.purchaseDate }
            for (earlier, later) in zip(paying, paying.dropFirst()) where earlier.end > later.0.purchaseDate {
                found.append("\(account)'s transactions \(earlier.0.id) and \(later.0.id) pay for the same time "
                    + "(\(earlier.0.purchaseDate)–\(earlier.end) and \(later.0.purchaseDate)–\(later.end))")
            }
        }
        return found
    }
}
