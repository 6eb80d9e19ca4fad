extension StoreText {
    /// How a subscription stands, in plain words: "Rage Pro (Yearly): subscribed, renews
    /// Dec 16, 2028."
    public func describe(_ chain: SubscriptionChain) -> String {
        let name = catalog.product(id: chain.productID).map(title(of:)) ?? chain.productID
        var message = "\(name): \(chain.status.rawValue)"
        switch chain.status {
        case .subscribed:
            message += chain.willAutoRenew ? ", renews \(date(chain.expiresDate))." : ", ends \(date(chain.expiresDate)) (will not renew)."
        case .inGracePeriod:
            message += ", access until \(chain.gracePeriodExpiresDate.map(date) ?? "-")."
        case .expired, .revoked, .inBillingRetryPeriod:
            message += "."
        }
        if let pending = chain.pendingProductID {
            message += " Switches to \(catalog.product(id: pending).map(title(of:)) ?? pending) at the next renewal."
        }
        return message
    }
}
