import Foundation
import StoreCatalog
import StoreEngine

/// The sentences of the storefront's panes and dialogs: a product's status, the questions
/// before a refund or a renewal's end, and the notes under pickers, settings and an empty list.
public enum StorefrontPaneText {
    /// What the detail pane says of `product` in `status`; `waitingQuantity` is how many the
    /// purchase that waits asks for, said where it is more than one.
    public static func status(_ status: ProductStatus, product: Product, text: StoreText, waitingQuantity: Int = 1) -> String {
        switch status {
        case .notSold: return "Not sold in \(text.countryName(text.storefront)); press l for another storefront"
        case .available: return product.type == .freeSubscription ? "Free to subscribe" : "Available"
        case .credits(let credit, let balance):
            // The balance after the name: a name may start with a number ("500 Coins").
            return credit.map { "Your balance of \(text.creditName($0)): \(text.count(balance))" } ?? "Grants nothing; a tip jar"
        case .owned(let since): return "Owned since \(text.date(since))"
        case .restoreToUnlock: return "Not on this device: press r to restore"
        case .awaitingDelivery: return "Bought here, not delivered yet: press r to restore it now"
        case .active(let until, let willRenew):
            guard let until else { return "Subscribed" }
            guard willRenew else { return "Active until \(text.date(until))" }
            return Store.storeTimeNeverReaches(until)
                ? "Subscribed until \(text.date(until)); store time stops \(text.date(Store.latestStoreTime)), before it would renew"
                : "Subscribed; renews \(text.date(until))"
        case .runningBeforeSwitch(let until, let next, let paidAhead):
            let plan = text.catalog.product(id: next).map(text.title(of:)) ?? next
            return paidAhead ? "Active until \(text.date(until)); then \(plan), paid ahead, takes over"
                             : "Subscribed until \(text.date(until)); then it switches to \(plan) at its renewal"
        case .expired(let on): return "Expired \(text.date(on))"
        // Only a subscription reads revoked; it is still sold, and buying it starts anew.
        case .revoked: return "Refunded: its access has ended (buying it again starts a new subscription)"
        // With auto-renew off the store tries billing no more: the grace period is the end.
        case .billingProblem(let graceUntil, false):
            return graceUntil.map { "Billing problem: access until \(text.date($0)), then it ends (auto-renew is off)" }
                ?? "Billing problem: no access, and it ends (auto-renew is off)"
        case .billingProblem(let graceUntil, true):
            return graceUntil.map { "Billing problem: access until \(text.date($0)) while the store retries" }
                ?? "Billing problem: no access while the store retries the payment"
        case .changeScheduled(let from, let effective, let willSwitch):
            let current = text.catalog.product(id: from).map(text.title(of:)) ?? from
            let when = effective.map { "on \(text.date($0))" } ?? "once its billing problem is resolved"
            return "Plan change scheduled: \(current) switches to this \(when)"
                + (willSwitch ? "" : " if its auto-renew is turned on again (it is off)")
        case .groupPlanUnknown(let current):
            return "Cannot be bought with this catalog: your subscription in its group is on \(current), which the catalog "
                + "does not have (give the catalog that has it: --catalog PATH)"
        case .waiting(let state, let also):
            // Named with how many, as the command line names it: "3 × 3 Extra Lives" (packs, not lives).
            let asked = waitingQuantity > 1 ? text.purchasedName(productID: product.id, quantity: waitingQuantity) : nil
            return state == .pending
                ? (asked.map { "Asked for \($0): waiting" } ?? "Waiting") + " for a parent's approval (Ask to Buy)"
                : (asked.map { "Purchase of \($0) interrupted" } ?? "Interrupted") + ": needs your action (t to resolve)"
                    + (also == .pending ? "; a request to buy it waits for a parent's approval too" : "")
        }
    }

    /// Under a credit's balance: packs bought on this device and not delivered yet, which the
    /// storefront delivers when it next starts.
    public static func undeliveredCredit(_ amount: Int, of credit: String, text: StoreText) -> String {
        "+\(text.count(amount)) \(text.creditName(credit)) bought here, not delivered yet (delivered when the storefront next starts, "
            + "or by storefront deliver-unfinished)"
    }

