import Foundation
import StoreEngine
import StoreLedger
import StorefrontApp
import StorefrontText

/// Runs effects against the store and turns their results into actions.
///
/// After a change it sends a fresh snapshot first, then the result, so an alert can quote the
/// committed balance. Storage trouble becomes `operationFailed` with the error's own words;
/// a change refused for lack of write access also turns the storefront read-only.
struct EffectRunner: Sendable {
    let store: Store
    /// Fills in each snapshot's notifications and server; nil leaves them empty.
    let serverSide: (any ServerSideSource)?
    /// Gives the read-only banner after a refused write the start-up check's words; without it, the refusal's own.
    let writeAccess: WriteAccessCheck?

    init(store: Store, serverSide: (any ServerSideSource)? = nil, writeAccess: WriteAccessCheck? = nil) {
        self.store = store
        self.serverSide = serverSide
        self.writeAccess = writeAccess
    }

    /// Runs `effect`; `storefront` is the one on screen when it was asked for. Results go back
    /// as data: the app words them in the locale on screen.
    func run(_ effect: Effect, storefront: String) -> [Action] {
        do {
            switch effect {
            case let .purchase(productID, buyer, storefront, simulate, offerID, shownCharge, changesNothing, shownStartingNow,
                               shownRenewalDate, shownUpgradeFrom, shownNothingRefunded):
                let options = Store.PurchaseOptions(simulate: simulate, offerID: offerID, shownCharge: shownCharge,
                                                    changesNothingShown: changesNothing, shownStartingNow: shownStartingNow,
                                                    shownRenewalDate: shownRenewalDate, shownUpgradeFrom: shownUpgradeFrom,
                                                    shownNothingRefunded: shownNothingRefunded)
                let outcome = try store.purchase(productID, buyer: buyer, storefront: storefront, options: options)
                return [snapshot(buyer, storefront), .purchaseFinished(productID: productID, outcome: outcome)]
            case let .restore(buyer):
                let result = try store.restore(buyer)
                return [snapshot(buyer, storefront), .restoreFinished(result)]
            case let .spend(credit, buyer):
                let outcome = try store.spend(credit, buyer: buyer)
                return [snapshot(buyer, storefront), .spendFinished(credit: credit, outcome: outcome)]
            case let .setSetting(setting, value, buyer):
                try store.set(setting, to: value, for: buyer)
                return [snapshot(buyer, storefront), .settingSaved(name: setting.rawValue, value: value)]
            case let .setTimeRate(rate, buyer):
                try store.setTimeRate(rate, buyer: buyer)
                return [snapshot(buyer, storefront), .settingSaved(name: "time-rate", value: rate.rawValue)]
            case let .injectFailure(operation, failure, buyer):
                try store.inject(failure, into: operation, buyer: buyer)
                return [snapshot(buyer, storefront), .settingSaved(name: StoreSetting.failurePrefix + operation.rawValue, value: failure?.settingValue ?? "none")]
            case let .settle(action, transactionID, buyer, switchShown):
                return try settle(action, transactionID: transactionID, buyer: buyer, switchShown: switchShown, storefront: storefront)
            case let .refund(transactionID, buyer, replacedByShown, dependenciesShown):
                do {
                    let result = try store.refund(transactionID, by: buyer.account, replacedByShown: .some(replacedByShown),
                                                  dependenciesShown: dependenciesShown)
                    return [snapshot(buyer, storefront), .refundFinished(result)]
                } catch StoreError.transactionChangedSinceShown(let id) {
                    return [snapshot(buyer, storefront), .questionOutdated(.transaction(id: id))]
                }
            case let .renewNow(transactionID, buyer, shown, fixingBilling):
                do {
                    let chain = try store.renew(transactionID, buyer: buyer, asShown: shown, fixingBilling: fixingBilling)
                    return [snapshot(buyer, storefront), .subscriptionChanged(chain, charged: store.snapshot.transactions[chain.latestTransactionID])]
                } catch StoreError.subscriptionNotInBillingRetry(let productID, _) where fixingBilling {
                    return [snapshot(buyer, storefront), .questionOutdated(.billingFixedElsewhere(productID: productID))]
                } catch StoreError.renewalChangedSinceShown(let shown, let now) {
                    // Said in the question's words; the screen then shows the store as it is.
                    return [snapshot(buyer, storefront), .questionOutdated(.renewal(shown: shown, now: now))]
                }
            case let .loadSnapshot(buyer, storefront):
                return load(buyer, storefront)
            case .quit, .dropChangeUnderWay:
                // Leaving needs no store work; the run loop stops when the state says it is quitting.
                // Dropping a change is answered by the run loop itself, which holds its ticket.
                return []
            }
        } catch LedgerError.changeAbandoned {
            // Dropped before it began, which the screen has said already: nothing happened.
            return []
        } catch StoreError.subscriptionEnded(let productID, let state, _) {
            // Ended elsewhere while the key or question was on its way: said in the storefront's words.
            return [.questionOutdated(.subscriptionEnded(productID: productID, state: state))]
        } catch StoreError.billingNotRetriedWithAutoRenewOff(let productID) {
            return [.questionOutdated(.autoRenewTurnedOff(productID: productID))]
        } catch let lost as StoreUnreachable {
            // The alert says this operation failed; the banner stays until the store answers.
            return [.operationFailed(message: lost.described(for: .storefront)), .storeUnreachable(reason: lost.reason)]
        } catch {
            guard let banner = WriteAccessCheck.banner(after: error, check: writeAccess) else {
                return [.operationFailed(message: "\(error)")]
            }
            // The alert says once that this change failed; the banner then refuses the next up front.
            return [.operationFailed(message: "\(error)"), .writeAccessChanged(refusal: banner)]
        }
    }

