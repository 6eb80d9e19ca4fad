import Foundation
import StoreEngine

/// What the model says each buyer observes.
extension EntitlementModel {
    func facts(accounts: [String], devices: [String], withDates: Bool) -> ModelFacts {
        var writer = FactWriter(withDates: withDates)
        for account in accounts {
            for credit in ModelCatalog.credits { writer.balance(account, credit.id, balance(of: credit.id, for: account)) }
            for (product, chain) in latestSubscriptions(of: account) {
                writer.subscription(account, product, state: chain.status.rawValue, expires: chain.expires,
                                    willRenew: chain.willRenew && chain.isOngoing, pending: chain.pendingProduct?.id,
                                    revoked: chain.revokedAt, accessEnded: chain.isOngoing ? nil : chain.accessEnded ?? chain.expires)
            }
            if let free = latestFreeSubscription(of: account) {
                writer.subscription(account, free.product.id, state: free.state == .purchased ? "subscribed" : "expired",
                                    expires: free.ends, willRenew: false, pending: nil, accessEnded: free.state == .purchased ? nil : free.ends)
            }
            for product in ModelCatalog.products where product.kind == .pass {
                if let expires = passExpiry(product, account: account) {
                    writer.pass(account, product.id, expires: expires, active: expires > now)
                }
            }
            for transaction in transactions where transaction.buyer.account == account {
                if transaction.state == .awaitingApproval { writer.waiting(account, transaction.product.id, "approval") }
                if transaction.state == .awaitingAction { writer.waiting(account, transaction.product.id, "action") }
            }
            for period in subscriptions.filter({ $0.account == account }).flatMap(\.periods) {
                writer.paidPeriod(account, start: period.start, end: period.end, offer: period.offer)
            }
            for device in devices {
                let buyer = Buyer(account: account, device: device)
                for product in ModelCatalog.products {
                    if product.kind == .nonConsumable, let owned = ownsNonConsumable(product, account: account) {
                        writer.owns(buyer, product.id, delivered: isDelivered(owned.key, to: device))
                    }
                    if let name = status(of: product, for: buyer) { writer.status(buyer, product.id, name) }
                }
            }
        }
        return writer.facts
    }

    /// The latest subscription per current product, as the entitlements list them.
    private func latestSubscriptions(of account: String) -> [(String, Subscription)] {
        var latest: [String: Subscription] = [:]
        for chain in subscriptions where chain.account == account { latest[chain.product.id] = chain }
        return latest.sorted { $0.key < $1.key }
    }

    private func latestFreeSubscription(of account: String) -> Transaction? {
        transactions.last {
            $0.buyer.account == account && $0.product.kind == .freeSubscription && ($0.state == .purchased || $0.state == .unsubscribed)
        }
    }

    /// The product's status name for the buyer (nil while a plan change to it is scheduled);
    /// what is owned always wins over a request that waits, and a purchase waiting for the
    /// buyer's action over one waiting for a parent.
    private func status(of product: ModelCatalog.Product, for buyer: Buyer) -> String? {
        let account = buyer.account
        let states = Set(transactions.filter { $0.buyer.account == account && $0.product == product }.map(\.state))
        let waiting: String? = states.contains(.awaitingAction) ? "needsAction" : states.contains(.awaitingApproval) ? "awaitingApproval" : nil
        switch product.kind {
        case .consumable:
            return waiting ?? "credits"
        case .nonConsumable:
            if let owned = ownsNonConsumable(product, account: account) {
                return isDelivered(owned.key, to: buyer.device) ? "owned" : "restoreToUnlock"
            }
            return waiting ?? "available"
        case .autoRenewable:
            if subscriptions.contains(where: { $0.account == account && $0.isOngoing && $0.pendingProduct == product }) {
                return nil
            }
            // A period paid ahead into the plan a switch went to: the plan running now is active
            // until it ends, and the one paid ahead reads as a switch scheduled then.
            let runningIsOther = { (chain: Subscription) in
                chain.periods.contains { $0.start <= self.now && self.now < $0.end && $0.productID != chain.product.id }
            }
            if subscriptions.contains(where: { chain in
                chain.account == account && chain.status == .subscribed && chain.product != product && runningIsOther(chain)
                    && chain.periods.contains { $0.start <= now && now < $0.end && $0.productID == product.id }
            }) {
                return "active"
            }
            let chain = latestSubscriptions(of: account).last { $0.0 == product.id }?.1
            // The model's plans share one group: while the account's subscription runs on
            // another plan, this one is a plan to switch to, whatever became of an earlier
            // subscription to it.
            if chain?.isOngoing == false,
               subscriptions.contains(where: { $0.account == account && $0.isOngoing && $0.product != product }) {
                return waiting ?? "available"
            }
            switch chain?.status {
            case .subscribed: return chain.map(runningIsOther) == true ? "changeScheduled" : "active"
            case .inGracePeriod, .inBillingRetryPeriod: return "billingProblem"
            case .expired: return waiting ?? "expired"
            case .revoked: return waiting ?? "revoked"
            case nil: return waiting ?? "available"
            }
        case .pass:
            guard let expires = passExpiry(product, account: account) else { return waiting ?? "available" }
            return expires > now ? "active" : waiting ?? "expired"
        case .freeSubscription:
            switch latestFreeSubscription(of: account)?.state {
            case .purchased: return "active"
            case .unsubscribed: return waiting ?? "expired"
            default: return waiting ?? "available"
            }
        }
    }
}
