import Foundation
import StoreCatalog

/// How a subscription purchase goes: refused, a change at the next renewal, or a new period now.
enum SubscriptionPlan {
    case refuse(PurchaseRefusal)
    case schedule(SubscriptionChain)
    case start(PurchaseTerms)
}

/// The price and period of an offer, whichever kind it is.
struct OfferTerms {
    var name: AppliedOffer
    var paymentMode: OfferPaymentMode
    var period: SubscriptionPeriod
    var periodCount: Int
    var prices: [String: Decimal]
}

extension Product {
    /// The terms of the offer recorded as `name`, when the product still has it.
    func offerTerms(named name: AppliedOffer?) -> OfferTerms? {
        guard let name, let subscription else { return nil }
        switch name {
        case .introductory:
            guard let intro = subscription.introOffer else { return nil }
            return OfferTerms(name: name, paymentMode: intro.paymentMode, period: intro.period,
                              periodCount: intro.periodCount, prices: intro.prices)
        case let .promotional(id):
            guard let offer = subscription.promotionalOffers.first(where: { $0.id == id }) else { return nil }
            return OfferTerms(name: name, paymentMode: offer.paymentMode, period: offer.period,
                              periodCount: offer.periodCount, prices: offer.prices)
        }
    }
}

extension StoreDecisions {
    func subscriptionPlan(for product: Product, price: Decimal, offerID: String?, buyer: Buyer, storefront: String,
                          state: LedgerState, at now: Date) -> SubscriptionPlan {
        guard let info = product.subscription else { return .start(PurchaseTerms(charged: price)) }
        let history = state.subscriptionChains(of: buyer.account).filter { $0.group == info.group }
        let current = history.last { $0.isOngoing }
        var offer: OfferTerms?
        if let offerID {
            guard !history.isEmpty else { return .refuse(.offerNotEligible(offerID: offerID)) }
            offer = product.offerTerms(named: .promotional(id: offerID))
        } else if history.isEmpty, let intro = info.introOffer {
            offer = product.offerTerms(named: .introductory(intro.paymentMode))
        }
        var terms = PurchaseTerms(charged: price, expires: info.period.added(to: now))
        if let offer {
            terms.offer = offer.name
            switch offer.paymentMode {
            case .freeTrial:
                terms.charged = 0
                terms.expires = offer.period.added(to: now, times: offer.periodCount)
            case .payUpFront:
                terms.charged = offer.prices[storefront] ?? price
                terms.expires = offer.period.added(to: now, times: offer.periodCount)
            case .payAsYouGo:
                terms.charged = offer.prices[storefront] ?? price
                terms.expires = offer.period.added(to: now)
                terms.offerPeriodsLeft = offer.periodCount - 1
            }
        }
        guard let current, current.productID != product.id else { return .start(terms) }
        // Taken for an upgrade, a plan the catalog lacks would be replaced and refunded at once
        // where the catalog that has it would only schedule the change.
        guard let currentProduct = catalog.product(id: current.productID) else {
            return .refuse(.currentPlanUnknown(productID: product.id, current: current.productID))
        }
        guard PlanChange.isUpgrade(from: currentProduct, to: product) else {
            // A change waits for the next renewal; one that would fall where store time has
            // stopped could never happen, so it is not scheduled.
            guard current.expiresDate < Store.latestStoreTime else {
                return .refuse(.beginsAfterStoreTimeStops(productID: product.id, start: current.expiresDate))
            }
            return .schedule(current)
        }
        // The refund of the plan replaced is in that plan's currency: an upgrade paid in another
        // would record and show it in the wrong one.
        if let replaced = state.transactions[current.latestTransactionID], let paidIn = replaced.currency,
           let currency = catalog.storefront(code: storefront)?.currency, currency != paidIn {
            return .refuse(.upgradeInOtherCurrency(productID: product.id, current: current.productID, currentCurrency: paidIn,
                                                   currentStorefront: replaced.storefront))
        }
        terms.replaces = current.latestTransactionID
        terms.replacesPlan = current.productID
        terms.originalID = current.originalID
        terms.proratedRefund = proratedRefund(of: current, in: state, at: now)
        return .start(terms)
    }

    /// The unused part of what the subscription paid, refunded when upgrading: the rest of the
    /// current period and the whole of any period paid ahead ("renew now").
    private func proratedRefund(of chain: SubscriptionChain, in state: LedgerState, at now: Date) -> Decimal? {
        guard chain.status == .subscribed || chain.status == .inGracePeriod else { return nil }
        var unused: Decimal = 0
        var currency = "USD"
        for paid in state.paidPeriods(of: chain.originalID, account: chain.account, endingAfter: now) {
            let part = paid.unusedPart(at: now)
            guard part > 0 else { continue }
            unused += part
            currency = paid.currency ?? currency
        }
        return unused > 0 ? CurrencyRounding.round(unused, currency: currency) : nil
    }
}
