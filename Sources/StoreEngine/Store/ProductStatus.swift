import Foundation
import StoreCatalog

/// Where a buyer stands with one product, for lists and `--json` output.
public enum ProductStatus: Sendable, Equatable {
    /// Not sold in the buyer's storefront.
    case notSold
    /// Can be bought.
    case available
    /// A consumable: the buyer's balance of the credit it grants (nil when it grants none).
    case credits(credit: String?, balance: Int)
    /// Owned and delivered to this device.
    case owned(since: Date)
    /// Owned by the account but not on this device until it restores.
    case restoreToUnlock
    /// Bought on this device, but the app has not finished the transaction: it waits for
    /// delivery (`deliver-unfinished`, or the next start of the storefront).
    case awaitingDelivery
    /// An active subscription or pass, until `expires` (nil for free subscriptions).
    case active(until: Date?, willRenew: Bool)
    /// The plan running now, until `until`, after which the subscription goes on in another plan
    /// (`next`), so this plan neither renews nor ends: a later period of `next` was paid ahead
    /// (`paidAhead`), or a switch to it is scheduled for the renewal.
    case runningBeforeSwitch(until: Date, next: String, paidAhead: Bool)
    /// Was active, has ended.
    case expired(on: Date)
    /// Refunded by the store.
    case revoked
    /// A renewal failed to bill; entitled while `graceUntil` is in the future.
    case billingProblem(graceUntil: Date?, willAutoRenew: Bool)
    /// A purchase waits for a parent's approval or the buyer's action; an interrupted purchase
    /// (needsAction) is named first, as the buyer's own next step, and a request for the same
    /// product that waits beside it is `alsoWaiting` (.pending).
    case waiting(TransactionState, alsoWaiting: TransactionState? = nil)
    /// The account's subscription in the group (`from`) switches to this product at its
    /// renewal on `effective`; buying it again changes nothing. While `from`'s auto-renew is
    /// off (`willSwitch` false) there is no renewal, so the switch waits on auto-renew. Nil
    /// `effective` while `from` has a billing problem: its renewal failed, and the switch
    /// happens once billing is resolved, on no date known now.
    case changeScheduled(from: String, effective: Date?, willSwitch: Bool)
    /// Another plan of the group: the account's subscription in it runs on `current`, a plan the
    /// catalog lacks, so whether buying this would upgrade now or switch at the renewal cannot be
    /// told, and the store refuses it (`PurchaseRefusal.currentPlanUnknown`).
    case groupPlanUnknown(current: String)

    /// The stable name in `--json` output.
    public var name: String {
        switch self {
        case .notSold: "notSold"
        case .available: "available"
        case .credits: "credits"
        case .owned: "owned"
        case .restoreToUnlock: "restoreToUnlock"
        case .awaitingDelivery: "awaitingDelivery"
        case .active, .runningBeforeSwitch: "active"
        case .expired: "expired"
        case .revoked: "revoked"
        case .billingProblem: "billingProblem"
        case .waiting(let state, _): state.waitingStatusName
        case .changeScheduled: "changeScheduled"
        case .groupPlanUnknown: "groupPlanUnknown"
        }
    }
}

extension Store {
    /// The buyer's status for `product` in `storefront`, from one entitlements snapshot.
    public func status(of product: Product, in entitlements: Entitlements, storefront: String) -> ProductStatus {
        let held = heldStatus(of: product, in: entitlements, storefront: storefront)
        switch held {
        case .owned, .restoreToUnlock, .awaitingDelivery, .active, .runningBeforeSwitch, .billingProblem, .changeScheduled:
            // What the buyer has wins over a request that still waits for it.
            return held
        default:
            let states = Set(entitlements.waiting.filter { $0.productID == product.id }.map(\.state))
            if states.contains(.needsAction) { return .waiting(.needsAction, alsoWaiting: states.contains(.pending) ? .pending : nil) }
            if states.contains(.pending) { return .waiting(.pending) }
            return held
        }
    }

