import Foundation
import StoreCatalog

/// Works out which subscription events have fallen due: renewals, failed renewals (billing
/// retry), grace-period ends and expiries, in the order they happened.
///
/// Pure: the store commits what this returns under the ledger lock, so each event is recorded
/// exactly once whichever process notices it first.
struct SubscriptionSchedule {
    let catalog: Catalog

    /// Days of grace after a failed renewal: 6 for weekly subscriptions, 16 otherwise.
    static func gracePeriodDays(for period: SubscriptionPeriod) -> Int {
        period.unit == .week || (period.unit == .day && period.value <= 7) ? 6 : 16
    }

    /// How long the store retries billing before the subscription expires.
    static let billingRetryDays = 60

    /// Renewals of one subscription recorded one by one in a catch-up. When more periods than
    /// this have passed, the rest collapse into one renewal of the period that holds the
    /// current store time (see `collapsed`), so no catch-up records unbounded history.
    static let maximumRenewalsPerCatchUp = 100

    func dueEvents(in state: LedgerState, at now: Date) -> [StoreEvent] {
        var events: [StoreEvent] = []
        var issued: Int64 = 0
        // Most commits find nothing due: sorting only the subscriptions that have something
        // due keeps a commit from sorting every subscription the ledger ever held.
        let dueIDs = state.subscriptions.compactMap { entry in
            Self.nextDueDate(of: entry.value).map { $0 <= now } == true && decides(entry.value) ? entry.key : nil
        }
        for original in dueIDs.sorted() {
            guard var chain = state.subscriptions[original] else { continue }
            // Where the subscription was bought; renewals charge in the same storefront.
            let latest = state.transactions[chain.latestTransactionID]
            let place = (device: latest?.purchaseDevice ?? "default",
                         storefront: latest?.storefront ?? catalog.storefronts.first?.code ?? "USA")
            var renewalsLeft = Self.maximumRenewalsPerCatchUp
            // Besides renewals a chain has at most a billing retry, a grace end and an expiry
            // due, and a collapsed renewal reaches past `now`: the loop ends.
            while let due = nextEvent(for: chain, place: place, in: state, at: now, issued: &issued) {
                var next = due
                if next.kind == .renew {
                    if renewalsLeft == 0 {
                        next = collapsed(next, anchor: chain.billingAnchor(afterRenewalOf: next.productId ?? chain.productID,
                                                                           offer: nil, at: next.time,
                                                                           renewalKey: next.renewalKey), at: now)
                    }
                    renewalsLeft -= 1
                }
                events.append(next)
                apply(next, to: &chain)
            }
        }
        return events
    }

    /// The store time from which `nextEvent` has an event for the chain (the same three
    /// cases); nil when it never will.
    static func nextDueDate(of chain: SubscriptionChain) -> Date? {
        switch chain.status {
        case .subscribed: chain.expiresDate
        case .inGracePeriod: chain.gracePeriodExpiresDate
        case .inBillingRetryPeriod: (chain.billingRetryStartDate ?? chain.expiresDate) + TimeInterval(billingRetryDays * 86_400)
        case .expired, .revoked: nil
        }
    }

    /// The earliest store time at which any subscription this catalog decides for has
    /// something due; nil when none ever will (until an event changes a subscription).
    func earliestDueDate(in state: LedgerState) -> Date? {
        state.subscriptions.values.lazy.filter(decides).compactMap(Self.nextDueDate(of:)).min()
    }

    /// Whether this catalog decides what falls due for `chain`: it has the plan the chain runs
    /// on, the one a scheduled switch goes to, and the offer its next renewal continues. A
    /// catalog without them (an older or trimmed one) leaves the chain to a catalog that has
    /// them, rather than ending the subscription for every process as a product withdrawn from
    /// sale, or charging the regular price for a period of the offer; a plan it has but does not
    /// sell in the storefront still ends so (`productUnavailable`).
    func decides(_ chain: SubscriptionChain) -> Bool {
        guard let plan = catalog.product(id: chain.productID) else { return false }
        if let next = chain.pendingProductID, next != chain.productID { return catalog.product(id: next) != nil }
        return chain.offerPeriodsLeft == 0 || plan.offerTerms(named: chain.offer) != nil
    }