    /// On the spend screen at zero, in one line of its narrowest width: packs bought here wait.
    public static func undeliveredOnSpendScreen(_ amount: Int, text: StoreText) -> String {
        "+\(text.count(amount)) more bought here arrive at the next start"
    }

    /// A balance in the header or a product's row, with packs bought on this device and not
    /// delivered yet beside it, so a balance that lacks them does not read as the whole story.
    public static func balance(_ balance: Int, undelivered: Int, text: StoreText) -> String {
        undelivered > 0 ? "\(text.count(balance)) (+\(text.count(undelivered)) undelivered)" : text.count(balance)
    }

    /// The question before refunding `record` at store time `now`: what it was, and what the
    /// buyer loses; nothing, for a subscription period that is over or was replaced (by a
    /// renewal or another plan), as only the money comes back then, and no money either where
    /// it charged nothing. `replacement` is the transaction that replaced it, if any: an upgrade
    /// refunded the unused part of its period then, so only the rest of its price comes back now.
    /// `paidAheadUntil`: the end of a later period of the same subscription paid ahead (with
    /// renew now), which keeps it active once this period is refunded.
    /// `subscriptionOngoing`: false once the subscription expired or was revoked.
    /// `running`: for the latest period paid ahead, the period running now (whose end the
    /// revoking refund brings forward) and `otherPaidAhead`, the other periods paid ahead before
    /// it, which stay paid and never begin.
    public static func refundQuestion(_ record: TransactionRecord, replacedBy replacement: TransactionRecord?,
                                      paidAheadUntil: Date? = nil, subscriptionOngoing: Bool = true,
                                      running: TransactionRecord? = nil, otherPaidAhead: [TransactionRecord] = [],
                                      billingProblem: BillingProblem? = nil, passesLeftUntil: Date? = nil, passActiveNow: Bool = false,
                                      now: Date, text: StoreText) -> (title: String, question: String) {
        let name = text.purchasedName(of: record)
        let price = record.price.map { text.format($0, currency: record.currency) } ?? "—"
        // A renewal paid ahead is dated when its period begins, which has not come: "bought"
        // that day would name a day after it was paid.
        let paidAhead = record.productType == .autoRenewable && record.id != record.originalID && record.replaces == nil
            && record.purchaseDate > now
        // A free trial or a free subscription cost nothing: "$0.00" read as a charge.
        let cost = record.price == 0 ? "at no charge" : "for \(price)"
        var question = paidAhead ? "Refund \(name), paid ahead for the period from \(text.date(record.purchaseDate)), \(cost)?"
            : "Refund \(name), bought \(text.date(record.purchaseDate)) \(cost)?"
        let periodIsOver = record.expiresDate.map { !record.isInForce || $0 <= now } ?? false
        if let credit = record.credit {
            question += " Up to \(text.count(record.creditAmount)) \(text.creditName(credit)) will be taken back."
        } else if let passesLeftUntil, passesLeftUntil > now {
            // Its time comes off the run of passes: those left end as if it had never been bought.
            question += " \(name) then stays active until \(text.date(passesLeftUntil)), on the passes left."
        } else if passActiveNow {
            // Without its time, the passes left ran out already (or there are none): access ends now.
            question += " \(name) is no longer active after the refund"
                + (passesLeftUntil.map { ": without this pass, the passes left ran out \(text.date($0))." } ?? ".")
        } else if case .gracePeriod? = billingProblem {
            // The latest period of a subscription whose renewal failed: its refund revokes it.
            question += " Refunding it revokes \(name), in its grace period: its access ends now, and billing is not tried again."
        } else if case .billingRetry? = billingProblem {
            question += " Refunding it revokes \(name); its access had ended already, with its billing problem, and billing is not tried again."
        } else if let replacement, let refunded = record.refundedAtUpgrade(by: replacement), let paid = record.price {
            let upgrade = text.title(ofProductID: replacement.productID)
            let change = text.planChange(from: record.productID, to: replacement.productID).rawValue
            question += " \(text.format(refunded, currency: record.currency)) of it came back at the \(change) to \(upgrade),"
                + " so \(text.format(max(0, paid - refunded), currency: record.currency)) comes back now;"
                + " the buyer keeps what they have."
        } else if periodIsOver {
            question += record.price == 0
                ? " It charged nothing and its period is over, so nothing comes back and the buyer keeps what they have now."
                : " Its period is over, so the buyer keeps what they have now; only the money comes back."
        } else if let paidAheadUntil {
            question += " A period paid ahead after it keeps the subscription active until \(text.date(paidAheadUntil));"
                + " only this period's money comes back."
        } else if record.productType == .autoRenewable, record.id != record.originalID, record.replaces == nil,
                  record.purchaseDate > now, !subscriptionOngoing {
            question += " It was paid ahead and never began (the subscription ended first), so only the money comes back."
        } else if record.productType == .autoRenewable, record.id != record.originalID, record.replaces == nil,
                  record.purchaseDate > now {
            // The latest period, a renewal paid ahead: its refund revokes the subscription, as
            // the refund of a latest period does, so the period running goes too. (A purchase
            // begins when bought, though the screen's clock may lag it by a moment.)
            question += " It was paid ahead and has not begun; refunding it revokes the subscription now, so the period"
                + " running until \(text.date(running?.expiresDate ?? record.purchaseDate)) ends too"
                + (otherPaidAhead.isEmpty ? "." : ", and \(text.listedPeriods(otherPaidAhead)) \(otherPaidAhead.count == 1 ? "stays" : "stay")"
                    + " paid and never \(otherPaidAhead.count == 1 ? "begins" : "begin") unless refunded too.")
        } else if record.productType == .autoRenewable, !subscriptionOngoing {
            // Its access ended already (a refund of a period paid ahead revoked the subscription,
            // or it was expired), though its period had not run out.
            question += " The subscription has ended already, so the buyer has nothing more to lose; only the money comes back."
        } else {
            question += " The buyer loses what it unlocked."
        }
        return ("Refund transaction \(record.id)", question)
    }

