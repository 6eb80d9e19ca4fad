import Foundation
import StoreEngine

extension StoreText {
    /// What a refund did, for the command line and the storefront alike: what was refunded,
    /// the money that came back, and for a consumable the credits taken back, e.g.
    /// "Refunded $2.97 for 3 × Random Rage Face (transaction 2000000000000001). Took back 15 of
    /// the Rage Faces it granted; 2 had already been spent."
    public func refundMessage(_ result: RefundResult, inStorefront: Bool = false) -> String {
        let record = result.transaction
        let name = catalog.product(id: record.productID).map(title(of:)) ?? record.productID
        let what = purchasedName(of: record)
        let transaction = "(transaction \(record.id))"
        var message: String
        switch result.moneyBack {
        case nil:
            message = "Refunded \(what) \(transaction)."
        case let back? where back == 0 && record.price == 0:
            message = "Refunded \(what) \(transaction); it was free, so no money came back."
        case let back?:
            message = "Refunded \(format(back, currency: record.currency)) for \(what) \(transaction)."
            if let atUpgrade = result.cameBackAtUpgrade, let price = record.price {
                message += " It cost \(format(price, currency: record.currency)); \(format(atUpgrade, currency: record.currency))"
                    + " of that came back at the \(planChange(from: record.productID, to: result.replacementProductID).rawValue) that replaced it."
            }
        }
        if let credit = record.credit, result.revoked + result.shortfall == 0 {
            // Refunded before it was delivered (unfinished): it never granted anything.
            message += " It had not been delivered, so it granted no \(creditName(credit)) to take back."
        } else if let credit = record.credit {
            let granted = result.revoked + result.shortfall
            // A device's credits also go with `reset-device`, which the balance does not tell apart from spending.
            let gone = catalog.credits.first { $0.id == credit }?.scope == .device
                ? "already been spent or cleared by a reset of the device" : "already been spent"
            message += result.revoked == 0 && granted > 0
                ? " Took back none of the \(count(granted)) \(creditName(credit)) it granted: all had \(gone)."
                : " Took back \(count(result.revoked)) of the \(creditName(credit)) it granted"
                    + (result.shortfall > 0 ? "; \(count(result.shortfall)) had \(gone)." : ".")
        }
        if let running = result.endedPlanRunning, result.endedSubscription, result.endedAccess {
            // The period refunded had not begun: the access that ends is the running plan's.
            let runningName = catalog.product(id: running).map(title(of:)) ?? running
            message += " The subscription is revoked: \(runningName), which was running, ends now, and \(name) never begins."
        } else if result.endedSubscription {
            message += result.endedAccess ? " \(name) is revoked: its access ends now."
                : " \(name) is revoked; its access had ended already, with its billing problem."
        }
        if let left = paidAheadLeft(result.paidAheadLeft, inStorefront: inStorefront) { message += " " + left }
        if let until = result.passesActiveUntil {
            // The run was laid out again without the refunded pass: the date may be earlier than shown before.
            message += " \(name) stays active until \(date(until)), on the passes left."
        } else if result.passEndedNow {
            message += " \(name) is no longer active" + (result.passesLeftEnded.map { ": without this pass, the passes left ran out \(date($0))." } ?? ".")
        }
        if let until = result.keptActiveUntil {
            // A period paid ahead that had not begun is refunded at a time before its start.
            let begun = record.revocationDate.map { record.purchaseDate <= $0 } ?? true
            message += " The subscription stays active until \(date(until))"
                + (begun ? ": a period paid ahead after this one keeps it." : ", through this period too: a period paid ahead after it keeps it.")
        }
        return message
    }
}

extension StoreText {
    /// After a refund that revoked the subscription: its other periods paid ahead, which will
    /// never begin, stay paid until refunded; nil for none.
    func paidAheadLeft(_ periods: [TransactionRecord], inStorefront: Bool) -> String? {
        guard !periods.isEmpty else { return nil }
        let one = periods.count == 1
        return "\(one ? "The period" : "The periods") paid ahead \(one ? "was" : "were") not refunded and will never begin: "
            + listedPeriods(periods) + "; " + giveBack(periods, inStorefront: inStorefront)
    }

    /// "$19.99 for the period from Dec 4, 2027 (transaction …)", each period so.
    func listedPeriods(_ periods: [TransactionRecord]) -> String {
        periods.map { period in
            let amount = period.price.map { format($0, currency: period.currency) } ?? "—"
            return "\(amount) for the period from \(date(period.purchaseDate)) (transaction \(period.id))"
        }.joined(separator: ", ")
    }

    /// How to get `periods` back: a command for each, or the storefront's transactions screen.
    private func giveBack(_ periods: [TransactionRecord], inStorefront: Bool) -> String {
        let one = periods.count == 1
        return inStorefront
            ? "refund \(one ? "it" : "them") on the transactions screen (t, then R) to get \(one ? "it" : "them") back."
            : periods.map { "`storefront refund \($0.id)`" }.joined(separator: " and ") + (one ? " gives it back." : " give them back.")
    }

    /// After an expire: the switch scheduled for the renewal that it cancelled, e.g. "The switch
    /// to Rage Pro (Monthly) scheduled for its renewal is cancelled with it."
    public func switchDroppedByExpire(to productID: String) -> String {
        "The switch to \(catalog.product(id: productID).map(title(of:)) ?? productID) scheduled for its renewal is cancelled with it."
    }

    /// After an expire: the periods paid ahead it ended, which stay paid until refunded, and
    /// how to get them back (a command, or the storefront's transactions screen); nil for none.
    public func paidAheadNotRefunded(_ periods: [TransactionRecord], inStorefront: Bool) -> String? {
        guard !periods.isEmpty else { return nil }
        let one = periods.count == 1
        return "Nothing was refunded, \(one ? "the period" : "the periods") paid ahead included: \(listedPeriods(periods)); "
            + giveBack(periods, inStorefront: inStorefront)
    }
}
