import Foundation
import StoreEngine

/// What the engine says each buyer observes, in the model's words.
extension Store {
    func modelFacts(accounts: [String], devices: [String], storefront: String = "USA") -> ModelFacts {
        var writer = FactWriter(withDates: true)
        for account in accounts {
            let entitlements = self.entitlements(for: Buyer(account: account, device: devices[0]))
            for credit in ModelCatalog.credits { writer.balance(account, credit.id, entitlements.credits[credit.id] ?? 0) }
            for subscription in entitlements.subscriptions {
                writer.subscription(account, subscription.productID, state: subscription.state.rawValue,
                                    expires: subscription.expiresDate, willRenew: subscription.willAutoRenew,
                                    pending: subscription.pendingProductID, revoked: subscription.revocationDate,
                                    accessEnded: subscription.accessEndDate)
            }
            for pass in entitlements.nonRenewing {
                writer.pass(account, pass.productID, expires: pass.expiresDate, active: pass.isActive)
            }
            for record in entitlements.waiting {
                writer.waiting(account, record.productID, record.state == .pending ? "approval" : "action")
            }
            let history = transactions(for: account)
            for record in history where record.productType == .autoRenewable && record.state == .purchased {
                writer.paidPeriod(account, start: record.purchaseDate, end: EngineInvariants.paidUntil(record, in: history),
                                  offer: record.offer?.rawValue)
            }
            let pending = Set(entitlements.subscriptions.filter(\.state.isOngoing).compactMap(\.pendingProductID))
            for device in devices {
                let buyer = Buyer(account: account, device: device)
                let here = self.entitlements(for: buyer)
                for owned in here.nonConsumables { writer.owns(buyer, owned.productID, delivered: owned.delivered) }
                for product in catalog.products where !pending.contains(product.id) {
                    var name = status(of: product, in: here, storefront: storefront).name
                    if name == "restoreToUnlock", product.type != .nonConsumable { name = "active" }
                    writer.status(buyer, product.id, name)
                }
            }
        }
        return writer.facts
    }
}

extension SubscriptionChain.Status {
    var isOngoing: Bool { self != .expired && self != .revoked }
}