    /// The question before turning off the renewal of `productID`, whose period ends at
    /// `expiry` when known, asked at store time `now`: a period still running goes on to its
    /// end; in a grace period (`graceEnds`) the access goes on to the grace period's end; one
    /// in billing retry ends now. Billing is not tried again after either.
    public static func cancelRenewalQuestion(productID: String, expiry: Date?, graceEnds: Date? = nil, now: Date,
                                             text: StoreText) -> String {
        let name = text.catalog.product(id: productID).map(text.title(of:)) ?? productID
        var question = "Stop renewing \(name)?"
        if let graceEnds {
            question += " Its renewal failed on billing: it keeps access until \(text.date(graceEnds)), then ends,"
                + " and billing is not tried again."
        } else if let expiry, expiry > now {
            question += " It stays active until \(text.date(expiry)), then ends."
        } else if expiry != nil {
            question += " Its renewal failed on billing: it ends now, and billing is not tried again."
        }
        return question
    }

    /// Under a refund, renew-now or expire question whose words changed while it was open.
    public static let questionChanged = "Changed while this question was open (another device or shell, or store time): read it again."

    public static let renewNowTitle = "Renew now"
    /// The renew-now question's title in a billing problem, where it fixes the billing (B, and N).
    public static let fixBillingTitle = "Fix billing"
    public static let expireTitle = "Expire"

    /// The question before renewing the subscription to `productID` now, which charges at once
    /// for the period after the one running: what, for which period, and as which plan when a
    /// switch is scheduled.
    /// `switchOnHold`: the plan a switch scheduled while auto-renew is off goes to, which a
    /// renewal now leaves waiting.
    /// `startsWhenPaid`: in billing retry, where access had lapsed, the period paid for starts
    /// the moment it is paid, so no dates are named (at a fast store time rate they would be
    /// past before Enter).
    public static func renewNowQuestion(productID: String, renewal: RenewalPreview?, autoRenewOff: Bool = false,
                                        switchOnHold: String? = nil, startsWhenPaid: Bool = false, fixesBilling: Bool = false,
                                        text: StoreText) -> String {
        let title = { (id: String) in text.catalog.product(id: id).map(text.title(of:)) ?? id }
        var question = fixesBilling ? "Fix the billing of \(title(productID)) now?" : "Renew \(title(productID)) now?"
        // Without the store's answer (it could not be read), the question can only say what renewing does.
        guard let renewal else { return question + " The period after the one running is charged now." }
        if renewal.productID != productID { question += " It renews as \(title(renewal.productID)), the plan it switches to." }
        let length = text.catalog.product(id: renewal.productID)?.subscription.map { text.periodText($0.period) }
        let period = startsWhenPaid ? "\(length ?? "a period") from the moment it is paid"
            : "the period from \(text.date(renewal.start)) to \(text.date(renewal.end))"
        question += renewal.price == 0 ? " Nothing is charged for \(period)."
            : " \(text.format(renewal.price, currency: renewal.currency)) is charged now, for \(period)."
        guard autoRenewOff else { return question }
        question += " Auto-renew stays off: it ends after that period."
        if let switchOnHold, switchOnHold != renewal.productID {
            question += " The switch to \(title(switchOnHold)) waits until auto-renew is turned on."
        }
        return question
    }

