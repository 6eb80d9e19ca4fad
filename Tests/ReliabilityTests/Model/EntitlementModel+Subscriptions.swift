import Foundation
import StoreEngine

/// The model's auto-renewable subscriptions: starting, switching plans, renewing, billing
/// problems and time passing.
extension EntitlementModel {
    /// Starts a subscription, or switches the account's current one to a higher level now.
    mutating func subscribe(_ transaction: Transaction) {
        let account = transaction.buyer.account
        let product = transaction.product
        if let index = ongoingIndex(account) {
            // An upgrade starts at once; the unused rest of the current period is refunded
            // pro rata, which is the one way a paid period may end before it was due to.
            var chain = subscriptions[index]
            for period in chain.periods.indices {
                chain.periods[period].end = max(chain.periods[period].start, min(chain.periods[period].end, now))
            }
            chain.product = product
            chain.willRenew = true
            chain.billingAnchor = nil
            chain.offer = nil
            chain.offerPeriodsLeft = 0
            subscriptions[index] = chain
            startPeriod(of: index, at: now)
            subscriptions[index].periods[subscriptions[index].periods.count - 1].isRenewal = false
            return
        }
        var expires = ModelCalendar.adding(months: product.months, to: now)
        var anchor: Date? = now
        var offer: String?
        var offerPeriodsLeft = 0
        // The offer is decided when the purchase completes, as for one made then: a promotional
        // offer the request asked for, else the introductory one if the group is new to the account.
        if let asked = product.promotionalOffer, asked.id == transaction.offer {
            expires = ModelCalendar.adding(months: asked.months, to: now)
            anchor = nil
            offer = "promotional:\(asked.id)"
            offerPeriodsLeft = asked.periods - 1
        } else if !hadSubscription.contains(account), let trial = product.freeTrialDays {
            expires = ModelCalendar.adding(days: trial, to: now)
            anchor = nil
            offer = "introductory:freeTrial"
        }
        hadSubscription.insert(account)
        subscriptions.append(Subscription(
            account: account, product: product, purchaseDevice: transaction.buyer.device, started: now, status: .subscribed,
            periods: [PaidPeriod(start: now, end: expires, offer: offer, productID: product.id)], expires: expires, billingAnchor: anchor,
            offer: offer, offerPeriodsLeft: offerPeriodsLeft))
    }

    /// Starts a new paid period at `start` (a renewal, or the end of a billing problem).
    mutating func startPeriod(of index: Int, at start: Date) {
        var chain = subscriptions[index]
        // A renewal of the same plan right where the last period ended continues the run:
        // its end counts whole periods from the run's start, keeping the billing day.
        // A switch waits on auto-renew: while it is off, the plan renews as it is.
        let next = chain.willRenew ? chain.pendingProduct ?? chain.product : chain.product
        let end: Date
        if next == chain.product, chain.offerPeriodsLeft > 0, let offer = next.promotionalOffer {
            // An offer paid as it goes continues on the same plan for its remaining periods,
            // each counted from its own start; the regular run begins after the last one.
            end = ModelCalendar.adding(months: offer.months, to: start)
            chain.offerPeriodsLeft -= 1
            chain.billingAnchor = nil
        } else {
            let anchor = next == chain.product && start == chain.expires ? chain.billingAnchor ?? start : start
            chain.product = next
            chain.billingAnchor = anchor
            chain.offer = nil
            chain.offerPeriodsLeft = 0
            var periodsFromAnchor = 1
            while ModelCalendar.adding(months: chain.product.months * periodsFromAnchor, to: anchor) <= start { periodsFromAnchor += 1 }
            end = ModelCalendar.adding(months: chain.product.months * periodsFromAnchor, to: anchor)
        }
        if chain.willRenew { chain.pendingProduct = nil }
        chain.periods.append(PaidPeriod(start: start, end: end, offer: chain.offer, productID: chain.product.id, isRenewal: true))
        chain.expires = end
        chain.status = .subscribed
        chain.problemStart = nil
        chain.graceEnds = nil
        chain.accessEnded = nil
        subscriptions[index] = chain
    }

    /// "Renew now": the next period is charged now and begins where the current one ends, so
    /// repeating it never pays for the same stretch twice; during a billing problem it is a
    /// retry that succeeds, and the new period begins now.
    mutating func renewNow(_ index: Int) {
        switch subscriptions[index].status {
        // Paid within a grace period, no day of service is lost: the period starts where the
        // failed renewal would have started it. In billing retry access had lapsed: it starts now.
        case .subscribed, .inGracePeriod: startPeriod(of: index, at: subscriptions[index].expires)
        case .inBillingRetryPeriod: startPeriod(of: index, at: now)
        case .expired, .revoked: break
        }
    }

    /// Moves the model's time to `target`, with every renewal, billing problem and expiry
    /// that falls due on the way, in order.
    mutating func advance(to target: Date) {
        for index in subscriptions.indices {
            while let due = dueDate(of: subscriptions[index]), due <= target {
                fallDue(index)
            }
        }
        now = max(now, target)
    }

    private func dueDate(of chain: Subscription) -> Date? {
        switch chain.status {
        case .subscribed: chain.expires
        case .inGracePeriod: chain.graceEnds
        case .inBillingRetryPeriod:
            chain.problemStart.map { ModelCalendar.adding(days: ModelCatalog.billingRetryDays, to: $0) }
        case .expired, .revoked: nil
        }
    }

    private mutating func fallDue(_ index: Int) {
        let chain = subscriptions[index]
        switch chain.status {
        case .subscribed where !chain.willRenew:
            subscriptions[index].accessEnded = chain.expires
            subscriptions[index].status = .expired
            subscriptions[index].pendingProduct = nil // an ended subscription switches to nothing
        case .subscribed where billingRetry:
            subscriptions[index].problemStart = chain.expires
            if gracePeriod {
                subscriptions[index].status = .inGracePeriod
                subscriptions[index].graceEnds = ModelCalendar.adding(days: ModelCatalog.graceDays, to: chain.expires)
            } else {
                subscriptions[index].accessEnded = chain.expires
                subscriptions[index].status = .inBillingRetryPeriod
            }
        case .subscribed:
            startPeriod(of: index, at: chain.expires)
        case .inGracePeriod where !chain.willRenew:
            // Renewal off: billing is not tried again, so it ends with the grace period.
            subscriptions[index].accessEnded = chain.graceEnds
            subscriptions[index].status = .expired
            subscriptions[index].pendingProduct = nil
        case .inGracePeriod:
            subscriptions[index].accessEnded = chain.graceEnds
            subscriptions[index].status = .inBillingRetryPeriod
        case .inBillingRetryPeriod:
            subscriptions[index].status = .expired
            subscriptions[index].pendingProduct = nil // an ended subscription switches to nothing
            subscriptions[index].willRenew = false
        case .expired, .revoked:
            break
        }
    }
}
