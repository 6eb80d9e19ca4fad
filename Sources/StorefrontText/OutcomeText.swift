import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger

extension StoreText {
    /// A purchase outcome in plain words, e.g. "Unlocked Remove Ads." or
    /// "Added 5 Rage Faces: you now have 10."
    ///
    /// `requestedOffer` is the promotional offer the request asked for: when the account
    /// already had the product, or the purchase only scheduled a change of plan, the message
    /// says that the offer was not applied; `offerSigned` says a signature (and its nonce) came with it.
    /// `owner`: the account the purchase is of when it is not the reader's own (a parent approving a
    /// child's request reads "kid now has 9", not "you now have 9").
    public func message(for outcome: PurchaseOutcome, product: Product?, balance: Int? = nil,
                        requestedOffer: String? = nil, offerSigned: Bool = false, owner: String? = nil) -> String {
        let said = outcomeMessage(for: outcome, product: product, balance: balance, owner: owner)
        guard let requestedOffer else { return said }
        if case .changeScheduled = outcome {
            // The change is recorded with the offer's nonce, so that signature cannot be used again.
            return said + " The promotional offer \(requestedOffer) was not applied to the scheduled change"
                + (offerSigned ? "; its signature's nonce is now used." : ".")
        }
        guard outcome.leftOfferUnapplied else { return said }
        return said + " The promotional offer \(requestedOffer) was not applied, because the account already has "
            + "\(product.map(title(of:)) ?? "the product")" + (offerSigned ? "; its signature's nonce was not used." : ".")
    }

