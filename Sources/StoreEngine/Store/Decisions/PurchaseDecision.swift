import Foundation
import StoreCatalog

extension StoreDecisions {
    /// A request to buy: what, how many, for whom, where, and how.
    public struct PurchaseRequest: Sendable {
        public var productID: String
        public var quantity: Int
        public var buyer: Buyer
        public var storefront: String
        public var options: Store.PurchaseOptions

        public init(productID: String, quantity: Int = 1, buyer: Buyer, storefront: String,
                    options: Store.PurchaseOptions = Store.PurchaseOptions()) {
            self.productID = productID
            self.quantity = quantity
            self.buyer = buyer
            self.storefront = storefront
            self.options = options
        }
    }

    /// Why the catalog alone refuses `request` (an unknown product or offer, a storefront that
    /// does not sell it, a quantity out of range); nil when the ledger must decide.
    public func purchaseRefusal(for request: PurchaseRequest) -> StoreRefusal? {
        catalogRefusal(for: request).map(StoreRefusal.purchase)
    }

    private func catalogRefusal(for request: PurchaseRequest) -> PurchaseRefusal? {
        let productID = request.productID
        let quantity = request.quantity
        let storefront = request.storefront
        guard let product = catalog.product(id: productID) else { return .unknownProduct(productID) }
        guard product.price(in: storefront) != nil else {
            return .notSoldHere(productID: productID, storefront: storefront)
        }
        guard quantity >= 1, quantity == 1 || (product.type == .consumable && quantity <= Store.maximumQuantity) else {
            return .invalidQuantity(quantity, productType: product.type)
        }
        if let offerID = request.options.offerID,
           product.subscription?.promotionalOffers.contains(where: { $0.id == offerID }) != true {
            return .unknownOffer(productID: productID, offerID: offerID)
        }
        return nil
    }

