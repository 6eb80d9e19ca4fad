import Foundation

/// What an account may use now on one device.
public struct Entitlements: Sendable, Equatable {
    public struct NonConsumable: Sendable, Equatable {
        public var productID: String
        public var transactionID: String
        public var purchaseDate: Date
        /// False while the purchase waits for a restore on this device.
        public var delivered: Bool
    }

    /// Subscription states, named as StoreKit 2 names them.
    public enum SubscriptionState: String, Sendable {
        case subscribed
        case expired
        case revoked
    }

    public struct Subscription: Sendable, Equatable {
        public var productID: String
        public var group: String
        public var state: SubscriptionState
        public var transactionID: String
        public var originalTransactionID: String
        public var purchaseDate: Date
        public var expiresDate: Date?
        public var willAutoRenew: Bool
        public var offer: String?
        public var delivered: Bool
    }

    public struct Pass: Sendable, Equatable {
        public var productID: String
        public var transactionID: String
        public var purchaseDate: Date
        public var expiresDate: Date
        public var isActive: Bool
        public var delivered: Bool
    }

    public var nonConsumables: [NonConsumable]
    /// Auto-renewable and free subscriptions, the latest per product.
    public var subscriptions: [Subscription]
    public var nonRenewing: [Pass]
    /// Credit id → balance, for every credit of the catalog.
    public var credits: [String: Int]
}

extension Store {
    /// The buyer's entitlements at the store's current time.
    public func entitlements(for buyer: Buyer) -> Entitlements {
        let state = snapshot
        let now = clock.now()
        let history = state.transactions(of: buyer.account)
        var nonConsumables: [Entitlements.NonConsumable] = []
        var subscriptions: [String: Entitlements.Subscription] = [:]
        var passes: [String: Entitlements.Pass] = [:]
        for record in history where record.state == .purchased || record.state == .refunded {
            let delivered = state.isDelivered(record.id, to: buyer)
            switch record.productType {
            case .nonConsumable where record.isInForce:
                nonConsumables.append(.init(productID: record.productID, transactionID: record.id,
                                            purchaseDate: record.purchaseDate, delivered: delivered))
            case .autoRenewable, .freeSubscription:
                let subscriptionState: Entitlements.SubscriptionState
                if record.state == .refunded {
                    subscriptionState = .revoked
                } else if record.replacedBy != nil {
                    continue
                } else if record.productType == .freeSubscription || (record.expiresDate ?? .distantPast) > now {
                    subscriptionState = .subscribed
                } else {
                    subscriptionState = .expired
                }
                let group = catalog.product(id: record.productID)?.subscription?.group ?? ""
                subscriptions[record.productID] = .init(
                    productID: record.productID, group: group, state: subscriptionState, transactionID: record.id,
                    originalTransactionID: record.originalID, purchaseDate: record.purchaseDate,
                    expiresDate: record.expiresDate,
                    willAutoRenew: record.productType == .autoRenewable && subscriptionState == .subscribed,
                    offer: record.offer, delivered: delivered)
            case .nonRenewing where record.isInForce:
                guard let expires = record.expiresDate else { continue }
                passes[record.productID] = .init(productID: record.productID, transactionID: record.id,
                                                 purchaseDate: passes[record.productID]?.purchaseDate ?? record.purchaseDate,
                                                 expiresDate: expires, isActive: expires > now,
                                                 delivered: delivered || passes[record.productID]?.delivered == true)
            default:
                continue
            }
        }
        var credits: [String: Int] = [:]
        for credit in catalog.credits { credits[credit.id] = state.balance(of: credit.id, for: buyer) }
        let order = { (id: String) in self.catalog.products.firstIndex { $0.id == id } ?? Int.max }
        return Entitlements(
            nonConsumables: nonConsumables.sorted { order($0.productID) < order($1.productID) },
            subscriptions: subscriptions.values.sorted { order($0.productID) < order($1.productID) },
            nonRenewing: passes.values.sorted { order($0.productID) < order($1.productID) },
            credits: credits)
    }
}