    private func outcomeMessage(for outcome: PurchaseOutcome, product: Product?, balance: Int?, owner: String?) -> String {
        let name = product.map(title(of:)) ?? "the product"
        let words = PurchaseOwnerWords(owner: owner)
        switch outcome {
        case let .purchased(record):
            if !record.finished {
                // Nothing is granted until the transaction is finished and delivered.
                // What delivering it grants is said, as a finished purchase says what it granted.
                let bought = quantified(name, record.quantity)
                let grants = record.credit.flatMap { credit in record.creditAmount > 0 ? " (+\(count(record.creditAmount)) \(creditName(credit)) once delivered)" : nil } ?? ""
                return "Bought \(bought)\(grants) on \(record.purchaseDevice); not delivered yet: the transaction is unfinished and "
                    + "`storefront deliver-unfinished` delivers it." + (proratedRefundText(record).map { " " + $0 + "." } ?? "")
            }
            // Several at once are named with what they cost together, the transaction's price.
            let bought = quantified(name, record.quantity)
                + (record.quantity > 1 ? record.price.map { " (\(format($0, currency: record.currency)) in all)" } ?? "" : "")
            if let credit = record.credit, record.creditAmount > 0 {
                let total = balance.map { ": \(words.nowHolds(count($0)))" } ?? ""
                // Credit names are plural nouns ("Rage Faces") with no singular form in the
                // catalog, so a grant of one is worded without putting "1" before the name.
                if record.creditAmount == 1 { return "\(bought) added 1 to \(words.possessive) \(creditName(credit))\(total)." }
                return "Added \(count(record.creditAmount)) \(creditName(credit)) with \(bought)\(total)."
            }
            switch record.productType {
            case .consumable: return "Bought \(bought)."
            case .nonConsumable: return "Unlocked \(name)."
            case .autoRenewable:
                let switched = record.replaces == nil ? "Subscribed to" : "Switched to"
                return "\(switched) \(name)\(heldTerms(of: record)).\(proratedRefundText(record).map { " " + $0 + "." } ?? "")"
            case .nonRenewing:
                return "Bought \(name)\(heldTerms(of: record))."
            case .freeSubscription: return "Subscribed to \(name) (free)."
            }
        case let .alreadyOwned(record, deliveredHere):
            if !record.finished, !deliveredHere {
                // The device named in the command: the one it waits on, whichever device asked.
                return "\(words.subject) already bought \(name) on \(record.purchaseDevice) and it is waiting to be delivered there: "
                    + "run `storefront deliver-unfinished --device \(ShellWord.quoted(record.purchaseDevice))` (elsewhere, restore "
                    + "purchases). Nothing was charged."
            }
            let what = record.productType == .nonConsumable ? "\(words.subject) already \(words.owns) \(name)"
                : "\(words.subject) \(words.are) already subscribed to \(name)"
            return deliveredHere ? "\(what); nothing was charged." : "\(what) on another device; restore purchases (`storefront restore`, or r in the storefront) to get it here. Nothing was charged."
        case .cancelled:
            return "Purchase of \(name) cancelled; nothing was charged."
        case let .failed(record):
            return "Purchase of \(name) failed: \(record.failureReason ?? "unknown reason"); nothing was charged."
        case let .refused(refusal):
            return message(for: refusal, name: name, owner: owner)
        case let .pending(record):
            let name = quantified(name, record.quantity)
            return "Asked to buy \(name): the request waits for a parent's approval (Ask to Buy). Nothing is charged until then."
        case let .needsAction(record):
            let name = quantified(name, record.quantity)
            return "The purchase of \(name) was interrupted and needs \(words.possessive) action; resolve it to complete the purchase "
                + "(`storefront resolve \(record.id)`, or C on the storefront's transactions screen, t)."
        case let .renewalResumed(record, droppedSwitchTo):
            let renews = record.expiresDate.map { " it renews on \(date($0))" } ?? " it renews at the end of the period"
            guard let droppedSwitchTo else { return "Auto-renew is on again for \(name):\(renews); nothing was charged now." }
            let dropped = catalog.product(id: droppedSwitchTo).map(title(of:)) ?? droppedSwitchTo
            return "You stay on \(name): the switch to \(dropped) is cancelled and\(renews); nothing was charged now."
        case let .changeScheduled(productID, from, effective, turnedRenewalOn, alreadyScheduled):
            let target = catalog.product(id: productID).map(title(of:)) ?? productID
            let current = catalog.product(id: from).map(title(of:)) ?? from
            let renewal = turnedRenewalOn ? "Auto-renew is on again: " : alreadyScheduled ? "Already scheduled, nothing changed: " : ""
            guard let effective else {
                return "\(renewal)\(current) has a billing problem: it switches to \(target) once billing is resolved; until then nothing changes."
            }
            return "\(renewal)\(current) switches to \(target) at its next renewal on \(date(effective)); until then nothing changes."
        }
    }

    /// `message`, said of `outcome` of settling a waiting transaction (approving a request,
    /// resolving an interrupted purchase) for `viewer`, followed by what it leaves to know: a
    /// refused one still waits (`waiting`, the transaction as it stands now); a product
    /// completed for the viewer's account on another device goes to that device, and this one
    /// restores it where it must (`restoreNeededHere`: the viewer's status of it is "restore to
    /// unlock"; credits are the account's, and a pass already running here needs none); one closed because the
    /// account has the product already is said to be closed, unless `closureSaid` (an
    /// approval's words say it).
    public func settling(_ message: String, outcome: PurchaseOutcome, waiting: TransactionRecord?, viewer: Buyer,
                         restoreNeededHere: Bool, closureSaid: Bool = false) -> String {
        switch outcome {
        case .alreadyOwned where !closureSaid && waiting?.state == .declined:
            message + " The purchase that waited, transaction \(waiting?.id ?? ""), is closed (listed declined)."
        case .refused(.beginsAfterStoreTimeStops):
            // No later moment lets it through: store time goes no further.
            switch waiting?.state {
            case .pending: message + " The request still waits for a parent (transaction \(waiting?.id ?? "")) and can never be approved: decline it."
            case .needsAction: message + " The interrupted purchase still waits (transaction \(waiting?.id ?? "")) and can never be completed."
            default: message
            }
        case .refused:
            switch waiting?.state {
            case .pending: message + " The request still waits for a parent (transaction \(waiting?.id ?? "")): approve it again after that."
            case .needsAction: message + " The interrupted purchase still waits (transaction \(waiting?.id ?? "")): complete it again after that."
            default: message
            }
        case let .purchased(record) where restoreNeededHere && record.account == viewer.account && record.purchaseDevice != viewer.device:
            message + " It goes to \(record.purchaseDevice), the device it was bought on; restore purchases on \(viewer.device) (`storefront restore`, or r in the storefront) to get it there."
        default:
            message
        }
    }