    /// Decides a purchase against `state` at store time `now`: the events to append and the
    /// outcome; a refusal is thrown and appends nothing.
    public func purchase(_ request: PurchaseRequest, in state: LedgerState,
                         at now: Date) throws(StoreRefusal) -> Decision<PurchaseOutcome> {
        if let refusal = purchaseRefusal(for: request) { throw refusal }
        let (productID, quantity, buyer, storefront, options) =
            (request.productID, request.quantity, request.buyer, request.storefront, request.options)
        guard let product = catalog.product(id: productID), let price = product.price(in: storefront) else {
            throw .purchase(.unknownProduct(productID))
        }
        // A promotional offer's signature is checked before anything is decided, as the App
        // Store checks it before its sheet: a bad one is refused even when nothing would be
        // bought, and a good one that buys nothing (already owned) leaves its nonce unused.
        if let refusal = offerSignatureRefusal(for: request, in: state, at: now) { return ([], .refused(.offerSignature(refusal))) }
        if let current = currentSubscription(to: product, buyer: buyer, in: state) {
            if let refusal = billingRefusal(of: current) { throw .purchase(refusal) }
            if let resumed = resumption(of: current, buyer: buyer, in: state, at: now) {
                try refuseUnlessShown(charge: 0, startingNow: false, renewingAt: current.expiresDate, for: request)
                return resumed
            }
        }
        if let owned = currentOwnership(of: product, buyer: buyer, in: state) {
            return ([], .alreadyOwned(owned, deliveredHere: state.isDelivered(owned.id, to: buyer)))
        }
        guard state.purchasesAllowed(on: buyer.device) else {
            throw .purchase(.purchasesDisallowed(device: buyer.device))
        }
        if state.settings.askToBuy,
           let waiting = state.transactions(of: buyer.account).last(where: { $0.state == .pending && $0.productID == product.id }) {
            throw .purchase(.requestAlreadyWaiting(transactionID: waiting.id, quantity: waiting.quantity))
        }
        // As with Ask to Buy: while purchases are interrupted, buying again would pile up
        // purchases waiting for action; with the setting off, buying again buys.
        if state.settings.interruptedPurchases,
           let interrupted = state.transactions(of: buyer.account).last(where: { $0.state == .needsAction && $0.productID == product.id }) {
            throw .purchase(.interruptedPurchaseWaits(transactionID: interrupted.id, quantity: interrupted.quantity))
        }
        if let refusal = creditRefusal(for: product, quantity: quantity, buyer: buyer, in: state) {
            throw .purchase(refusal)
        }
        var record = event(.purchase, for: buyer, at: now)
        record.offerNonce = options.offerSignature?.nonceText
        record.transactionId = nextTransactionID(in: state)
        record.productId = product.id
        record.productType = product.type
        record.quantity = quantity
        record.currency = catalog.storefront(code: storefront)?.currency
        record.storefront = storefront
        record.appAccountToken = options.appAccountToken?.uuidString.lowercased()
        let attemptPrice = attemptPrice(of: product, price: price, quantity: quantity, offerID: options.offerID, buyer: buyer,
                                        storefront: storefront, state: state, at: now)
        if let forced = options.simulate ?? state.nextPurchaseOutcome(on: buyer.device), forced != .succeed {
            var attempt = try failedAttempt(record, price: attemptPrice, forced: forced, state: state)
            // The device's next-purchase outcome is used up by the purchase it decides, not by
            // one whose outcome was given (a payment sheet cancelled, `--simulate`): recorded
            // again after the attempt, whose fold clears it.
            if options.simulate != nil, let kept = state.nextPurchaseOutcome(on: buyer.device) {
                var keep = event(.setting, for: buyer, at: now)
                keep.record(.nextPurchaseOutcome(kept))
                attempt.events.append(keep)
            }
            return attempt
        }
        if let failure = state.settings.failures[.purchase] {
            var attempt = try failedAttempt(record, price: attemptPrice,
                                        forced: failure.error == .userCancelled ? .cancel : .fail, state: state,
                                        reason: failure.error.explanation)
            attempt.events += consumption(of: failure, operation: .purchase, buyer: buyer, at: now)
            return attempt
        }
        var terms = PurchaseTerms(charged: price * Decimal(quantity))
        // What the buyer was shown as due, checked once per kind of charge.
        var shownChargeChecked = false
        switch product.type {
        case .consumable, .nonConsumable, .freeSubscription:
            break
        case .nonRenewing:
            terms.expires = try nonRenewingExpiry(of: product, buyer: buyer, in: state, at: now)
            terms.duration = Self.passDuration(of: product)
        case .autoRenewable:
            switch subscriptionPlan(for: product, price: price, offerID: options.offerID, buyer: buyer,
                                    storefront: storefront, state: state, at: now) {
            case let .refuse(refusal): throw .purchase(refusal)
            case let .schedule(chain):
                try refuseUnlessShown(charge: 0, startingNow: false, renewingAt: chain.expiresDate, for: request)
                // Already scheduled, with renewal on: nothing would change, so nothing waits for a
                // parent or the buyer's action either (before: Ask to Buy made a request of it).
                let changesNothing = chain.pendingProductID == product.id && chain.willAutoRenew
                // A change of plan waits for a parent (or the buyer's action) as any purchase
                // does; its completion schedules it then, as a change asked for then.
                if !changesNothing, state.settings.askToBuy || state.settings.interruptedPurchases {
                    shownChargeChecked = true
                    break
                }
                // Choosing a plan of the group asks for it at the next renewal, so a renewal
                // turned off is turned back on: a switch never waits on hold after a purchase.
                var events = chain.willAutoRenew ? [] : [autoRenewEvent(for: chain, on: true, buyer: buyer, at: now)]
                // Already scheduled: said again, recorded once.
                if chain.pendingProductID != product.id {
                    var change = event(.pendingChange, for: buyer, at: now)
                    change.originalTransactionId = chain.originalID
                    change.productId = product.id
                    change.offerNonce = record.offerNonce
                    events.append(change)
                }
                let alreadyScheduled = events.isEmpty
                // A change made on a device that does not hold the subscription (auto-renew turned
                // back on for a switch already scheduled) brings it there, as scheduling one does.
                if !alreadyScheduled, let here = delivery(of: chain, to: buyer, in: state, at: now) { events.append(here) }
                return (events, .changeScheduled(productID: product.id, from: chain.productID, effective: chain.scheduledRenewalDate,
                                                 turnedRenewalOn: !chain.willAutoRenew, alreadyScheduled: alreadyScheduled))
            case let .start(planned):
                terms = planned
                try refuseUnlessShown(charge: terms.charged, startingNow: true, for: request)
                try refuseUnlessShown(upgradeFrom: planned.replacesPlan, for: request)
                if request.options.shownNothingRefunded, let from = planned.replacesPlan, let refund = planned.proratedRefund, refund > 0 {
                    throw .purchase(.upgradeRefundChanged(productID: product.id, from: from, refund: refund,
                                                          currency: catalog.storefront(code: storefront)?.currency))
                }
            }
        }
        if !shownChargeChecked { try refuseUnlessShown(charge: terms.charged, for: request) }
        terms.apply(to: &record)
        record.group = product.subscription?.group
        if let grant = product.grant {
            record.credit = grant.credit
            record.amount = grant.amount.saturatingMultiplied(by: quantity)
        }
        if state.settings.askToBuy {
            record.awaiting = .approval
        } else if state.settings.interruptedPurchases {
            record.awaiting = .action
        }
        if !options.finish { record.unfinished = true }
        guard let made = preview(record, in: state) else { throw .purchase(.unknownProduct(productID)) }
        switch made.state {
        case .pending: return ([record], .pending(made))
        case .needsAction: return ([record], .needsAction(made))
        default: return ([record], .purchased(made))
        }
    }
    func nextTransactionID(in state: LedgerState, offset: Int64 = 0) -> String {
        String(max(state.highestTransactionNumber, Store.firstTransactionNumber - 1) + 1 + offset)
    }

