import StoreCatalog

/// What an account's history holds that the catalog in use does not name: transactions of
/// products it does not sell, and balances of credits it does not have. A catalog trimmed, or
/// another app's given by mistake, would otherwise hide them without a word (no balance
/// listed, purchases named only by their ids); nothing of them is lost, and the catalog that
/// names them shows them again.
public struct CatalogGaps: Equatable, Sendable {
    /// A product the catalog lacks, with how many of the account's transactions are of it.
    public struct UnknownProduct: Equatable, Sendable {
        public var id: String
        public var transactions: Int
    }

    /// A credit the catalog lacks, with the buyer's balance of it.
    public struct UnknownCredit: Equatable, Sendable {
        public var id: String
        public var balance: Int
    }

    /// Sorted by id, so every process words them alike.
    public var products: [UnknownProduct]
    public var credits: [UnknownCredit]

    public var isEmpty: Bool { products.isEmpty && credits.isEmpty }

    /// Nothing the catalog lacks.
    public static let none = CatalogGaps(products: [], credits: [])

    /// The gaps of `buyer`'s history in `state` against `catalog`. Balances of 0 are left out:
    /// they show nothing a catalog could hide.
    public static func of(_ state: LedgerState, catalog: Catalog, buyer: Buyer) -> CatalogGaps {
        let products = state.transactions.productCounts(of: buyer.account)
            .filter { catalog.product(id: $0.key) == nil }
            .map { UnknownProduct(id: $0.key, transactions: $0.value) }
        var credits: [String: Int] = [:]
        for (key, balance) in state.balances where key.account == buyer.account && balance != 0
            && (key.device == nil || key.device == buyer.device) && catalog.credit(id: key.credit) == nil {
            credits[key.credit, default: 0] += balance
        }
        return CatalogGaps(products: products.sorted { $0.id < $1.id },
                           credits: credits.map { UnknownCredit(id: $0.key, balance: $0.value) }.sorted { $0.id < $1.id })
    }
}

extension Store {
    /// What `buyer`'s history holds that this store's catalog does not name.
    public func catalogGaps(for buyer: Buyer) -> CatalogGaps {
        CatalogGaps.of(snapshot, catalog: catalog, buyer: buyer)
    }
}