    private func nextEvent(for chain: SubscriptionChain, place: (device: String, storefront: String), in state: LedgerState,
                           at now: Date, issued: inout Int64) -> StoreEvent? {
        let base = { (kind: StoreEvent.Kind, time: Date) -> StoreEvent in
            var event = StoreEvent(kind: kind, time: time, app: state.app, account: chain.account, device: place.device)
            event.originalTransactionId = chain.originalID
            event.productId = chain.productID
            return event
        }
        switch chain.status {
        case .subscribed where chain.expiresDate <= now:
            if !chain.willAutoRenew {
                var expiry = base(.expire, chain.expiresDate)
                expiry.reason = SubscriptionChain.ExpirationReason.autoRenewDisabled.rawValue
                return expiry
            }
            let storefront = place.storefront
            let nextProductID = chain.pendingProductID ?? chain.productID
            guard let product = catalog.product(id: nextProductID), product.price(in: storefront) != nil else {
                var expiry = base(.expire, chain.expiresDate)
                expiry.reason = SubscriptionChain.ExpirationReason.productUnavailable.rawValue
                return expiry
            }
            let key = renewalKey(of: chain, in: state)
            if state.settings.billingRetry {
                var retry = base(.billingRetry, chain.expiresDate)
                retry.renewalKey = key
                if state.settings.gracePeriod, let period = product.subscription?.period {
                    retry.graceExpiresDate = chain.expiresDate + TimeInterval(Self.gracePeriodDays(for: period) * 86_400)
                }
                return retry
            }
            issued += 1
            return renewal(of: chain, into: product, storefront: storefront, at: chain.expiresDate, key: key,
                           transactionID: nextID(in: state, issued: issued), base: base)
        case .inGracePeriod where (chain.gracePeriodExpiresDate ?? .distantFuture) <= now:
            // With auto-renew off, billing is not tried again after the grace period: the
            // subscription ends with its access, as one that runs out with renewal off does.
            guard chain.willAutoRenew else {
                var expiry = base(.expire, chain.gracePeriodExpiresDate ?? now)
                expiry.reason = SubscriptionChain.ExpirationReason.autoRenewDisabled.rawValue
                return expiry
            }
            return base(.graceEnded, chain.gracePeriodExpiresDate ?? now)
        case .inBillingRetryPeriod:
            let end = (chain.billingRetryStartDate ?? chain.expiresDate) + TimeInterval(Self.billingRetryDays * 86_400)
            guard end <= now else { return nil }
            var expiry = base(.expire, end)
            expiry.reason = SubscriptionChain.ExpirationReason.billingError.rawValue
            return expiry
        default:
            return nil
        }
    }

    /// The idempotency key of the renewal that starts the period after the chain's current one:
    /// the subscription and the period's start, so that whichever process records it, it is
    /// recorded once. Where a renewal already used that key (a period renewed ahead, which an
    /// upgrade in the same second then ended, leaving the new plan's period to end when the old
    /// one did), the chain's latest transaction tells this renewal apart: the fold ignores a
    /// renewal whose key it has seen, so the subscription would never renew again.
    func renewalKey(of chain: SubscriptionChain, in state: LedgerState) -> String {
        let key = chain.scheduledRenewalKey
        return state.renewalKeys.contains(key) ? "\(key)#\(chain.latestTransactionID)" : key
    }

    private func nextID(in state: LedgerState, issued: Int64) -> String {
        String(max(state.highestTransactionNumber, Store.firstTransactionNumber - 1) + issued)
    }