    /// Refuses a purchase that would charge `charge` now where the buyer was shown another
    /// amount due (`PurchaseOptions.shownCharge`): nothing is charged that was not confirmed.
    /// Likewise a plan that would start now, or change at the renewal on `renewingAt`, where
    /// the buyer was shown the other, or another renewal date.
    private func refuseUnlessShown(charge: Decimal, startingNow: Bool? = nil, renewingAt renewal: Date? = nil,
                                   for request: PurchaseRequest) throws(StoreRefusal) {
        if let startingNow, let shown = request.options.shownStartingNow, shown != startingNow {
            throw .purchase(.planEffectChanged(productID: request.productID, shownStartingNow: shown))
        }
        if startingNow == false, let shown = request.options.shownRenewalDate, shown != renewal {
            throw .purchase(.renewalDateChanged(productID: request.productID, shown: shown, now: renewal))
        }
        guard let shown = request.options.shownCharge, shown != charge else { return }
        throw .purchase(.chargeChanged(productID: request.productID, shown: shown, now: charge,
                                       currency: catalog.storefront(code: request.storefront)?.currency))
    }

    /// Refuses a plan starting now that would replace `upgradeFrom` (nil: nothing) where the
    /// buyer was shown it replacing another plan, or none (`PurchaseOptions.shownUpgradeFrom`).
    private func refuseUnlessShown(upgradeFrom: String?, for request: PurchaseRequest) throws(StoreRefusal) {
        guard request.options.shownStartingNow == true, request.options.shownUpgradeFrom != upgradeFrom else { return }
        throw .purchase(.upgradeChanged(productID: request.productID, shownFrom: request.options.shownUpgradeFrom, nowFrom: upgradeFrom))
    }

    /// What an attempt would have charged had it gone through: a subscription's first period
    /// on its offer (a free trial charges nothing), otherwise the price of what was asked for.
    private func attemptPrice(of product: Product, price: Decimal, quantity: Int, offerID: String?, buyer: Buyer,
                              storefront: String, state: LedgerState, at now: Date) -> Decimal {
        guard product.type == .autoRenewable,
              case let .start(terms) = subscriptionPlan(for: product, price: price, offerID: offerID, buyer: buyer,
                                                        storefront: storefront, state: state, at: now)
        else { return price * Decimal(quantity) }
        return terms.charged
    }