    /// `owner`: the account refused when it is not the reader's own (see `message(for:product:…)`).
    func message(for refusal: PurchaseRefusal, name: String, owner: String? = nil) -> String {
        // One line: it may echo what was typed (a product or offer id).
        EchoedText.oneLine(sentence(for: refusal, name: name, owner: PurchaseOwnerWords(owner: owner)))
    }

    private func sentence(for refusal: PurchaseRefusal, name: String, owner words: PurchaseOwnerWords) -> String {
        switch refusal {
        case let .purchasesDisallowed(device):
            "Purchases are disabled on this device (\(device)); allow them with `storefront settings set purchases-allowed true` or in Settings."
        case let .notSoldHere(_, code):
            "\(name) is not sold in \(countryName(code)); choose another storefront."
        case let .unknownProduct(id):
            "There is no product \"\(EchoedText.cut(id))\" in this catalog; `storefront products` lists them."
        case let .overMaximum(credit, maximum, balance, adding, undelivered, undeliveredOn):
            // The balance after the name: credit names are plural, and "you have 1 Rage Faces" read wrong.
            "Refused: the balance of \(creditName(credit)) is \(count(balance))"
                + (undelivered > 0 ? " counting \(count(undelivered)) bought and not delivered yet (`storefront deliver-unfinished"
                    + (undeliveredOn.map { " --device \(ShellWord.quoted($0))" } ?? "") + "`"
                    + (undeliveredOn == nil ? " on the devices they were bought on" : "") + ")" : "")
                + ", and at most \(count(maximum)) may be held; \(count(adding)) more would go over it. Nothing was charged. "
                + makingRoom(adding: adding, maximum: maximum, balance: balance, of: credit, spendable: balance - undelivered)
        case let .invalidQuantity(quantity, type):
            type == .consumable
                ? "A quantity of \(quantity) is not allowed; buy 1 to \(Store.maximumQuantity) at a time."
                : "Only consumables can be bought in a quantity other than 1."
        case let .unknownOffer(_, offerID):
            "\(name) has no promotional offer \"\(EchoedText.cut(offerID))\"; `storefront products` lists the offers."
        case let .offerNotEligible(offerID):
            "The promotional offer \(offerID) is for current and past subscribers; subscribe first."
        case let .requestAlreadyWaiting(id, quantity):
            "A request to buy \(quantified(name, quantity)) already waits for a parent's approval (transaction \(id)); a parent approves or "
                + "declines it first (`storefront approve \(id)` or `storefront decline \(id)`, or A or D on the storefront's transactions "
                + "screen, t). Nothing was charged."
        case let .interruptedPurchaseWaits(id, quantity):
            "The purchase of \(quantified(name, quantity)) was interrupted and waits for \(words.possessive) action (transaction \(id)); complete it first "
                + "(`storefront resolve \(id)`, or C on the storefront's transactions screen, t). Nothing was charged."
        // With renewal off, billing is not tried again: turning it on comes first.
        case let .billingProblem(productID, graceUntil, true):
            "\(words.possessiveAtStart) subscription to \(name) has a billing problem"
                + (graceUntil.map { " (access until \(date($0)), then it ends)" } ?? " (no access)")
                + " and its auto-renew is off; buying it again would not help. To keep it, turn auto-renew on "
                + "(`storefront resume-renewal \(productID)`, U on the transactions screen), then fix the billing."
        case let .billingProblem(productID, graceUntil, false):
            "\(words.possessiveAtStart) subscription to \(name) has a billing problem"
                + (graceUntil.map { " (access until \(date($0)))" } ?? " (no access until it is fixed)")
                + "; buying it again would not help. Fix the billing: `storefront resolve-billing \(productID)` (B on the transactions screen)."
        case let .offerSignature(refusal):
            message(for: refusal)
        case let .chargeChanged(_, shown, now, currency):
            "What buying \(name) costs changed while it was being confirmed: \(format(now, currency: currency)) would be due now, "
                + (shown == 0 ? "where nothing was to be charged now" : "where \(format(shown, currency: currency)) was shown")
                + " (the store changed meanwhile, on another device or in another shell). Nothing was charged; look at what it costs now and buy again."
        case let .upgradeInOtherCurrency(_, current, currentCurrency, currentStorefront):
            "\(catalog.product(id: current).map(title(of:)) ?? current) was paid in \(currentCurrency), and an upgrade refunds "
                + "its unused part in that currency: buy \(name) in a storefront that charges \(currentCurrency)"
                + (currentStorefront.map { " (\(countryName($0)), `--storefront \($0)`, or l in the storefront)" } ?? "")
                + ". Nothing was charged."
        case let .planEffectChanged(_, shownStartingNow):
            "What buying \(name) does changed while it was being confirmed: it was shown "
                + (shownStartingNow ? "starting now, and it would now change the account's plan at its next renewal instead"
                                    : "changing what renews, and it would now take effect at once instead, as a new subscription or an upgrade")
                + " (the account's subscription changed meanwhile, on another device or in another shell). Nothing was charged; "
                + "look again and buy if you still want it."
        case let .upgradeChanged(_, shownFrom, nowFrom):
            "What buying \(name) does changed while it was being confirmed: its sheet "
                + (shownFrom.map { "said it replaces \(title(ofProductID: $0)) at once, as an upgrade" } ?? "named no plan it replaces, as a new subscription")
                + ", and it would now " + (nowFrom.map { "replace \(title(ofProductID: $0)) at once, as an upgrade" } ?? "start a new subscription")
                + ": the account's subscription changed meanwhile, on another device or in another shell. Nothing was charged; "
                + "look again and buy if you still want it."
        case let .upgradeRefundChanged(_, from, refund, currency):
            "What buying \(name) does changed while it was being confirmed: it was shown refunding nothing of "
                + "\(title(ofProductID: from)), and it would now refund \(format(refund, currency: currency)) of it (its billing was "
                + "resolved or it renewed meanwhile, on another device or in another shell). Nothing was charged; "
                + "look again and buy if you still want it."
        case let .renewalDateChanged(_, shown, now):
            "What buying \(name) does changed while it was being confirmed: it was shown taking effect when the current period "
                + "ends, on " + Self.apart(shown, from: now, in: self)
                + " (the subscription renewed meanwhile, on another device or in another shell). Nothing was changed; "
                + "look again and buy if you still want it."
        case let .beginsAfterStoreTimeStops(_, start):
            "\(name) bought now would begin on \(date(start)), when the one running ends, and store time stops on "
                + "\(date(Store.latestStoreTime)), so it would never begin. Nothing was charged."
        case let .currentPlanUnknown(_, current):
            "Your subscription in this group is on \(EchoedText.cut(current)), a plan this catalog does not have, so whether "
                + "\(name) would replace it now or at its renewal cannot be told. Nothing was charged; buy it with the catalog "
                + "that has \(EchoedText.cut(current)) (--catalog)."
        case .changedSinceShown:
            "\(name) changed before this was stored: it was shown as yours (or its switch as scheduled), and buying it now would "
                + "change the store (another device or shell changed it meanwhile). Nothing was done; look again and buy if you still want it."
        }
    }