    /// What the periods an expire ends were charged: whether one was paid ahead (with renew
    /// now), and whether the one running is free (a free trial, a free offer) or was refunded
    /// already (the periods paid ahead keep the subscription going).
    public struct EndedPeriods: Sendable, Equatable {
        /// How many periods after the one running were paid ahead.
        public var paidAhead: Int
        public var runningIsFree: Bool
        public var runningRefunded: Bool

        public init(paidAhead: Int, runningIsFree: Bool, runningRefunded: Bool = false) {
            self.paidAhead = paidAhead
            self.runningIsFree = runningIsFree
            self.runningRefunded = runningRefunded
        }
    }

    /// A subscription's billing problem, as the expire question tells it.
    public enum BillingProblem: Sendable, Equatable {
        /// In a grace period ending then, with access.
        case gracePeriod(endsAt: Date?)
        /// In billing retry, without access.
        case billingRetry
    }

    /// The question before ending the subscription to `productID` now, running until `expiry`
    /// when known, asked at store time `now`: what it stops, and that nothing comes back of what
    /// `ended` says was charged. During a billing problem (`billingProblem`, with the grace
    /// period's end while one runs) no period paid for is running: the grace days were never
    /// charged, and billing retry gives no access.
    public static func expireQuestion(productID: String, expiry: Date?, billingProblem: BillingProblem? = nil, now: Date,
                                      ended: EndedPeriods, droppingSwitchTo: String? = nil, text: StoreText) -> String {
        let name = text.catalog.product(id: productID).map(text.title(of:)) ?? productID
        var question = "End \(name) now?"
        // An ended subscription renews into nothing: a switch scheduled for its renewal goes too.
        if let next = droppingSwitchTo {
            question += " The switch to \(text.catalog.product(id: next).map(text.title(of:)) ?? next) scheduled for its renewal is cancelled too."
        }
        if let billingProblem {
            guard case .gracePeriod(let graceEnds?) = billingProblem, graceEnds > now else {
                return question + " It has no access while its billing is retried, and billing is not tried again. Nothing is charged to end it."
            }
            return question + " Its grace period stops at once instead of running until \(text.date(graceEnds)), and billing is not "
                + "tried again. Nothing was charged for the grace period, and nothing is charged to end it."
        }
        if let expiry, expiry > now { question += " It stops at once instead of running until \(text.date(expiry))." }
        let refunds = "(R refunds a transaction)"
        let ahead = ended.paidAhead == 1 ? "the period paid ahead" : "the \(ended.paidAhead) periods paid ahead"
        if ended.runningRefunded, ended.paidAhead > 0 {
            return question + " The period running was refunded already; nothing is refunded of \(ahead) \(refunds)."
        }
        switch (ended.runningIsFree, ended.paidAhead > 0) {
        case (true, true): return question + " The period running is free; nothing is refunded of \(ahead) \(refunds)."
        case (false, true): return question + " Nothing is refunded, \(ahead) included \(refunds)."
        case (true, false): return question + " Nothing was charged for the period running, and nothing is charged to end it."
        case (false, false): return question + " Nothing is refunded for the rest of the period running \(refunds)."
        }
    }

    /// The question before unsubscribing from the free subscription `productID`, which ends it now.
    public static func unsubscribeQuestion(productID: String, text: StoreText) -> String {
        let name = text.catalog.product(id: productID).map(text.title(of:)) ?? productID
        return "Unsubscribe from \(name)? It ends now; subscribe again at any time, free."
    }