    private func failedAttempt(_ base: StoreEvent, price: Decimal, forced: PurchaseSimulation, state: LedgerState,
                               reason: String? = nil) throws(StoreRefusal) -> Decision<PurchaseOutcome> {
        var record = base
        record.kind = .purchaseFailed
        record.price = ExactDecimal.string(price)
        record.reason = forced == .cancel ? PurchaseSimulation.cancel.rawValue
                                          : reason ?? (price > 0 ? "the payment was declined (simulated failure)"
                                                                 : "the purchase did not go through (simulated failure)")
        guard let attempt = preview(record, in: state) else { throw .purchase(.unknownProduct(base.productId ?? "")) }
        return ([record], forced == .cancel ? .cancelled(attempt) : .failed(attempt))
    }

    /// Refuses a purchase that would take a balance over its credit's maximum, or over the
    /// largest balance any credit may hold when it names none (so balances never overflow).
    func creditRefusal(for product: Product, quantity: Int, buyer: Buyer, in state: LedgerState) -> PurchaseRefusal? {
        guard let grant = product.grant else { return nil }
        let maximum = catalog.credit(id: grant.credit)?.maximum ?? CatalogLimits.creditMaximums.upperBound
        // Credits bought and not delivered yet (unfinished) come to the same balance once
        // delivered: counted as held, or delivering them would take it over the maximum.
        let undelivered = state.undeliveredCredit(grant.credit, for: buyer)
        let balance = state.balance(of: grant.credit, for: buyer).saturatingAdding(undelivered.amount)
        let adding = grant.amount.saturatingMultiplied(by: quantity)
        return adding > maximum.saturatingSubtracting(balance)
            ? .overMaximum(credit: grant.credit, maximum: maximum, balance: balance, adding: adding, undelivered: undelivered.amount,
                           undeliveredOn: undelivered.devices.count == 1 ? undelivered.devices.first : nil) : nil
    }

    /// The transaction `event` will create, as the fold will see it once committed.
    func preview(_ event: StoreEvent, in state: LedgerState) -> TransactionRecord? {
        guard let id = event.transactionId, let productID = event.productId, let type = event.productType else { return nil }
        return TransactionRecord(event: event, id: id, productID: productID, type: type, sequence: state.eventCount + 1)
    }

    /// The transaction through which the account already has `product`, if it does: an owned
    /// non-consumable, an ongoing subscription to this very product, an active free subscription.
    func currentOwnership(of product: Product, buyer: Buyer, in state: LedgerState) -> TransactionRecord? {
        switch product.type {
        case .nonConsumable, .freeSubscription:
            return state.transactions(of: buyer.account).last { $0.isInForce && $0.productID == product.id }
        case .autoRenewable:
            return currentSubscription(to: product, buyer: buyer, in: state).flatMap { state.transactions[$0.latestTransactionID] }
        case .consumable, .nonRenewing:
            return nil
        }
    }

    /// When a pass bought now ends: a pass bought while the last one still runs extends its
    /// run, and a run lasts as long as its passes counted whole from its start (see `PassRun`).
    /// A pass that would begin where store time has stopped (`Store.latestStoreTime`) could
    /// never begin, so it is not sold.
    func nonRenewingExpiry(of product: Product, buyer: Buyer, in state: LedgerState, at now: Date) throws(StoreRefusal) -> Date {
        let duration = Self.passDuration(of: product)
        guard let run = PassRun.runs(after: state.passesInForce(of: buyer.account, productID: product.id), fallback: duration).last,
              now <= run.end else { return duration.added(to: now) }
        guard run.end < Store.latestStoreTime else { throw .purchase(.beginsAfterStoreTimeStops(productID: product.id, start: run.end)) }
        return duration.added(to: run.start, times: run.count + 1)
    }