    private func settle(_ action: TransactionAction, transactionID: String, buyer: Buyer, switchShown: String??,
                        storefront: String) throws -> [Action] {
        switch action {
        case .approve, .complete:
            let outcome = action == .approve ? try store.approve(transactionID) : try store.resolve(transactionID, by: buyer.account)
            let productID = outcome.transaction?.productID ?? store.snapshot.transactions[transactionID]?.productID ?? ""
            return [snapshot(buyer, storefront), .purchaseFinished(productID: productID, outcome: outcome, settling: transactionID)]
        case .decline:
            let record = try store.decline(transactionID)
            return [snapshot(buyer, storefront), .requestDeclined(productID: record.productID, quantity: record.quantity)]
        case .refund:
            // The snapshot is the viewer's: one taken for the device the transaction was
            // bought on would be dropped as another buyer's, leaving the old balance.
            let result = try store.refund(transactionID, by: buyer.account)
            return [snapshot(buyer, storefront), .refundFinished(result)]
        case .unsubscribe:
            guard let record = store.snapshot.transactions[transactionID] else { throw StoreError.unknownTransaction(transactionID) }
            let changed = try store.unsubscribe(record, buyer: buyer)
            return [snapshot(buyer, storefront), .unsubscribed(productID: record.productID, changed: changed)]
        case .cancelRenewal, .resumeRenewal:
            do {
                // Cancelling was asked of the subscription's latest transaction: one renewed or upgraded since is refused.
                let result = try store.setAutoRenew(action == .resumeRenewal, of: transactionID, buyer: buyer,
                                                    latestShown: action == .cancelRenewal ? transactionID : nil)
                return [snapshot(buyer, storefront), .subscriptionChanged(result.subscription, changed: result.changed)]
            } catch StoreError.subscriptionChangedSinceShown(let productID, _) {
                return [snapshot(buyer, storefront), .questionOutdated(.subscription(productID: productID, change: .cancelRenewal))]
            }
        case .expire:
            do {
                // The question was asked of the subscription's latest transaction: one renewed since is refused.
                // So was one whose scheduled switch, which the question said goes with it, changed since.
                let (chain, dropped) = try store.expireDroppingSwitch(transactionID, buyer: buyer, latestShown: transactionID,
                                                                      switchShown: switchShown)
                return [snapshot(buyer, storefront), .subscriptionChanged(chain, keptAhead: store.periodsPaidAheadNeverBegun(of: chain),
                                                                          droppedSwitchTo: dropped)]
            } catch StoreError.subscriptionChangedSinceShown(let productID, _) {
                return [snapshot(buyer, storefront), .questionOutdated(.subscription(productID: productID, change: .expire))]
            } catch StoreError.switchChangedSinceShown(let productID, let shown, let now) {
                return [snapshot(buyer, storefront), .questionOutdated(.switchChanged(productID: productID, shown: shown, now: now))]
            }
        case .renew, .resolveBilling:
            let chain: SubscriptionChain = switch action {
            case .renew: try store.renew(transactionID, buyer: buyer)
            default: try store.resolveBilling(transactionID, buyer: buyer)
            }
            return [snapshot(buyer, storefront), .subscriptionChanged(chain, charged: store.snapshot.transactions[chain.latestTransactionID])]
        }
    }

    /// Reads the store for another buyer or storefront. Nobody asked for an operation, so a
    /// store that cannot be read raises no alert: the banner says so, and the new buyer's
    /// numbers stay unknown until the run loop reads the store again.
    private func load(_ buyer: Buyer, _ storefront: String) -> [Action] {
        do {
            try store.refresh()
            return [snapshot(buyer, storefront)]
        } catch {
            return [.storeUnreadable(error)]
        }
    }

    /// A fresh snapshot for `buyer`, with the server side read again, or `keeping` the one
    /// shown when nothing was recorded since (its notifications cannot have changed, and
    /// reading them takes another round trip that a lock on the store's tables holds up).
    func snapshot(_ buyer: Buyer, _ storefront: String, keeping shownServerSide: ServerSide? = nil) -> Action {
        var snapshot = StoreSnapshot(store: store, buyer: buyer, storefront: storefront)
        if let shownServerSide {
            snapshot.serverSide = shownServerSide
        } else if let serverSide {
            snapshot.serverSide = serverSide.read()
        }
        return .storeChanged(snapshot)
    }
}