    /// What makes room under a credit's maximum for `adding` more: spending what goes over it,
    /// once `spendable` (the balance less what waits to be delivered, which cannot be spent
    /// yet) allows it; else delivering those first (the sentence before says how). Nothing does
    /// where `adding` alone is more than the maximum.
    private func makingRoom(adding: Int, maximum: Int, balance: Int, of credit: String, spendable: Int) -> String {
        guard adding <= maximum else { return "No balance can take \(count(adding)) at once; buy fewer, or a smaller pack." }
        let needed = balance + adding - maximum
        // The command's amount stays plain digits: it is typed, not read.
        let spend = "`storefront spend \(ShellWord.quoted(credit)) --amount \(needed)`, or u in the storefront"
        return needed <= spendable ? "Spend at least \(count(needed)) first (\(spend))."
            : "Deliver those first, then spend at least \(count(needed)) (\(spend))."
    }

    /// "`shown`, and that period now ends on `now`", with times of day where the dates alone read
    /// alike (a store time running fast renews within a day). Whether it then renews is not said:
    /// auto-renew may be off.
    private static func apart(_ shown: Date, from now: Date?, in text: StoreText) -> String {
        guard let now else { return "\(text.date(shown)), and it has no such period any more" }
        let sameDay = text.date(shown) == text.date(now)
        let word = sameDay ? text.dateTime : text.date
        return "\(word(shown)), and that period now ends on \(word(now))"
    }