    /// How long a pass of `product` lasts, as its purchase records it.
    static func passDuration(of product: Product) -> SubscriptionPeriod {
        product.duration ?? CatalogDefaults.nonRenewingDuration
    }

    /// The ongoing auto-renewable subscription of the account to `product`, if there is one.
    func currentSubscription(to product: Product, buyer: Buyer, in state: LedgerState) -> SubscriptionChain? {
        guard product.type == .autoRenewable else { return nil }
        return state.subscriptionChains(of: buyer.account).last { $0.isOngoing && $0.productID == product.id }
    }

    /// Why buying a subscription again is refused while its billing has a problem.
    func billingRefusal(of chain: SubscriptionChain) -> PurchaseRefusal? {
        switch chain.status {
        case .inBillingRetryPeriod: .billingProblem(productID: chain.productID, graceUntil: nil, autoRenewOff: !chain.willAutoRenew)
        case .inGracePeriod:
            .billingProblem(productID: chain.productID, graceUntil: chain.gracePeriodExpiresDate, autoRenewOff: !chain.willAutoRenew)
        case .subscribed, .expired, .revoked: nil
        }
    }

    /// Buying the current plan again, as on the App Store, turns auto-renew back on and drops
    /// a scheduled change of plan; nil when there is nothing to turn back.
    func resumption(of chain: SubscriptionChain, buyer: Buyer, in state: LedgerState,
                    at now: Date) -> (events: [StoreEvent], result: PurchaseOutcome)? {
        guard chain.status == .subscribed, !chain.willAutoRenew || chain.pendingProductID != nil,
              let current = state.transactions[chain.latestTransactionID] else { return nil }
        var events: [StoreEvent] = []
        if !chain.willAutoRenew { events.append(autoRenewEvent(for: chain, on: true, buyer: buyer, at: now)) }
        if chain.pendingProductID != nil {
            var keep = event(.pendingChange, for: buyer, at: now)
            keep.originalTransactionId = chain.originalID
            events.append(keep)
        }
        if let here = delivery(of: chain, to: buyer, in: state, at: now) { events.append(here) }
        return (events, .renewalResumed(current, droppedSwitchTo: chain.pendingProductID))
    }

    /// Bought here, it is here: the event that puts `chain` on `buyer`'s device, as a restore
    /// would, where a change bought there finds it held only by another device's purchase; nil
    /// where the device holds it.
    func delivery(of chain: SubscriptionChain, to buyer: Buyer, in state: LedgerState, at now: Date) -> StoreEvent? {
        guard !state.isDelivered(chain.latestTransactionID, to: buyer) else { return nil }
        var here = event(.restore, for: buyer, at: now)
        here.transactionIds = [chain.originalID]
        return here
    }

    /// The event that turns a subscription's auto-renew on or off.
    func autoRenewEvent(for chain: SubscriptionChain, on: Bool, buyer: Buyer, at now: Date) -> StoreEvent {
        var change = event(.cancelRenewal, for: buyer, at: now)
        change.originalTransactionId = chain.originalID
        change.value = on ? StoreEvent.autoRenewOn : StoreEvent.autoRenewOff
        return change
    }
}

/// What a purchase charges and how long it lasts.
struct PurchaseTerms {
    var charged: Decimal
    var expires: Date?
    /// A pass's duration, recorded with it.
    var duration: SubscriptionPeriod?
    var offer: AppliedOffer?
    var offerPeriodsLeft: Int?
    var replaces: String?
    /// The plan an upgrade replaces, as the buyer is shown it (not recorded: the transaction
    /// it replaces names it).
    var replacesPlan: String?
    var originalID: String?
    var proratedRefund: Decimal?

    func apply(to record: inout StoreEvent) {
        record.price = ExactDecimal.string(charged)
        record.expiresDate = expires
        record.duration = duration?.description
        record.offer = offer
        record.offerPeriodsLeft = offerPeriodsLeft
        record.replacesTransactionId = replaces
        record.originalTransactionId = originalID
        record.proratedRefund = proratedRefund.map(ExactDecimal.string)
    }
}

