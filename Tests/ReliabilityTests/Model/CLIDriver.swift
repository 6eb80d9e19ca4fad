import Foundation
import StorefrontCommands
import StorefrontTesting
import StoreEngine

/// Runs model steps through the built `storefront` binary, one process per step, and reads
/// back what each buyer observes with `entitlements --json` and `products --json`.
///
/// The binary's store clock runs in real time, so its facts leave out exact dates.
final class CLIDriver {
    let cli: StorefrontProcess
    /// The binary's transaction id for each transaction the model created, by model key.
    private var engineIDs: [Int: String] = [:]

    init(ledger: String) { cli = StorefrontProcess(ledger: ledger) }

    /// Runs `step` as the model (in its state before the step) understands it; returns a
    /// disagreement about which transaction the step created, if there is one.
    func perform(_ step: ModelStep, model: EntitlementModel, createdKey: Int?) throws -> String? {
        var created: String?
        if let arguments = arguments(for: step, model: model) {
            let result = try cli.run(arguments + ["--json"])
            let bought = try? result.decoded(JSONShapes.PurchaseResult.self)
            if step.isBuying, let bought, ["purchased", "pending", "needsAction"].contains(bought.outcome) {
                created = bought.transactionId
            }
        }
        if let createdKey, let created { engineIDs[createdKey] = created }
        guard (createdKey == nil) != (created == nil) else { return nil }
        return createdKey == nil ? "the binary created transaction \(created ?? ""), the model none"
                                 : "the model created a transaction, the binary none"
    }

    private func arguments(for step: ModelStep, model: EntitlementModel) -> [String]? {
        let operatorFlags = ["--account", "alice", "--device", "phone"]
        func who(_ buyer: Buyer) -> [String] { ["--account", buyer.account, "--device", buyer.device] }
        func on(_ account: String) -> [String] { ["--account", account, "--device", "phone"] }
        func picked(_ pick: Int, _ candidates: [Int]) -> String? {
            EntitlementModel.choose(pick, from: candidates).flatMap { engineIDs[$0] }
        }
        switch step {
        case .buy(let product, let buyer): return ["buy", product] + who(buyer)
        case .buyWithOffer(let product, let offer, let buyer): return ["buy", product, "--offer", offer] + who(buyer)
        case .spend(let credit, let amount, let buyer): return ["spend", credit, "--amount", String(amount)] + who(buyer)
        case .refund(let pick):
            // A refund is asked for by the account that bought the transaction.
            guard let key = EntitlementModel.choose(pick, from: model.refundable), let id = engineIDs[key] else { return nil }
            return ["refund", id] + on(model.transactions[key].buyer.account)
        case .refundSubscription: return nil
        case .approve(let pick): return picked(pick, model.awaitingApproval).map { ["approve", $0] }
        case .decline(let pick): return picked(pick, model.awaitingApproval).map { ["decline", $0] }
        case .resolve(let pick):
            // Only its buyer completes an interrupted purchase.
            guard let key = EntitlementModel.choose(pick, from: model.awaitingAction), let id = engineIDs[key] else { return nil }
            return ["resolve", id] + on(model.transactions[key].buyer.account)
        case .restore(let buyer): return ["restore"] + who(buyer)
        case .advance(let duration): return ["advance", duration.description] + operatorFlags
        case .renewNow(let product, let account): return ["renew", product] + on(account)
        case .expire(let product, let account): return ["expire", product] + on(account)
        case .cancelRenewal(let product, let account): return ["cancel-renewal", product] + on(account)
        case .resolveBilling(let product, let account): return ["resolve-billing", product] + on(account)
        case .setting(let setting, let value): return ["settings", "set", setting.rawValue, String(value)] + operatorFlags
        }
    }

    /// What the binary says each account observes on `device`.
    func facts(accounts: [String], device: String) throws -> ModelFacts {
        var writer = FactWriter(withDates: false)
        for account in accounts {
            let buyer = Buyer(account: account, device: device)
            let flags = ["--account", account, "--device", device, "--json"]
            let entitlements = try cli.run(["entitlements"] + flags).decoded(JSONShapes.EntitlementsResult.self)
            for (credit, balance) in entitlements.credits { writer.balance(account, credit, balance) }
            for owned in entitlements.nonConsumables { writer.owns(buyer, owned.productId, delivered: owned.delivered) }
            var pending: Set<String> = []
            for subscription in entitlements.subscriptions {
                let next = subscription.pendingProductId
                if let next, subscription.state != "expired", subscription.state != "revoked" { pending.insert(next) }
                writer.subscription(account, subscription.productId, state: subscription.state, expires: nil,
                                    willRenew: subscription.willAutoRenew, pending: next)
            }
            for pass in entitlements.nonRenewing {
                writer.pass(account, pass.productId, expires: Date(), active: pass.active)
            }
            for product in try cli.run(["products"] + flags).decoded([JSONShapes.ProductEntry].self) where !pending.contains(product.id) {
                let status = product.status == "restoreToUnlock" && product.type != "nonConsumable" ? "active" : product.status
                writer.status(buyer, product.id, status)
            }
        }
        return writer.facts
    }
}