    /// The payment sheet's warning when a test setting decides the next purchase.
    public static func simulatedPurchase(_ simulation: PurchaseSimulation) -> String {
        "Settings make this purchase \(simulation.rawValue)."
    }

    /// The payment sheet's note while purchases wait before they complete: with Ask to Buy on,
    /// Enter only asks a parent; with interrupted purchases on, the buyer must act first.
    /// Nil when neither setting is on.
    public static func purchaseWaits(askToBuy: Bool, interrupted: Bool) -> String? {
        if askToBuy { return "Ask to Buy is on: Enter sends a request to a parent; nothing is charged until it is approved." }
        if interrupted { return "Interrupted purchases are on: it completes, and is charged, once you act on it (C on the transactions screen)." }
        return nil
    }

    /// Why a subscription ended, in words, e.g. "ended: billing failed". The store records
    /// StoreKit's `unknown` only when `expire` (E on the transactions screen) ended it.
    public static func ended(_ reason: SubscriptionChain.ExpirationReason) -> String {
        switch reason {
        case .autoRenewDisabled: "ended: auto-renew was off"
        case .billingError: "ended: billing failed"
        case .didNotConsentToPriceIncrease: "ended: price increase not accepted"
        case .productUnavailable: "ended: product no longer available"
        case .unknown: "ended by hand"
        }
    }

    /// The settings screen's row for `promotional-offer-signatures`; the payment sheet names it.
    public static let offerSignaturesSetting = "Promotional offer signatures"

    /// The setting's value on the Settings screen; `required` with no key in use asks for nothing,
    /// and says so rather than look as if it did.
    public static func offerSignaturesValue(_ value: String, inForce: Bool) -> String {
        value == "required" && !inForce ? "Required, no key in use" : value.capitalized
    }

    /// On a payment sheet whose charge changed while it was open (another device or process
    /// changed the store): what it said was due today before, when it said a charge today.
    public static func sheetChanged(dueBefore: String?) -> String {
        "Changed while this sheet was open" + (dueBefore.map { ": due today was \($0)." } ?? "; read it again.")
    }

    /// The last line of a payment sheet taller than the window, in place of what does not fit.
    public static let sheetCutShort = "… (a taller window shows the rest)"

    /// On a payment sheet whose store turned read-only while it was open: Enter is not offered.
    public static let sheetReadOnly = "The store is read-only now (the banner says why): nothing can be bought."

    /// On the payment sheet, when the chosen promotional offer cannot be bought from it.
    public static let offerNeedsSignature = "This offer needs a signature from the app's server (the store has an "
        + "in-app purchase key in use), which the storefront cannot make. To buy it here, turn \(offerSignaturesSetting) "
        + "off in Settings (s on the main screen)."

    /// Under the locale and storefront picker.
    public static let localePickerNote = "Locale: the products' texts and formats (these screens stay English). Storefront: the currency."
    /// The transactions list of an account with none.
    public static let noTransactions = "No transactions yet. Buy something with Enter on the main screen."
    /// The detail pane's status line while the store has not been read for the buyer shown.
    public static let statusNotVerified = "Unknown: no event of the store can be verified (the banner says why), so "
        + "nothing of it is shown."
    public static let statusNotRead = "Not read yet for this account and device: the store cannot be read now; "
        + "where you stand shows once it can."
    /// The transactions list of an account whose store could not be read yet.
    public static let transactionsNotRead = "Not read yet: the store cannot be read now; the list shows once it can."
    /// Under the account and device switcher.
    public static let accountPickerNote = "Purchases belong to the account; restore brings them to a device."
    /// Above the settings.
    public static let settingsNote = "Stored in the store (the file or the database), so `storefront settings` sees them too. The first two "
        + "belong to this device; the next-purchase outcome applies once. The rest apply to the whole store."

    /// A search that matches nothing.
    public static func noMatch(_ query: String) -> String { "No product matches “\(query)”. Esc shows all." }

    /// A window too small to draw in: the size needed, then the size it is.
    public static func windowTooSmall(minimum: (width: Int, height: Int), now: (width: Int, height: Int)) -> (String, String) {
        ("Make the window at least \(minimum.width)x\(minimum.height)", "(it is \(now.width)x\(now.height) now)")
    }
}
