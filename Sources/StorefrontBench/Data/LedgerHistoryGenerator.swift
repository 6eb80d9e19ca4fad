import Foundation
import StoreEngine
import StoreCatalog
import StorefrontTesting

/// Produces a realistic history of store events by driving the real `Store` over an in-memory
/// log: a QA team's months of buying, spending, subscribing, refunding and restoring.
///
/// Events come from the engine itself, so the ledger files written from them fold exactly as
/// a ledger grown through the CLI would. The store clock moves a few minutes per operation,
/// so subscriptions renew along the way, and the history ends shortly before the real time,
/// as a ledger in use does (otherwise opening it would first catch up on months of renewals).
struct LedgerHistoryGenerator {
    static let accountCount = 100
    static let secondsPerOperation: TimeInterval = 240

    let catalog: Catalog

    /// The first `count` events of the history.
    func events(count: Int) throws -> [StoreEvent] {
        let memory = InMemoryEventLog()
        // About one operation per event: start that many operations before now, in whole
        // seconds, and never move past now.
        let end = Date()
        let clock = ManualClock(Date(timeIntervalSince1970: (end.timeIntervalSince1970 - Double(count) * Self.secondsPerOperation).rounded(.down)))
        let store = try Store(catalog: catalog, log: memory.connection(), clock: clock)
        var random = SeededRandom(seed: 0x5707_EF20_7BE7_C4)
        let byType = Dictionary(grouping: catalog.products, by: \.type)
        while store.snapshot.eventCount < count {
            if clock.now() + Self.secondsPerOperation < end { clock.advance(by: Self.secondsPerOperation) }
            try perform(on: store, random: &random, byType: byType)
        }
        return Array(memory.allEvents.prefix(count))
    }

    /// One operation chosen at random with the weights of a typical test session.
    private func perform(on store: Store, random: inout SeededRandom, byType: [ProductType: [Product]]) throws {
        let account = "tester-\(Int.random(in: 0..<Self.accountCount, using: &random))"
        let phone = Buyer(account: account, device: "phone-\(account)")
        let tablet = Buyer(account: account, device: "tablet-\(account)")
        let storefront = CatalogGenerator.storefronts[Int.random(in: 0..<CatalogGenerator.storefronts.count, using: &random)].code
        func buy(_ type: ProductType, _ buyer: Buyer = phone) throws {
            guard let product = byType[type]?.randomElement(using: &random) else { return }
            _ = try store.purchase(product.id, buyer: buyer, storefront: storefront)
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<36: try buy(.consumable)
        case 36..<70:
            _ = try store.spend(CatalogGenerator.coins, buyer: phone)
        case 70..<78: try buy(.nonConsumable)
        case 78..<84: try buy(.autoRenewable)
        case 84..<86:
            if let chain = store.snapshot.subscriptionChains(of: account).last(where: \.isOngoing) {
                _ = try? store.cancelRenewal(chain.originalID, buyer: phone)
            }
        case 86..<89:
            let refundable = store.snapshot.transactions(of: account).suffix(20).filter { $0.state == .purchased && !$0.isRenewal }
            if let record = refundable.randomElement(using: &random) { _ = try? store.refund(record.id) }
        case 89..<92: _ = try store.restore(tablet)
        case 92..<95: try buy(.nonRenewing)
        case 95..<97: try buy(.freeSubscription)
        default: try store.set(.purchasesAllowed, to: "true", for: phone)
        }
    }
}
