/// The five kinds of in-app product a store sells.
public enum ProductType: String, Sendable, CaseIterable, Codable {
    case consumable
    case nonConsumable
    case autoRenewable
    case nonRenewing
    case freeSubscription

    /// True for the types that give access for a period of time.
    public var isSubscription: Bool {
        switch self {
        case .autoRenewable, .nonRenewing, .freeSubscription: true
        case .consumable, .nonConsumable: false
        }
    }
}
