import Foundation

extension Store {
    /// The most a buyer may take of one consumable in a single purchase, as on the App Store.
    public static let maximumQuantity = 10

    /// Buys `productID` for `buyer` in `storefront`.
    ///
    /// `simulate` forces a cancel or failure for this call; otherwise the device's one-shot
    /// "next purchase" setting applies. Throws only for storage problems; everything the store
    /// decides is an outcome.
    public func purchase(_ productID: String, quantity: Int = 1, buyer: Buyer, storefront: String,
                         simulate: PurchaseSimulation? = nil) throws -> PurchaseOutcome {
        guard let product = catalog.product(id: productID) else { return .refused(.unknownProduct(productID)) }
        guard let price = product.price(in: storefront) else {
            return .refused(.notSoldHere(productID: productID, storefront: storefront))
        }
        guard quantity >= 1, quantity == 1 || (product.type == .consumable && quantity <= Self.maximumQuantity) else {
            return .refused(.invalidQuantity(quantity, productType: product.type))
        }
        let currency = catalog.storefront(code: storefront)?.currency
        return try commit { state in
            let now = clock.now()
            if let owned = currentOwnership(of: product, buyer: buyer, in: state, at: now) {
                return ([], .alreadyOwned(owned, deliveredHere: state.isDelivered(owned.id, to: buyer)))
            }
            guard state.purchasesAllowed(on: buyer.device) else {
                return ([], .refused(.purchasesDisallowed(device: buyer.device)))
            }
            if let grant = product.grant, let maximum = catalog.credit(id: grant.credit)?.maximum {
                let balance = state.balance(of: grant.credit, for: buyer)
                let adding = grant.amount * quantity
                if balance + adding > maximum {
                    return ([], .refused(.overMaximum(credit: grant.credit, maximum: maximum, balance: balance, adding: adding)))
                }
            }
            let transactionID = String(max(state.highestTransactionNumber, Self.firstTransactionNumber - 1) + 1)
            var record = event(.purchase, for: buyer)
            record.transactionId = transactionID
            record.productId = product.id
            record.productType = product.type
            record.quantity = quantity
            record.currency = currency
            record.storefront = storefront
            let forced = simulate ?? state.nextPurchaseOutcome(on: buyer.device)
            if let forced, forced != .succeed {
                record.kind = .purchaseFailed
                record.price = ExactDecimal.string(price * Decimal(quantity))
                record.reason = forced == .cancel ? PurchaseSimulation.cancel.rawValue
                                                  : "the payment was declined (simulated failure)"
                guard let attempt = preview(record, in: state) else { return ([], .refused(.unknownProduct(productID))) }
                return ([record], forced == .cancel ? .cancelled(attempt) : .failed(attempt))
            }
            let terms = purchaseTerms(for: product, price: price, quantity: quantity, buyer: buyer,
                                      storefront: storefront, state: state, at: now)
            record.price = ExactDecimal.string(terms.charged)
            record.expiresDate = terms.expires
            record.offer = terms.offer
            record.replacesTransactionId = terms.replaces
            if let grant = product.grant {
                record.credit = grant.credit
                record.amount = grant.amount * quantity
            }
            guard let made = preview(record, in: state) else { return ([], .refused(.unknownProduct(productID))) }
            return ([record], .purchased(made))
        }
    }

    static let firstTransactionNumber: Int64 = 2_000_000_000_000_001

    /// The transaction `event` will create, as the fold will see it once committed.
    private func preview(_ event: StoreEvent, in state: LedgerState) -> TransactionRecord? {
        guard let id = event.transactionId, let productID = event.productId, let type = event.productType else { return nil }
        return TransactionRecord(event: event, id: id, productID: productID, type: type, sequence: state.eventCount + 1)
    }

    /// The transaction through which the account already has `product`, if it does: an owned
    /// non-consumable, an active subscription to this very product, an active free subscription.
    func currentOwnership(of product: Product, buyer: Buyer, in state: LedgerState, at now: Date) -> TransactionRecord? {
        let inForce = state.transactions(of: buyer.account).filter { $0.isInForce && $0.productID == product.id }
        switch product.type {
        case .nonConsumable, .freeSubscription:
            return inForce.last
        case .autoRenewable:
            return inForce.last { ($0.expiresDate ?? .distantPast) > now }
        case .consumable, .nonRenewing:
            return nil
        }
    }

    private struct Terms {
        var charged: Decimal
        var expires: Date?
        var offer: String?
        var replaces: String?
    }

    private func purchaseTerms(for product: Product, price: Decimal, quantity: Int, buyer: Buyer,
                               storefront: String, state: LedgerState, at now: Date) -> Terms {
        switch product.type {
        case .consumable, .nonConsumable, .freeSubscription:
            return Terms(charged: price * Decimal(quantity))
        case .nonRenewing:
            let current = state.transactions(of: buyer.account)
                .filter { $0.isInForce && $0.productID == product.id }
                .compactMap(\.expiresDate).max() ?? now
            let start = max(current, now)
            return Terms(charged: price, expires: (product.duration ?? SubscriptionPeriod(value: 1, unit: .year)).added(to: start))
        case .autoRenewable:
            guard let subscription = product.subscription else { return Terms(charged: price) }
            let groupHistory = state.transactions(of: buyer.account).filter {
                $0.state != .failed && $0.state != .cancelled &&
                catalog.product(id: $0.productID)?.subscription?.group == subscription.group
            }
            let active = groupHistory.last { $0.isInForce && ($0.expiresDate ?? .distantPast) > now }
            if let intro = subscription.introOffer, groupHistory.isEmpty {
                let offerPrice: Decimal = intro.paymentMode == .freeTrial ? 0 : (intro.prices[storefront] ?? price)
                let periods = intro.paymentMode == .payAsYouGo ? 1 : intro.periodCount
                return Terms(charged: offerPrice, expires: intro.period.added(to: now, times: periods),
                             offer: "introductory:\(intro.paymentMode.rawValue)", replaces: active?.id)
            }
            return Terms(charged: price, expires: subscription.period.added(to: now), replaces: active?.id)
        }
    }
}
