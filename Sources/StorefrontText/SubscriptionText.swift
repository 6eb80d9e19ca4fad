import Foundation
import StoreEngine
extension StoreText {
    /// How a subscription stands, in plain words: "Rage Pro (Yearly): subscribed, renews
    /// Dec 16, 2028."
    public func describe(_ chain: SubscriptionChain) -> String {
        describe(chain, charged: nil)
    }

    /// How a subscription stands after a change that recorded the renewal `charged` (renew now,
    /// a billing problem resolved), led by what that renewal charged and for which period:
    /// "Charged $2.99 for Rage Pro (Monthly) from Jan 5, 2027 to Feb 5, 2027 (transaction …)."
    /// `standing`: the subscription as `entitlements` lists it now; where a plan other than the
    /// one paid ahead still runs (a renewal into a switch's plan, paid ahead), it is said as
    /// `entitlements` says it, the plan running first, not as the plan paid ahead "subscribed".
    public func describe(_ chain: SubscriptionChain, charged: TransactionRecord?,
                         standing: Entitlements.Subscription? = nil) -> String {
        let stands = if let standing, standing.runningPlan != nil, standing.state == .subscribed, chain.status == .subscribed {
            "Subscribed: " + entitlementDetails(of: standing) + (standing.willAutoRenew ? "." : ", will not renew.")
        } else {
            describeStanding(chain)
        }
        guard let charged else { return stands }
        let name = catalog.product(id: charged.productID).map(title(of:)) ?? charged.productID
        let period = "from \(date(charged.purchaseDate))" + (charged.expiresDate.map { " to \(date($0))" } ?? "")
        let amount = charged.price.flatMap { $0 == 0 ? nil : format($0, currency: charged.currency) }
        let said = amount.map { "Charged \($0) for \(name) \(period)" } ?? "Nothing charged for \(name) \(period)"
        return said + " (transaction \(charged.id)). " + stands
    }

    private func describeStanding(_ chain: SubscriptionChain) -> String {
        let name = catalog.product(id: chain.productID).map(title(of:)) ?? chain.productID
        // The state in words: StoreKit's names (inGracePeriod) are for --json.
        let stateWords: String = switch chain.status {
        case .subscribed: "subscribed"
        case .inGracePeriod: "in its grace period"
        case .inBillingRetryPeriod: "in billing retry"
        case .expired: "expired"
        case .revoked: "refunded"
        }
        var message = "\(name): \(stateWords)"
        let switchesTo = chain.pendingProductID.flatMap { chain.isOngoing ? (catalog.product(id: $0).map(title(of:)) ?? $0) : nil }
        switch chain.status {
        case .subscribed where chain.willAutoRenew && switchesTo != nil:
            // It does not renew as it is: the switch takes its place at the renewal.
            return message + " until \(date(chain.expiresDate)), then switches to \(switchesTo ?? "")."
        case .subscribed where chain.willAutoRenew && Store.storeTimeNeverReaches(chain.expiresDate):
            message += " until \(date(chain.expiresDate)); store time stops \(date(Store.latestStoreTime)), so it never renews."
        case .subscribed:
            message += chain.willAutoRenew ? ", renews \(date(chain.expiresDate))." : ", ends \(date(chain.expiresDate)) (will not renew)."
        case .inGracePeriod:
            message += ", renewal failed on billing, access until \(chain.gracePeriodExpiresDate.map(date) ?? "-")"
                + (chain.willAutoRenew ? "; renews once billing is resolved."
                                       : "; auto-renew is off, so it then ends and billing is not tried again.")
        case .inBillingRetryPeriod:
            message += ", renewal failed on billing \(date(chain.expiresDate)), no access"
                + (chain.willAutoRenew ? " until billing is resolved." : "; auto-renew is off, so it ends instead of renewing.")
        case .expired where chain.expirationReason == .autoRenewDisabled:
            message += ", auto-renew turned off."
        case .expired:
            // Ended inside its grace period (by `expire`): the grace period was cut short, which
            // "expired" alone does not say.
            if let graceEnd = chain.gracePeriodExpiresDate, let ended = chain.accessEndDate, ended < graceEnd {
                message += " in its grace period, which stopped \(date(ended)) instead of running until \(date(graceEnd)); "
                    + "nothing was charged for it, and billing is not tried again."
            } else {
                message += "."
            }
        case .revoked:
            message += "."
        }
        // An ended subscription switches to nothing: only an ongoing one mentions its change,
        // and one that will not renew switches only if auto-renew is turned on again.
        if let switchesTo {
            let when = chain.status == .subscribed ? "at the next renewal" : "once billing is resolved"
            message += " Switches to \(switchesTo) \(when)" + (chain.willAutoRenew ? "." : " if auto-renew is turned on again.")
        }
        return message
    }