    /// The status from what the account holds, leaving waiting requests aside.
    private func heldStatus(of product: Product, in entitlements: Entitlements, storefront: String) -> ProductStatus {
        switch product.type {
        case .consumable:
            guard product.price(in: storefront) != nil else { return .notSold }
            let credit = product.grant?.credit
            return .credits(credit: credit, balance: credit.flatMap { entitlements.credits[$0] } ?? 0)
        case .nonConsumable:
            if let owned = entitlements.nonConsumables.first(where: { $0.productID == product.id }) {
                if owned.delivered { return .owned(since: owned.purchaseDate) }
                return undelivered(product, in: entitlements)
            }
        case .autoRenewable, .freeSubscription:
            if case let .scheduled(from, effective, willSwitch) = PlanChange.of(product, in: entitlements, catalog: catalog) {
                let billingProblem = entitlements.subscriptions.contains {
                    $0.productID == from && ($0.state == .inBillingRetryPeriod || $0.state == .inGracePeriod)
                }
                return .changeScheduled(from: from, effective: billingProblem ? nil : effective, willSwitch: willSwitch)
            }
            // A period paid ahead into the plan a switch went to: the plan running now ends
            // then, and the one paid ahead begins, as a scheduled switch would.
            if let ahead = entitlements.subscriptions.first(where: { $0.runningPlan?.productID == product.id && $0.state == .subscribed }),
               let running = ahead.runningPlan {
                // It neither renews nor ends then: the subscription goes on in the plan paid ahead.
                return ahead.delivered ? .runningBeforeSwitch(until: running.expiresDate, next: ahead.productID, paidAhead: true)
                                       : undelivered(product, in: entitlements)
            }
            if let current = entitlements.runningPlanMissing(from: catalog, beside: product) {
                return .groupPlanUnknown(current: current)
            }
            if let subscription = entitlements.subscriptions.first(where: { $0.productID == product.id }),
               !entitlements.endedWhileItsGroupRuns(subscription) {
                if let running = subscription.runningPlan, subscription.state == .subscribed {
                    return .changeScheduled(from: running.productID, effective: running.expiresDate, willSwitch: true)
                }
                switch subscription.state {
                case .subscribed:
                    // A switch scheduled for the renewal: this plan does not renew (the other
                    // plan's row reads "Switches"); with auto-renew off the switch is on hold
                    // and the plan ends, as `.active` says.
                    if subscription.delivered, subscription.willAutoRenew, let next = subscription.pendingProductID,
                       next != product.id, let until = subscription.expiresDate {
                        return .runningBeforeSwitch(until: until, next: next, paidAhead: false)
                    }
                    return subscription.delivered ? .active(until: subscription.expiresDate, willRenew: subscription.willAutoRenew)
                                                  : undelivered(product, in: entitlements)
                case .revoked: return .revoked
                case .expired: return .expired(on: subscription.accessEndDate ?? subscription.expiresDate ?? subscription.purchaseDate)
                case .inGracePeriod: return .billingProblem(graceUntil: subscription.gracePeriodExpiresDate, willAutoRenew: subscription.willAutoRenew)
                case .inBillingRetryPeriod: return .billingProblem(graceUntil: nil, willAutoRenew: subscription.willAutoRenew)
                }
            }
        case .nonRenewing:
            if let pass = entitlements.nonRenewing.first(where: { $0.productID == product.id }) {
                if pass.isActive { return pass.delivered ? .active(until: pass.expiresDate, willRenew: false) : undelivered(product, in: entitlements) }
                return .expired(on: pass.expiresDate)
            }
        }
        return product.price(in: storefront) == nil ? .notSold : .available
    }

    /// What the account holds but this device has not got: bought here and waiting for the
    /// app to finish it, or to be restored here.
    private func undelivered(_ product: Product, in entitlements: Entitlements) -> ProductStatus {
        entitlements.unfinished.contains { $0.productID == product.id } ? .awaitingDelivery : .restoreToUnlock
    }
}

extension Entitlements {
    /// Whether `subscription` ended (expired or refunded) while the account subscribes to another
    /// plan of its group: then it says nothing of its plan, which buying now switches to within
    /// the subscription running (before: an earlier subscription, refunded, stood as the plan's
    /// state beside the one just upgraded away from it, saying buying it starts a new one). It
    /// is still listed among the account's subscriptions (`entitlements`), as the history it is.
    public func endedWhileItsGroupRuns(_ subscription: Subscription) -> Bool {
        guard subscription.state == .revoked || subscription.state == .expired else { return false }
        return subscriptions.contains {
            $0.group == subscription.group && $0.productID != subscription.productID
                && ($0.state == .subscribed || $0.state == .inGracePeriod || $0.state == .inBillingRetryPeriod)
        }
    }
}

extension Entitlements {
    /// The subscription with a period paid ahead into another plan (`renew` after a switch was
    /// scheduled) where `productID` is the plan running now or the plan paid ahead: both rows
    /// of the switch belong to it, and its auto-renew says whether it renews after that period.
    public func paidAheadSubscription(involving productID: String) -> Subscription? {
        subscriptions.first {
            $0.state == .subscribed && $0.runningPlan != nil && ($0.productID == productID || $0.runningPlan?.productID == productID)
        }
    }
}

extension Entitlements {
    /// The plan the account's subscription in `product`'s group runs on, when it is another
    /// plan and `catalog` lacks it; nil otherwise.
    public func runningPlanMissing(from catalog: Catalog, beside product: Product) -> String? {
        guard product.type == .autoRenewable, let group = product.subscription?.group,
              let current = subscriptions.last(where: { $0.group == group && $0.isOngoing }),
              current.productID != product.id, catalog.product(id: current.productID) == nil else { return nil }
        return current.productID
    }
}

extension TransactionState {
    /// The name of a waiting purchase's state in `products --json` (`status`, `alsoWaiting`).
    public var waitingStatusName: String { self == .pending ? "awaitingApproval" : "needsAction" }
}