    /// The unused part of the old plan refunded on an upgrade, e.g. "$1.23 of the previous
    /// plan refunded pro rata"; nil when the transaction replaced nothing.
    public func proratedRefundText(_ record: TransactionRecord) -> String? {
        guard let amount = record.proratedRefundGiven, amount > 0 else { return nil }
        return "\(format(amount, currency: record.currency)) refunded pro rata for the unused part of the previous plan"
    }

    /// What replaced a plan of `productID` at once with `replacementProductID`'s: a crossgrade
    /// where that plan is of the same level, else an upgrade (also when the replacement is not known).
    public func planChange(from productID: String, to replacementProductID: String?) -> ImmediatePlanChange {
        replacementProductID.map { PlanChange.isCrossgrade(from: productID, to: $0, in: catalog) } == true ? .crossgrade : .upgrade
    }

    /// On a refunded plan that an upgrade (or crossgrade) had replaced, what its refund gave back and what had
    /// come back at the upgrade, e.g. "$0.29 refunded; $2.70 of its price came back at the upgrade that replaced it";
    /// nil for any other transaction, whose refund gave back its price.
    public func refundedAfterUpgradeText(_ record: TransactionRecord, replacement: TransactionRecord?,
                                         money: (moneyBack: Decimal?, cameBackAtUpgrade: Decimal?)) -> String? {
        guard record.state == .refunded, let moneyBack = money.moneyBack, let atUpgrade = money.cameBackAtUpgrade else { return nil }
        return "\(format(moneyBack, currency: record.currency)) refunded; \(format(atUpgrade, currency: record.currency)) of its "
            + "price came back at the \(planChange(from: record.productID, to: replacement?.productID).rawValue) that replaced it"
    }

    /// The same, short enough for the storefront's line under its transactions:
    /// "refunded $0.29 of $2.99 ($2.70 at the upgrade)".
    public func refundedOfPriceText(_ record: TransactionRecord, replacement: TransactionRecord?,
                                    money: (moneyBack: Decimal?, cameBackAtUpgrade: Decimal?)) -> String? {
        guard record.state == .refunded, let moneyBack = money.moneyBack, let atUpgrade = money.cameBackAtUpgrade,
              let price = record.price else { return nil }
        return "refunded \(format(moneyBack, currency: record.currency)) of \(format(price, currency: record.currency)) "
            + "(\(format(atUpgrade, currency: record.currency)) at the \(planChange(from: record.productID, to: replacement?.productID).rawValue))"
    }