    /// The renewal event that starts the period at `start` for `product`.
    func renewal(of chain: SubscriptionChain, into product: Product, storefront: String, at start: Date, key: String,
                 transactionID: String, base: (StoreEvent.Kind, Date) -> StoreEvent) -> StoreEvent {
        var event = base(.renew, start)
        event.transactionId = transactionID
        event.productId = product.id
        event.productType = .autoRenewable
        event.renewalKey = key
        event.storefront = storefront
        event.currency = catalog.storefront(code: storefront)?.currency
        event.group = product.subscription?.group
        event.quantity = 1
        if let offer = product.continuedOffer(of: chain) {
            event.price = ExactDecimal.string(offer.prices[storefront] ?? product.price(in: storefront) ?? 0)
            event.expiresDate = offer.period.added(to: start)
            event.offer = chain.offer
            event.offerPeriodsLeft = chain.offerPeriodsLeft - 1
        } else {
            event.price = ExactDecimal.string(product.price(in: storefront) ?? 0)
            let period = product.subscription?.period ?? SubscriptionPeriod(value: 1, unit: .month)
            let anchor = chain.billingAnchor(afterRenewalOf: product.id, offer: nil, at: start, renewalKey: key)
            event.expiresDate = period.nextEnd(after: start, from: anchor)
        }
        return event
    }

    /// `renewal` (of the first period not yet recorded) stretched over every period missed
    /// since: it starts the period that holds `now` and charges that one period at the regular
    /// price (an offer's periods passed in the gap). Periods stay anchored to `anchor` (the
    /// chain's billing anchor; the renewal's start when nil), and the renewal keeps its key
    /// (`original@periodEnd` of the last paid period), so recording it twice is still impossible.
    func collapsed(_ renewal: StoreEvent, anchor billingAnchor: Date? = nil, at now: Date) -> StoreEvent {
        guard let product = renewal.productId.flatMap(catalog.product(id:)), let period = product.subscription?.period,
              let storefront = renewal.storefront else { return renewal }
        var anchor = billingAnchor ?? renewal.time
        var passed = period.periodsEnded(from: anchor, by: now)
        // Paid periods never overlap: a period counted from the anchor may not start before
        // the renewal does (only a ledger written before anchors were kept can lead there).
        if period.added(to: anchor, times: passed) < renewal.time {
            anchor = renewal.time
            passed = period.periodsEnded(from: anchor, by: now)
        }
        var event = renewal
        event.time = period.added(to: anchor, times: passed)
        event.expiresDate = period.added(to: anchor, times: passed + 1)
        event.price = ExactDecimal.string(product.price(in: storefront) ?? 0)
        event.offer = nil
        event.offerPeriodsLeft = nil
        return event
    }

    /// Mirrors the fold for the chain being scheduled, so several periods come due in one go.
    private func apply(_ event: StoreEvent, to chain: inout SubscriptionChain) {
        switch event.kind {
        case .renew:
            chain.billingAnchor = chain.billingAnchor(afterRenewalOf: event.productId ?? chain.productID, offer: event.offer,
                                                      at: event.time, renewalKey: event.renewalKey)
            chain.productID = event.productId ?? chain.productID
            chain.latestTransactionID = event.transactionId ?? chain.latestTransactionID
            chain.periodStart = event.time
            chain.expiresDate = event.expiresDate ?? event.time
            chain.pendingProductID = nil
            chain.offer = event.offer
            chain.offerPeriodsLeft = event.offerPeriodsLeft ?? 0
        case .billingRetry:
            chain.billingRetryStartDate = event.time
            chain.gracePeriodExpiresDate = event.graceExpiresDate
            chain.status = event.graceExpiresDate == nil ? .inBillingRetryPeriod : .inGracePeriod
        case .graceEnded:
            chain.status = .inBillingRetryPeriod
        case .expire:
            chain.status = .expired
            chain.pendingProductID = nil
        default:
            break
        }
    }
}
