import Foundation
import StoreEngine

/// Situations where the engine on this branch is known to break the rules the model states
/// (issue 11, "Wrong answers"), while their fixes land in `Sources/StoreEngine/Store/`.
///
/// A step that meets a listed gap is skipped by both sides, so the rest of the rules stay
/// checked. `awaitingFix` must shrink to nothing: then every step is drawn and run.
/// `STOREFRONT_MODEL_STRICT=1` runs with none skipped, to see which still disagree.
enum KnownEngineGap: String, CaseIterable {
    /// Issue 11 item 1: events of one store second are read in a different order by each
    /// process (checked by the determinism suite, not by the model).
    case sameSecondOrder
    /// Item 2: "renew now" must never pay for the same time twice.
    case renewNow
    /// Item 3: a second Ask to Buy request for a product already waiting is refused.
    case secondRequest
    /// Item 3: approving, declining or resolving a request that became moot settles it.
    case mootRequest
    /// Item 3: what is owned wins over a request for it that still waits, in every view.
    case ownedWhileWaiting
    /// Found by this suite: a subscription request approved or resolved after the account
    /// subscribed to another plan of the group must switch plans (an upgrade now, a downgrade
    /// at renewal); the engine starts a second subscription in the same group instead.
    case planChangeOnCompletion
    /// Item 4: buying a subscription whose renewal was cancelled turns renewal back on.
    case resumeByBuying
    /// Item 6: extending a pass clamps month ends once, as buying the whole run at once.
    case passExtension

    /// The gaps skipped by default on this branch.
    static let awaitingFix: Set<KnownEngineGap> = Set(allCases)

    static func skipped() -> Set<KnownEngineGap> {
        ProcessInfo.processInfo.environment["STOREFRONT_MODEL_STRICT"] == "1" ? [] : awaitingFix
    }

    /// Whether `step`, taken in the model's state `model`, meets this gap.
    func applies(to step: ModelStep, in model: EntitlementModel) -> Bool {
        switch (self, step) {
        case (.renewNow, .renewNow):
            return true
        case (.secondRequest, .buy(let id, let buyer)):
            return model.transactions.contains { $0.buyer.account == buyer.account && $0.product.id == id && $0.state == .awaitingApproval }
        case (.mootRequest, .approve(let pick)), (.mootRequest, .decline(let pick)):
            return EntitlementModel.choose(pick, from: model.awaitingApproval).map { model.isMoot(model.transactions[$0]) } ?? false
        case (.mootRequest, .resolve(let pick)):
            return EntitlementModel.choose(pick, from: model.awaitingAction).map { model.isMoot(model.transactions[$0]) } ?? false
        case (.resumeByBuying, .buy(let id, let buyer)):
            return model.ongoingSubscription(of: buyer.account).map { $0.product.id == id && !$0.willRenew } ?? false
        case (.ownedWhileWaiting, _):
            guard let (product, account) = model.purchaseTarget(of: step), product.kind != .consumable else { return false }
            let waiting = model.transactions.filter {
                $0.buyer.account == account && $0.product == product && ($0.state == .awaitingApproval || $0.state == .awaitingAction)
            }
            return waiting.count > (step.pick == nil ? 0 : 1)
        case (.planChangeOnCompletion, .approve), (.planChangeOnCompletion, .resolve):
            guard let (product, account) = model.purchaseTarget(of: step), product.kind == .autoRenewable,
                  let current = model.ongoingSubscription(of: account) else { return false }
            return current.product != product
        case (.passExtension, _):
            guard let (product, account) = model.purchaseTarget(of: step), product.kind == .pass else { return false }
            return model.passExpiry(product, account: account).map { $0 > model.now } ?? false
        default:
            return false
        }
    }
}