    /// A plan an upgrade replaced, not refunded: "replaced by an upgrade (transaction …)"; "by a
    /// crossgrade" where `replacement`'s plan is of the same level (which also takes effect at once).
    public func replacedText(_ record: TransactionRecord, replacement: TransactionRecord? = nil) -> String? {
        guard record.state == .purchased, let replacedBy = record.replacedBy else { return nil }
        return "replaced by \(planChange(from: record.productID, to: replacement?.productID).withArticle) (transaction \(replacedBy))"
    }

    /// A period running or paid ahead when the refund of a later period revoked its
    /// subscription, itself neither refunded nor replaced: "revoked Jan 5, 2027 at 3:04 PM with
    /// its subscription, by the refund of a later period". Its access ended then, as its signed
    /// transaction, `verify-transaction` and receipts say; its money stays paid until refunded.
    public func revokedWithSubscriptionText(at revoked: Date) -> String {
        "revoked \(dateTime(revoked)) with its subscription, by the refund of a later period"
    }

    /// A period paid ahead whose subscription ended (an `expire`) before it began, not refunded:
    /// "never begins: its subscription ended Jan 5, 2027 at 3:04 PM, before it; its money stays paid until refunded".
    /// One an upgrade replaced had its money back then, which its other note says.
    public func neverBeginsText(subscriptionEnded ended: Date, replaced: Bool = false) -> String {
        "never begins: its subscription ended \(dateTime(ended)), before it" + (replaced ? "" : "; its money stays paid until refunded")
    }

    /// The storefront's short words for the same: "never begins (ended Jan 5, 2027)".
    public func neverBeginsShortText(subscriptionEnded ended: Date) -> String {
        "never begins (ended \(date(ended)))"
    }

    /// The storefront's short words for the same: "revoked Jan 5, 2027 with its subscription".
    public func revokedWithSubscriptionShortText(at revoked: Date) -> String {
        "revoked \(date(revoked)) with its subscription"
    }

    /// The storefront's short words for what an upgrade gave back of the plan it replaced:
    /// "$2.70 of the previous plan refunded".
    public func proratedRefundShortText(_ record: TransactionRecord) -> String? {
        guard let amount = record.proratedRefundGiven, amount > 0 else { return nil }
        return "\(format(amount, currency: record.currency)) of the previous plan refunded"
    }

    /// How long a subscription period or pass bought holds, after its name: " (free trial) until
    /// Dec 14, 2026", " with the promotional offer X until …", "; active until …" for a pass;
    /// empty for anything else.
    public func heldTerms(of record: TransactionRecord) -> String {
        switch record.productType {
        case .autoRenewable:
            let offer: String = switch record.offer {
            case .introductory(.freeTrial): " (free trial)"
            case let .promotional(id): " with the promotional offer \(id)"
            case .introductory, nil: ""
            }
            return offer + (record.expiresDate.map { " until \(date($0))" } ?? "")
        case .nonRenewing: return "; active until \(record.expiresDate.map(date) ?? "-")"
        case .consumable, .nonConsumable, .freeSubscription: return ""
        }
    }

    /// What a restore brought back, e.g. "Restored 2 purchases: Remove Ads, Nightly Rage."
    public func message(for result: RestoreResult) -> String {
        let names = result.restored.map { record in
            title(ofProductID: record.productID)
                + (result.withoutAccess.contains(record.id) ? " (in billing retry: no access until billing is resolved)" : "")
        }
        var text = names.isEmpty ? "Nothing to restore."
            : "Restored \(names.count) purchase\(names.count == 1 ? "" : "s"): \(names.joined(separator: ", "))."
        if result.skippedConsumables { text += " Consumables are never restored." }
        return text
    }
}
