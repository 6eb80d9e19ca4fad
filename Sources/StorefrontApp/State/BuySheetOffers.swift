import Foundation
import StoreCatalog
import StoreEngine
import StorefrontText

/// The terms a payment sheet can offer for one product: the regular terms (nil) and the
/// product's promotional offers, which the store gives only to present and past subscribers
/// of the group, as on the App Store.
enum BuySheetOffers {
    static func choices(for productID: String, state: AppState) -> [String?] {
        guard let product = state.catalog.product(id: productID), product.type == .autoRenewable,
              let subscription = product.subscription,
              state.snapshot.subscribedGroups.contains(subscription.group),
              // A switch at the next renewal, or auto-renew turned back on, buys no offer.
              BuySheetCharge.of(product, state: state) == .now else { return [nil] }
        return [nil] + subscription.promotionalOffers.map(\.id)
    }
}

/// When confirming a payment sheet charges: now, as a purchase does, or not now, for a plan
/// switch at the next renewal and for keeping the current plan (its auto-renew turned back
/// on, a switch scheduled away from it dropped).
enum BuySheetCharge: Equatable {
    case now
    case atRenewal(PlanChange)
    case keepsPlan(renews: Date, turnsRenewalOn: Bool, droppedSwitchTo: String?)

    static func of(_ product: Product, state: AppState) -> BuySheetCharge {
        if let change = PlanChange.of(product, in: state.snapshot.entitlements, catalog: state.catalog) {
            switch change {
            case .upgradeNow: return .now
            case .atRenewal, .scheduled: return .atRenewal(change)
            }
        }
        guard product.type == .autoRenewable else { return .now }
        let (until, willRenew): (Date, Bool)
        switch state.snapshot.status(of: product.id) {
        case .active(let date?, let renews): (until, willRenew) = (date, renews)
        // Renewing, into the plan a switch is scheduled to: buying this one again keeps it.
        case .runningBeforeSwitch(let date, _, false): (until, willRenew) = (date, true)
        // Held on another device and not restored here: buying it again keeps it as it is there
        // (before: no sheet, and the store refused the change nobody was shown).
        case .restoreToUnlock:
            guard let held = state.snapshot.entitlements.subscriptions.last(where: { $0.productID == product.id && $0.isOngoing }),
                  held.state == .subscribed, let date = held.expiresDate else { return .now }
            (until, willRenew) = (date, held.willAutoRenew)
        default: return .now
        }
        let switchTo = state.snapshot.entitlements.subscriptions
            .last { $0.productID == product.id && $0.isOngoing }?.pendingProductID
        guard !willRenew || switchTo != nil else { return .now }
        return .keepsPlan(renews: until, turnsRenewalOn: !willRenew, droppedSwitchTo: switchTo)
    }
}

/// What an upgrade's sheet says comes back of the plan it replaces.
struct UpgradeRefundShown: Equatable {
    /// The plan replaced is in a free period or a billing problem: nothing paid is refunded.
    var unpaidPeriod: Bool
    /// The period running is free and periods after it were paid ahead: those come back.
    var onlyPaidAheadRefunded: Bool

    /// Whether the sheet says nothing at all comes back.
    var refundsNothing: Bool { unpaidPeriod && !onlyPaidAheadRefunded }

    /// What the sheet of an upgrade of the account's plan in `product`'s group says is refunded.
    static func of(_ product: Product, state: AppState) -> UpgradeRefundShown {
        let current = state.snapshot.entitlements.subscriptions.first { $0.group == product.subscription?.group && $0.isOngoing }
        // A free period, or one whose renewal failed to bill, leaves nothing paid to refund
        // but what was paid ahead after it.
        let periods = current.map { state.snapshot.periodsNotOver(ofSubscription: $0.originalTransactionID, at: state.storeNow) } ?? []
        // Oldest first: the period running, then those paid ahead.
        let running = periods.first
        let paidAhead = periods.dropFirst().contains { ($0.price ?? 0) > 0 }
        let paid = current.flatMap { subscription in state.snapshot.transactions.first { $0.id == subscription.transactionID } }?.price
        let unpaid = current.map { $0.state != .subscribed } == true || paid == 0
        let freeRunning = running.map { ($0.price ?? 0) == 0 } ?? false
        return UpgradeRefundShown(unpaidPeriod: unpaid, onlyPaidAheadRefunded: !unpaid && freeRunning && paidAhead)
    }
}

