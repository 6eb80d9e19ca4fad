import Foundation
import StoreCatalog

/// Settling purchases that did not complete at once: Ask to Buy, interrupted purchases and
/// transactions the app left unfinished.
extension Store {
    /// A parent approves an Ask to Buy request: the purchase completes now and is delivered.
    public func approve(_ transactionID: String) throws -> PurchaseOutcome {
        try complete(transactionID, as: .approve, waiting: .pending)
    }

    /// The buyer completes an interrupted purchase.
    public func resolve(_ transactionID: String) throws -> PurchaseOutcome {
        try complete(transactionID, as: .resolve, waiting: .needsAction)
    }

    /// A parent declines an Ask to Buy request: nothing is charged or delivered.
    public func decline(_ transactionID: String) throws -> TransactionRecord {
        try commit { state, now in
            let record = try awaiting(transactionID, state: .pending, in: state)
            var decision = event(.decline, for: Buyer(account: record.account, device: record.purchaseDevice), at: now)
            decision.transactionId = transactionID
            var declined = record
            declined.state = .declined
            return ([decision], declined)
        }
    }

    private func awaiting(_ transactionID: String, state expected: TransactionState, in state: LedgerState) throws -> TransactionRecord {
        guard let record = state.transactions[transactionID] else { throw StoreError.unknownTransaction(transactionID) }
        guard record.state == expected else {
            throw StoreError.notAwaiting(transactionID, state: record.state, expected: expected)
        }
        return record
    }

    /// Completes a waiting purchase, checking it again against the state of now: a
    /// non-consumable bought meanwhile is already owned, a credit may have reached its maximum.
    private func complete(_ transactionID: String, as kind: StoreEvent.Kind, waiting: TransactionState) throws -> PurchaseOutcome {
        try commit { state, now in
            let record = try awaiting(transactionID, state: waiting, in: state)
            let buyer = Buyer(account: record.account, device: record.purchaseDevice)
            guard let product = catalog.product(id: record.productID) else {
                return ([], .refused(.unknownProduct(record.productID)))
            }
            if let owned = decisions.currentOwnership(of: product, buyer: buyer, in: state) {
                // The request became moot: it is closed, so it never waits forever.
                var moot = event(.decline, for: buyer, at: now)
                moot.transactionId = transactionID
                moot.reason = Self.mootRequestReason
                return ([moot], .alreadyOwned(owned, deliveredHere: state.isDelivered(owned.id, to: buyer)))
            }
            if let refusal = decisions.creditRefusal(for: product, quantity: record.quantity, buyer: buyer, in: state) {
                return ([], .refused(refusal))
            }
            var completion = event(kind, for: buyer, at: now)
            completion.transactionId = transactionID
            switch product.type {
            case .autoRenewable:
                let storefront = record.storefront ?? catalog.storefronts.first?.code ?? "USA"
                let price = product.price(in: storefront) ?? record.price ?? 0
                switch decisions.subscriptionPlan(for: product, price: price, offerID: nil, buyer: buyer,
                                        storefront: storefront, state: state, at: now) {
                case let .start(terms):
                    completion.expiresDate = terms.expires
                    completion.replacesTransactionId = terms.replaces
                    completion.offerPeriodsLeft = terms.offerPeriodsLeft
                    // The subscription it joins is decided now, as for a purchase made now: the
                    // one it upgrades, else a new one of its own, whatever the request planned.
                    completion.originalTransactionId = terms.originalID ?? transactionID
                    completion.proratedRefund = terms.proratedRefund.map(ExactDecimal.string)
                case let .schedule(chain):
                    // The account subscribed to another plan of the group meanwhile: the
                    // request becomes a change at that plan's renewal, not a second subscription.
                    var change = event(.pendingChange, for: buyer, at: now)
                    change.originalTransactionId = chain.originalID
                    change.productId = product.id
                    var closed = event(.decline, for: buyer, at: now)
                    closed.transactionId = transactionID
                    closed.reason = Self.scheduledRequestReason
                    return ([change, closed], .changeScheduled(productID: product.id, from: chain.productID,
                                                               effective: chain.scheduledRenewalDate))
                case let .refuse(refusal):
                    return ([], .refused(refusal))
                }
                completion.group = product.subscription?.group
            case .nonRenewing:
                completion.expiresDate = decisions.nonRenewingExpiry(of: product, buyer: buyer, in: state, at: now)
            case .consumable, .nonConsumable, .freeSubscription:
                break
            }
            var preview = state
            preview.apply(completion, sequence: state.eventCount + 1)
            guard let made = preview.transactions[transactionID] else { return ([], .refused(.unknownProduct(record.productID))) }
            return ([completion], .purchased(made))
        }
    }

    /// Why a waiting purchase was closed without a charge when it was settled.
    static let mootRequestReason = "closed without a charge: the buyer already had it when it was settled"
    /// Why an approved request for another plan of a group was closed: it became a plan change.
    static let scheduledRequestReason = "closed without a charge: it became a plan change at the next renewal"

    /// Transactions of the buyer's account bought on the buyer's device that the app did not
    /// finish.
    public func unfinishedTransactions(for buyer: Buyer) -> [TransactionRecord] {
        snapshot.transactions(of: buyer.account).filter { !$0.finished && $0.purchaseDevice == buyer.device }
    }

    /// Delivers and finishes every unfinished transaction of the buyer on this device, exactly
    /// once: a transaction finished by another process meanwhile is not delivered again.
    public func deliverUnfinished(_ buyer: Buyer) throws -> [TransactionRecord] {
        try commit { state, now in
            let waiting = state.transactions(of: buyer.account).filter {
                !$0.finished && $0.purchaseDevice == buyer.device && $0.state != .failed && $0.state != .cancelled
            }
            guard !waiting.isEmpty else { return ([], []) }
            var finish = event(.finish, for: buyer, at: now)
            finish.transactionIds = waiting.map(\.id)
            return ([finish], waiting.map { record in
                var finished = record
                finished.finished = true
                return finished
            })
        }
    }
}
