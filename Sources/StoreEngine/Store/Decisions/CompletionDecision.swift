import Foundation
import StoreCatalog

/// How a waiting purchase is settled: approved, declined, or completed by the buyer.
extension StoreDecisions {
    /// A way to settle a waiting purchase, and the state the purchase must be waiting in.
    public enum Completion: Sendable {
        /// A parent approves an Ask to Buy request.
        case approve
        /// The buyer completes an interrupted purchase.
        case resolve

        var kind: StoreEvent.Kind { self == .approve ? .approve : .resolve }
        var waiting: TransactionState { self == .approve ? .pending : .needsAction }
    }

    /// Why a waiting purchase was closed without a charge when it was settled.
    static let mootRequestReason = "closed without a charge: the buyer already had it when it was settled"
    /// Why an approved request for another plan of a group was closed: it became a plan change.
    static let scheduledRequestReason = "closed without a charge: it became a plan change at the next renewal"
    /// Why an approved request for a plan change already scheduled (renewal on) was closed.
    static let alreadyScheduledRequestReason = "closed without a charge: that plan change was scheduled already"

    /// Decides a parent's "no" to an Ask to Buy request: nothing is charged or delivered.
    public func decline(_ transactionID: String, in state: LedgerState, at now: Date) throws(StoreRefusal) -> Decision<TransactionRecord> {
        let record = try awaiting(transactionID, state: .pending, in: state)
        var decision = event(.decline, for: Buyer(account: record.account, device: record.purchaseDevice), at: now)
        decision.transactionId = transactionID
        var declined = record
        declined.state = .declined
        return ([decision], declined)
    }

    /// Decides the completion of a waiting purchase, checking it again against the state of
    /// now: a non-consumable bought meanwhile is already owned, a credit may have reached its
    /// maximum, a subscription to another plan of the group turns it into a plan change.
    /// `account`: the account asking, which completes only its own interrupted purchases; nil
    /// for any (a parent approves another account's request).
    public func complete(_ transactionID: String, as completion: Completion, by account: String? = nil, in state: LedgerState,
                         at now: Date) throws(StoreRefusal) -> Decision<PurchaseOutcome> {
        // Whether it still waits is said first: advice to switch accounts would only meet that refusal.
        let record = try awaiting(transactionID, state: completion.waiting, in: state)
        if let account, record.account != account {
            throw .request(.purchaseOfAnotherAccount(transactionID, owner: record.account, account: account))
        }
        let buyer = Buyer(account: record.account, device: record.purchaseDevice)
        guard let product = catalog.product(id: record.productID) else {
            throw .purchase(.unknownProduct(record.productID))
        }
        if let owned = currentOwnership(of: product, buyer: buyer, in: state) {
            // The request became moot: it is closed, so it never waits forever.
            var moot = event(.decline, for: buyer, at: now)
            moot.transactionId = transactionID
            moot.reason = Self.mootRequestReason
            return ([moot], .alreadyOwned(owned, deliveredHere: state.isDelivered(owned.id, to: buyer)))
        }
        if let refusal = creditRefusal(for: product, quantity: record.quantity, buyer: buyer, in: state) {
            throw .purchase(refusal)
        }
        var settled = event(completion.kind, for: buyer, at: now)
        settled.transactionId = transactionID
        switch product.type {
        case .autoRenewable:
            let storefront = record.storefront ?? catalog.storefronts.first?.code ?? "USA"
            let price = product.price(in: storefront) ?? record.price ?? 0
            // The request's promotional offer goes with it, as it would with a purchase made
            // now; an introductory one is decided again, since the account may have used it.
            switch subscriptionPlan(for: product, price: price, offerID: record.offer?.promotionalOfferID, buyer: buyer,
                                    storefront: storefront, state: state, at: now) {
            case let .start(terms):
                // Price, expiry and offer are those of a purchase made now; the price being
                // there tells the fold that the offer is restated too (none when absent).
                terms.apply(to: &settled)
                // The subscription it joins is decided now, as for a purchase made now: the
                // one it upgrades, else a new one of its own, whatever the request planned.
                settled.originalTransactionId = terms.originalID ?? transactionID
            case let .schedule(chain):
                var closed = event(.decline, for: buyer, at: now)
                closed.transactionId = transactionID
                if chain.pendingProductID == product.id && chain.willAutoRenew {
                    // The switch was scheduled meanwhile (bought without asking): the request
                    // is closed, and the switch is not recorded or announced a second time.
                    closed.reason = Self.alreadyScheduledRequestReason
                    return ([closed], .changeScheduled(productID: product.id, from: chain.productID, effective: chain.scheduledRenewalDate,
                                                       alreadyScheduled: true))
                }
                // The account subscribed to another plan of the group meanwhile: the
                // request becomes a change at that plan's renewal, not a second subscription.
                var change = event(.pendingChange, for: buyer, at: now)
                change.originalTransactionId = chain.originalID
                change.productId = product.id
                closed.reason = Self.scheduledRequestReason
                // As for a purchase made now, a renewal turned off is turned back on.
                let renewal = chain.willAutoRenew ? [] : [autoRenewEvent(for: chain, on: true, buyer: buyer, at: now)]
                return (renewal + [change, closed], .changeScheduled(productID: product.id, from: chain.productID,
                                                                     effective: chain.scheduledRenewalDate,
                                                                     turnedRenewalOn: !chain.willAutoRenew))
            case let .refuse(refusal):
                throw .purchase(refusal)
            }
            settled.group = product.subscription?.group
        case .nonRenewing:
            settled.expiresDate = try nonRenewingExpiry(of: product, buyer: buyer, in: state, at: now)
            settled.duration = Self.passDuration(of: product).description
        case .consumable, .nonConsumable, .freeSubscription:
            break
        }
        var preview = state
        preview.apply(settled, sequence: state.eventCount + 1)
        guard let made = preview.transactions[transactionID] else { throw .purchase(.unknownProduct(record.productID)) }
        return ([settled], .purchased(made))
    }

    /// The transaction `transactionID`, which must wait in state `expected`.
    private func awaiting(_ transactionID: String, state expected: TransactionState,
                          in state: LedgerState) throws(StoreRefusal) -> TransactionRecord {
        guard let record = state.transactions[transactionID] else { throw .request(.unknownTransaction(transactionID)) }
        guard record.state == expected else {
            throw .request(.notAwaiting(transactionID, state: record.state, expected: expected, closedBecause: record.closedByStoreReason,
                                        settledFrom: record.settledFrom))
        }
        return record
    }
}
