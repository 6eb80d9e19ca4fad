import Foundation
import StoreEngine
import StorefrontApp

/// Runs effects against the store and turns their results into actions.
///
/// After a change it sends a fresh snapshot first, then the result, so an alert can quote the
/// committed balance. Storage trouble becomes `operationFailed` with the error's own words.
struct EffectRunner: Sendable {
    let store: Store

    /// Runs `effect`; `storefront` is the one on screen when the effect was asked for.
    func run(_ effect: Effect, storefront: String) -> [Action] {
        do {
            switch effect {
            case let .purchase(productID, buyer, storefront, simulate):
                let outcome = try store.purchase(productID, buyer: buyer, storefront: storefront, simulate: simulate)
                return [snapshot(buyer, storefront), .purchaseFinished(productID: productID, outcome: outcome)]
            case let .restore(buyer):
                let result = try store.restore(buyer)
                return [snapshot(buyer, storefront), .restoreFinished(result)]
            case let .spend(credit, buyer):
                let outcome = try store.spend(credit, buyer: buyer)
                return [snapshot(buyer, storefront), .spendFinished(credit: credit, outcome: outcome)]
            case let .refund(transactionID):
                let result = try store.refund(transactionID)
                let owner = Buyer(account: result.transaction.account, device: result.transaction.purchaseDevice)
                return [snapshot(owner, storefront), .refundFinished(result)]
            case let .setSetting(setting, value, buyer):
                try store.set(setting, to: value, for: buyer)
                return [snapshot(buyer, storefront), .settingSaved(setting, value: value)]
            case let .loadSnapshot(buyer, storefront):
                try store.refresh()
                return [snapshot(buyer, storefront)]
            case .quit:
                return []
            }
        } catch {
            return [.operationFailed(message: "\(error)")]
        }
    }

    func snapshot(_ buyer: Buyer, _ storefront: String) -> Action {
        .storeChanged(StoreSnapshot(store: store, buyer: buyer, storefront: storefront))
    }
}
