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
    /// process (the determinism suite), and subscriptions started in one second are listed in
    /// no fixed order (here: a subscription bought in the second another one started).
    case sameSecondOrder
    /// Item 1: a product id names the live subscription, also through the product it
    /// switches to at renewal.
    case pendingProductID
    /// Item 2: "renew now" must never pay for the same time twice.
    case renewNow
    /// Found by this suite: an upgrade after "renew now" paid a period ahead must end every
    /// paid period at the upgrade; the engine replaces only the latest, so the current one
    /// overlaps the new plan.
    case upgradeAfterRenewNow
    /// Item 3: a second Ask to Buy request for a product already waiting is refused.
    case secondRequest
    /// Item 3: approving, declining or resolving a request that became moot settles it.
    case mootRequest
    /// Item 3: what is owned wins over a request for it that still waits, in every view.
    case ownedWhileWaiting
    /// Found by this suite: a subscription request approved or resolved after the account's
    /// plans changed must be decided as of its completion (an upgrade now, a downgrade at
    /// renewal, a new subscription after a refund); the engine starts a second subscription
    /// in the group, or revives a refunded one, from what it planned at the request.
    case planChangeOnCompletion
    /// Items 4 and 10: buying the current plan again keeps it, cancelling a scheduled change.
    case keepCurrentPlan
    /// Item 4: buying a subscription whose renewal was cancelled turns renewal back on.
    case resumeByBuying
    /// Found by this suite: a pass purchase completed (approved or resolved) after a later
    /// one must show the run's end; the engine shows the expiry of the last one bought.
    case passCompletedOutOfOrder
    /// Item 6: extending a pass clamps month ends once, as buying the whole run at once.
    case passExtension

    /// The gaps skipped by default: faults not fixed yet. None is left: every step is drawn and run.
    static let awaitingFix: Set<KnownEngineGap> = []

    /// The gaps to skip: `STOREFRONT_MODEL_GAPS` (comma-separated names) if set, none with
    /// `STOREFRONT_MODEL_STRICT=1`, else `awaitingFix`.
    static func skipped() -> Set<KnownEngineGap> {
        let environment = ProcessInfo.processInfo.environment
        if let names = environment["STOREFRONT_MODEL_GAPS"] {
            return Set(names.split(separator: ",").compactMap { KnownEngineGap(rawValue: String($0)) })
        }
        return environment["STOREFRONT_MODEL_STRICT"] == "1" ? [] : awaitingFix
    }

    /// Whether `step`, taken in the model's state `model`, meets this gap.
    func applies(to step: ModelStep, in model: EntitlementModel) -> Bool {
        switch (self, step) {
        case (.sameSecondOrder, _):
            guard let (product, account) = model.purchaseTarget(of: step), product.kind == .autoRenewable else { return false }
            return model.subscriptions.contains { $0.account == account && $0.started == model.now }
        case (.renewNow, .renewNow):
            return true
        case (.secondRequest, .buy(let id, let buyer)):
            return model.askToBuy && model.transactions.contains { $0.buyer.account == buyer.account && $0.product.id == id && $0.state == .awaitingApproval }
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
            guard let (product, account) = model.purchaseTarget(of: step), product.kind == .autoRenewable else { return false }
            return model.subscriptions.contains { $0.account == account }
        case (.pendingProductID, .renewNow(let id, let account)), (.pendingProductID, .expire(let id, let account)),
             (.pendingProductID, .cancelRenewal(let id, let account)), (.pendingProductID, .resolveBilling(let id, let account)),
             (.pendingProductID, .refundSubscription(let id, let account)):
            return model.ongoingSubscription(of: account).map { $0.pendingProduct?.id == id } ?? false
        case (.passCompletedOutOfOrder, .approve), (.passCompletedOutOfOrder, .resolve):
            guard let (product, account) = model.purchaseTarget(of: step), product.kind == .pass else { return false }
            return model.transactions.contains { $0.buyer.account == account && $0.product == product && $0.state == .purchased }
        case (.upgradeAfterRenewNow, _):
            guard let (product, account) = model.purchaseTarget(of: step), product.kind == .autoRenewable,
                  let current = model.ongoingSubscription(of: account), current.product.level > product.level else { return false }
            return current.periods.count > 1 && current.periods[current.periods.count - 2].end > model.now
        case (.keepCurrentPlan, .buy(let id, let buyer)):
            return model.ongoingSubscription(of: buyer.account).map { $0.product.id == id && $0.pendingProduct != nil } ?? false
        case (.passExtension, _):
            guard let (product, account) = model.purchaseTarget(of: step), product.kind == .pass else { return false }
            return model.passExpiry(product, account: account).map { $0 > model.now } ?? false
        default:
            return false
        }
    }
}
