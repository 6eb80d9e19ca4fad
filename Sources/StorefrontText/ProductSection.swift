import StoreCatalog
/// Products grouped the way a store lists them: consumables, non-consumables, subscriptions.
public struct ProductSection: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case consumables = "Consumables"
        case nonConsumables = "Non-consumables"
        case subscriptions = "Subscriptions"
        case passes = "Passes"
    }

    public var kind: Kind
    public var products: [Product]

    public var title: String { kind.rawValue }

    static func kind(of type: ProductType) -> Kind {
        switch type {
        case .consumable: .consumables
        case .nonConsumable: .nonConsumables
        case .autoRenewable, .freeSubscription: .subscriptions
        case .nonRenewing: .passes
        }
    }

    /// The non-empty sections of `products`, in catalog order within each section.
    public static func sections(of products: [Product]) -> [ProductSection] {
        Kind.allCases.compactMap { kind in
            let members = products.filter { Self.kind(of: $0.type) == kind }
            return members.isEmpty ? nil : ProductSection(kind: kind, products: members)
        }
    }

    public static func sections(of catalog: Catalog) -> [ProductSection] { sections(of: catalog.products) }
}