/// What Enter does on a payment sheet, decided once for the sheet's key line and the footer.
enum BuySheetConfirmation: Equatable {
    /// Buys what charges now.
    case buy
    /// Subscribes to a free subscription: nothing is paid.
    case subscribe
    /// Confirms a change the sheet describes that charges nothing now.
    case confirm
    /// Sends a parent an Ask to Buy request; nothing is charged until it is approved.
    case ask

    static func of(_ product: Product, charge: BuySheetCharge, askToBuy: Bool) -> BuySheetConfirmation {
        // Keeping the plan is done at once, never asked for.
        if askToBuy, !charge.isKeepingThePlan { return .ask }
        if charge != .now { return .confirm }
        return product.type == .freeSubscription ? .subscribe : .buy
    }

    /// The word the sheet and the footer give Enter, e.g. "buy".
    var word: String {
        switch self {
        case .buy: "buy"
        case .subscribe: "subscribe"
        case .confirm: "confirm"
        case .ask: "ask"
        }
    }
}

extension BuySheetCharge {
    /// Whether confirming keeps the plan held (auto-renew back on, a switch dropped), which the
    /// store does at once: no Ask to Buy request, no interrupted purchase.
    var isKeepingThePlan: Bool {
        if case .keepsPlan = self { true } else { false }
    }

    /// The plan the sheet of `product` says buying it replaces at once (an upgrade); nil where
    /// it starts a new subscription or changes nothing now.
    static func upgradeFrom(for product: Product, state: AppState) -> String? {
        guard case let .upgradeNow(from)? = PlanChange.of(product, in: state.snapshot.entitlements, catalog: state.catalog) else { return nil }
        return from
    }

    /// The renewal a change at the renewal takes effect at, as the sheet shows it; nil for one now.
    var renewalDate: Date? {
        switch self {
        case .now: nil
        case .atRenewal(.atRenewal(_, let effective)), .atRenewal(.scheduled(_, let effective, _)): effective
        case .atRenewal(.upgradeNow): nil
        case .keepsPlan(let renews, _, _): renews
        }
    }

    /// The offer whose terms a subscription's sheet shows: the promotional offer chosen, else
    /// the introductory offer while the account may still take it (never subscribed in the group).
    static func offer(for product: Product, offerID: String?, state: AppState) -> OfferTerms.Offer? {
        guard let subscription = product.subscription else { return nil }
        let eligible = !state.snapshot.subscribedGroups.contains(subscription.group)
        let promotional = offerID.flatMap { id in subscription.promotionalOffers.first { $0.id == id } }
        return promotional.map(OfferTerms.Offer.init) ?? (eligible ? subscription.introOffer.map(OfferTerms.Offer.init) : nil)
    }

    /// What the sheet of `product` shows as due now: nothing for a change at the next renewal
    /// or for keeping the current plan, else the first period's charge or the price.
    static func dueNow(for product: Product, offerID: String?, state: AppState) -> Decimal? {
        guard of(product, state: state) == .now else { return 0 }
        guard product.type == .autoRenewable else { return product.price(in: state.storefront) }
        return OfferTerms.chargedNow(for: product, offer: offer(for: product, offerID: offerID, state: state), text: state.text)
    }
}

extension BuySheetOffers {
    /// The offer chosen on the payment sheet on top of `state`; nil for the regular terms or
    /// when no payment sheet is on top.
    static func chosenOffer(in state: AppState) -> String? {
        guard case let .buySheet(_, offerID) = state.overlays.last else { return nil }
        return offerID
    }

    /// Whether the sheet cannot buy `offerID`: it needs a signature from the app's server,
    /// which the storefront cannot make (the store has a key in use and the setting is on).
    static func needsSignature(_ offerID: String?, state: AppState) -> Bool {
        offerID != nil && state.snapshot.offerSignaturesRequired
    }
}
