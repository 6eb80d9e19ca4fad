import Foundation
import StoreEngine
@testable import StoreCatalog
@testable import StorefrontTesting

/// Runs model steps against the engine (the `Store` API) on a fresh in-memory ledger with a
/// clock that stands still, so every step between two `advance` steps shares one store second.
final class EngineDriver {
    let store: Store
    /// The engine's transaction id for each transaction the model created, by model key.
    private var engineIDs: [Int: String] = [:]
    private let operator_ = Buyer(account: "alice", device: "phone")

    init(start: Date) throws {
        let clock = ManualClock(start)
        store = try Store(catalog: CatalogLoader.loadBundled("Rage"), log: InMemoryEventLog().connection(), clock: clock)
    }

    /// Runs `step` as the model (in its state before the step) understands it; returns a
    /// disagreement about which transaction the step created, if there is one.
    func perform(_ step: ModelStep, model: EntitlementModel, createdKey: Int?) -> String? {
        var created: String?
        switch step {
        case .buy(let product, let buyer), .buyWithOffer(let product, _, let buyer):
            let outcome = try? store.purchase(product, buyer: buyer, storefront: "USA", options: .init(offerID: step.offer))
            switch outcome {
            case .purchased(let record)?, .pending(let record)?, .needsAction(let record)?: created = record.id
            default: created = nil
            }
        case .spend(let credit, let amount, let buyer):
            _ = try? store.spend(credit, amount: amount, buyer: buyer)
        case .refund(let pick):
            if let id = engineID(pick, model.refundable) { _ = try? store.refund(id) }
        case .refundSubscription(let product, let account):
            if let chain = store.subscription(product, for: account), chain.isOngoing {
                _ = try? store.refund(chain.latestTransactionID)
            }
        case .approve(let pick):
            if let id = engineID(pick, model.awaitingApproval) { _ = try? store.approve(id) }
        case .decline(let pick):
            if let id = engineID(pick, model.awaitingApproval) { _ = try? store.decline(id) }
        case .resolve(let pick):
            // Only its buyer completes an interrupted purchase.
            if let key = EntitlementModel.choose(pick, from: model.awaitingAction), let id = engineID(pick, model.awaitingAction) {
                _ = try? store.resolve(id, by: model.transactions[key].buyer.account)
            }
        case .restore(let buyer):
            _ = try? store.restore(buyer)
        case .advance(let duration):
            _ = try? store.advance(by: duration, buyer: operator_)
        case .renewNow(let product, let account):
            _ = try? store.renew(product, buyer: Buyer(account: account, device: "phone"))
        case .expire(let product, let account):
            _ = try? store.expire(product, buyer: Buyer(account: account, device: "phone"))
        case .cancelRenewal(let product, let account):
            cancelRenewal(product, account: account)
        case .resolveBilling(let product, let account):
            _ = try? store.resolveBilling(product, buyer: Buyer(account: account, device: "phone"))
        case .setting(let setting, let value):
            try? store.set(setting, to: String(value), for: operator_)
        }
        if let createdKey, let created { engineIDs[createdKey] = created }
        guard (createdKey == nil) != (created == nil) else { return nil }
        return createdKey == nil ? "the engine created transaction \(created ?? ""), the model none"
                                 : "the model created a transaction, the engine none"
    }

    private func engineID(_ pick: Int, _ candidates: [Int]) -> String? {
        EntitlementModel.choose(pick, from: candidates).flatMap { engineIDs[$0] }
    }

    /// `cancel-renewal` of a free subscription unsubscribes it, as the CLI does.
    private func cancelRenewal(_ product: String, account: String) {
        let buyer = Buyer(account: account, device: "phone")
        if catalog(product)?.type == .freeSubscription {
            if let record = store.transactions(for: account).last(where: { $0.productID == product && $0.isInForce }) {
                _ = try? store.unsubscribe(record, buyer: buyer)
            }
            return
        }
        _ = try? store.cancelRenewal(product, buyer: buyer)
    }

    private func catalog(_ product: String) -> Product? { store.catalog.product(id: product) }
}
