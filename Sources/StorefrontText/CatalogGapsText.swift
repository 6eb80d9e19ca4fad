import StoreEngine

extension StoreText {
    /// Says what `buyer`'s history holds that this catalog does not name, and how to see it:
    /// "tester's history holds what the catalog of Rage does not have: 3 transactions of
    /// com.example.rage.lives (shown by their product id only); a balance of 96 in the credit
    /// extra-lives (not shown; …). …"; nil when it holds nothing of the kind.
    public func catalogGapsWarning(_ gaps: CatalogGaps, buyer: Buyer) -> String? {
        guard !gaps.isEmpty else { return nil }
        let products = gaps.products.map { "\(EnglishCount.of($0.transactions, "transaction")) of \($0.id)" }
        let credits = gaps.credits.map { "a balance of \($0.balance) in the credit \($0.id)" }
        let listed = [products.isEmpty ? nil : products.joined(separator: ", ") + " (shown by their product id only)",
                      // Kept per device or per account is the catalog's to say: without it, the account's whole balance.
                      credits.isEmpty ? nil : credits.joined(separator: ", ") + " (not shown; counted over all the account's devices)"]
            .compactMap { $0 }
        return "\(buyer.account)'s history holds what the catalog of \(catalog.appName) (\(catalog.bundleID)) does not have: "
            + listed.joined(separator: "; ") + ". Nothing of it is lost, and subscriptions on such plans are neither renewed nor "
            + "ended through this catalog: give the catalog that has them (--catalog PATH) to see them"
    }
}