    /// When a revoked subscription's access ended: "access ended Feb 20, 2027 (refunded then)",
    /// or "(refunded Mar 1, 2027)" when it had expired before the refund; nil for any other.
    public func revokedAccessText(of item: Entitlements.Subscription) -> String? {
        guard item.state == .revoked, let refunded = item.revocationDate, let ended = item.accessEndDate else { return nil }
        return "access ended \(date(ended)) (" + (ended < refunded ? "refunded \(date(refunded))" : "refunded then") + ")"
    }

    /// One subscription as `entitlements` lists it after its state word: "Rage Pro (Monthly),
    /// until Dec 1, 2027, renews", with the end of a grace period and a scheduled change, and
    /// for a revoked one when its access ended: "access ended Feb 20, 2027 (refunded then)".
    public func entitlementDetails(of item: Entitlements.Subscription) -> String {
        let name = { (id: String) in catalog.product(id: id).map(title(of:)) ?? id }
        var line = name(item.productID)
        let expires = item.expiresDate.map(date)
        // A plan with a switch coming does not renew: the switch is said instead, below.
        let switches = item.pendingProductID != nil && item.isOngoing && item.willAutoRenew
        if let running = item.runningPlan, item.state == .subscribed {
            // The plan running now comes first: the one paid ahead begins when it ends.
            return "\(name(running.productID)) until \(date(running.expiresDate)), then \(name(item.productID)) paid ahead"
                + (expires.map { " until \($0)" } ?? "") + (item.willAutoRenew ? renews(after: item.expiresDate) : "")
        }
        switch item.state {
        case .revoked:
            // The end of its last period is not when its access ended: the refund ended it, unless
            // it had expired before the refund.
            guard let ended = revokedAccessText(of: item) else {
                line += expires.map { ", until \($0)" } ?? ""
                break
            }
            line += ", " + ended
        case .expired where (item.accessEndDate ?? .distantPast) > (item.expiresDate ?? .distantFuture):
            // It ended in a grace period: access outlasted the period whose renewal failed.
            line += expires.map { ", renewal failed \($0)" } ?? ""
            line += item.accessEndDate.map { ", access until \(date($0)) (grace period)" } ?? ""
        case .subscribed, .expired:
            line += expires.map { ", until \($0)" } ?? ""
            // Nor is a renewal said that this catalog could not record.
            line += item.willAutoRenew && item.isOngoing && !switches && item.dueNotRecorded == nil ? renews(after: item.expiresDate) : ""
        case .inGracePeriod:
            line += expires.map { ", renewal failed \($0)" } ?? ""
            line += item.gracePeriodExpiresDate.map { ", access until \(date($0)) (grace period)" } ?? ""
            line += item.willAutoRenew ? (switches ? "" : ", renews once billing is resolved") : ", auto-renew off, then ends"
        case .inBillingRetryPeriod:
            line += expires.map { ", renewal failed \($0)" } ?? ""
            line += ", no access" + (item.willAutoRenew ? " until billing is resolved" : "")
        }
        if let due = item.dueNotRecorded {
            // Its renewal or end is not known here: no switch to come is said.
            return line + "; what fell due \(date(due)) is not recorded, as this catalog does not have its plan (give the catalog that has it)"
        }
        // An ended subscription switches to nothing: only an ongoing one mentions its change.
        if let pending = item.pendingProductID, item.isOngoing {
            let when = item.state == .subscribed ? "at the next renewal" : "once billing is resolved"
            line += ", switches to \(name(pending)) \(when)" + (item.willAutoRenew ? "" : " if auto-renew is turned on again")
        }
        return line
    }

    /// ", renews" after a period ending at `end`, or that it never does, where store time stops first.
    private func renews(after end: Date?) -> String {
        guard let end, Store.storeTimeNeverReaches(end) else { return ", renews" }
        return ", never renews (store time stops \(date(Store.latestStoreTime)))"
    }
}
