import StoreCatalog
import StoreEngine

/// The sentences the storefront's screens and its runtime show: alert titles and messages,
/// built from typed arguments, so no screen or runtime composes English of its own.
public enum StorefrontScreenText {
    // MARK: Titles

    /// The title of the alert after a purchase attempt.
    public static let cancelledTitle = "Purchase cancelled"

    /// A payment sheet cancelled while the store would have refused the purchase anyway.
    public static func cancelledNothingRecorded(_ name: String) -> String {
        "Purchase of \(name) cancelled; nothing was charged or recorded."
    }

    /// The title of a purchase's outcome; `settling` says it settled a waiting one (`A`, `C`):
    /// a request approved or closed, a purchase completed, or, refused, a request not approved
    /// or a purchase not completed.
    public static func purchaseTitle(_ outcome: PurchaseOutcome, settling: TransactionState? = nil) -> String {
        switch (outcome, settling) {
        case (.refused, .pending?): return "Request not approved"
        case (.refused, .needsAction?): return "Purchase not completed"
        case (.purchased, .pending?): return requestApprovedTitle
        case (.purchased, .needsAction?): return purchaseCompletedTitle
        case (.alreadyOwned, .pending?): return requestClosedTitle
        default: break
        }
        return switch outcome {
        case .purchased: "Purchase complete"
        case .alreadyOwned: "Already yours"
        case .cancelled: cancelledTitle
        case .failed: "Purchase failed"
        case .refused: "Purchase refused"
        case .pending: "Asked to buy"
        case .needsAction: "Purchase interrupted"
        case .changeScheduled: "Plan change scheduled"
        case .renewalResumed(_, droppedSwitchTo: nil): "Auto-renew on"
        case .renewalResumed: "Plan kept"
        }
    }

    /// On the spend screen while the store is read-only, in place of the keys that would change it.
    public static let spendScreenReadOnly = "Read-only: nothing can be used or bought now (Esc: the banner says why)"

    public static let restoreTitle = "Restore purchases"
    public static let refundTitle = "Refund complete"
    public static let failureTitle = "Could not complete"
    /// The store refused a question's Enter because what it asked changed while it was open.
    public static let questionOutdatedTitle = "Changed meanwhile"

    /// Why renewing ahead is refused where the next period would begin once store time stopped.
    public static func renewalAfterStoreTimeStops(_ name: String, start: String, stops: String) -> String {
        "\(name)'s next period would begin on \(start), when the one paid for ends, and store time stops on \(stops), "
            + "so it would never begin: it cannot be renewed ahead. Nothing was charged."
    }
    public static let subscriptionTitle = "Subscription"
    public static let notSoldTitle = "Not available"
    public static let readOnlyTitle = "Read-only"
    public static let notPossibleTitle = "Not possible"
    public static let tornTailTitle = "Incomplete line moved aside"
    public static let unfinishedDeliveredTitle = "Unfinished purchases"
    public static let requestApprovedTitle = "Request approved"
    public static let purchaseCompletedTitle = "Purchase completed"
    public static let requestClosedTitle = "Request closed"
    public static let requestDeclinedTitle = "Request declined"

    // MARK: Messages

    /// A failure's words as an alert shows them: the store's errors are worded for a command's
    /// `storefront: …` line, which starts in lower case and ends without a full stop; an alert
    /// shows them as a sentence.
    public static func failure(_ message: String) -> String {
        guard let first = message.first else { return message }
        let capitalized = first.uppercased() + message.dropFirst()
        return capitalized.last.map { ".!?".contains($0) } == true ? capitalized : capitalized + "."
    }

    /// A torn last line moved aside, as the ledger's report describes it.
    public static func tornTail(_ report: String) -> String { "\(report)." }

    /// The title of several announcements shown together: "3 purchases settled".
    public static func purchasesSettledTitle(_ count: Int) -> String { "\(count) purchases settled" }

    /// Under the latest announcements, how many earlier ones the box leaves out.
    public static func earlierSettled(_ count: Int) -> String {
        "\(count) earlier \(count == 1 ? "one is" : "ones are") on the transactions screen (t)."
    }

    /// A parent's approval that arrived while the buyer waited.
    /// `addsCredit`: what it bought is a credit, whose grant is said after it ("it is yours"
    /// would read wrong of a pack of faces).
    /// `held`: how long a subscription period or pass holds (`StoreText.heldTerms(of:)`), said
    /// as the command line says it.
    public static func requestApproved(name: String, addsCredit: Bool = false, held: String = "") -> String {
        "Your request to buy \(name) was approved" + (addsCredit ? "." : "; it is yours\(held).")
    }

    /// An interrupted purchase completed elsewhere.
    public static func purchaseCompleted(name: String, addsCredit: Bool = false, held: String = "") -> String {
        addsCredit ? "Your purchase of \(name) was completed." : "\(name) is yours\(held)."
    }

    /// What a delivered purchase added to a credit: " +5 Rage Faces: you have 10."
    public static func creditAdded(_ amount: Int, creditName: String, balance: Int, text: StoreText) -> String {
        " +\(text.count(amount)) \(creditName): you have \(text.count(balance))."
    }

    /// A request the store closed because it became moot (`reason` as the store records it).
    public static func requestClosed(name: String, reason: String) -> String { "Your request to buy \(name) was \(reason)." }

    /// A parent's decline, seen by the buyer who asked.
    public static func yourRequestDeclined(name: String) -> String {
        "Your request to buy \(name) was declined; nothing was charged."
    }

    /// A decline made from this storefront's transactions screen.
    public static func requestDeclined(name: String) -> String {
        "The request to buy \(name) was declined; nothing was charged."
    }

    /// A free subscription left.
    public static func unsubscribed(name: String) -> String { "Unsubscribed from \(name)." }

    /// The catalog has no consumable credit to spend.
    public static let nothingToUse = (title: "Nothing to use", message: "This catalog has no credits to spend.")

    /// Enter on a product whose interrupted purchase waits for the buyer: completing it, not a
    /// second purchase, is what brings the product.
    public static func interruptedPurchaseWaits(_ name: String, transactionID: String) -> (title: String, message: String) {
        ("Needs your action", "The purchase of \(name) was interrupted and waits for you (transaction \(transactionID)): "
            + "C on the transactions screen (t) completes it; nothing was charged.")
    }

    /// A payment sheet that would have turned auto-renew back on closed because another process
    /// turned it on: `name` renews again, or, when `switchingFrom` names the plan running now,
    /// the switch to `name` at its renewal (or once its billing is resolved) is scheduled again.
    public static func sheetClosedAutoRenewOnElsewhere(_ name: String, switchingFrom: String?,
                                                       onceBillingResolved: Bool = false) -> (title: String, message: String) {
        let when = onceBillingResolved ? "once its billing is resolved" : "at its renewal"
        let now = switchingFrom.map { "\($0) switches to \(name) \(when) again" } ?? "\(name) renews again"
        return ("Auto-renew is on", "Auto-renew was turned back on elsewhere while this sheet was open, so \(now); "
            + "the sheet closed and nothing was charged here.")
    }

    /// A payment sheet closed because another process scheduled a switch to its plan: it is
    /// not bought, and comes at the renewal of the plan running now.
    public static func sheetClosedSwitchScheduledElsewhere(_ name: String) -> (title: String, message: String) {
        ("Switch scheduled", "A switch to \(name) was scheduled elsewhere while its payment sheet was open; it comes at the "
            + "renewal of the plan running now. The sheet closed and nothing was charged here.")
    }

    /// A payment sheet closed because the product became the account's while it was open
    /// (bought on another device or by another process): nothing was bought here.
    public static func sheetClosedAlreadyYours(_ name: String) -> (title: String, message: String) {
        ("Already yours", "\(name) became yours while its payment sheet was open (bought elsewhere); the sheet closed and nothing was charged here.")
    }

    /// A question closed because its transaction changed while it was open, so what it asked
    /// no longer applies (refunded elsewhere, renewal already off, renewed as store time passed):
    /// the title names no cause, which may be another process or the store's own clock.
    public static func questionClosedNoLongerApplies(_ action: String, transactionID: String, state: String) -> (title: String, message: String) {
        ("No longer applies", "Transaction \(transactionID) changed while this question was open (it is \(state) now), "
            + "so \(action) no longer applies; the question closed and nothing was done here.")
    }

    /// A transaction action pressed on a transaction it does not fit, naming the keys that do
    /// ("U resume renewal"): the alert covers the footer that lists them.
    public static func actionDoesNotApply(_ action: String, transactionID: String, state: String, applying: [String]) -> String {
        "\(action.prefix(1).uppercased() + action.dropFirst()) does not apply to transaction \(transactionID) (\(state)). "
            + (applying.isEmpty ? "No key changes it." : "Keys that apply to it: \(applying.joined(separator: ", ")).")
    }

    /// Why the store cannot be changed: a problem of the entitlements file, and how many more there are.
    public static func ledgerProblem(_ problem: String, more: Int) -> String {
        let others = more > 0 ? " (and \(more) more)" : ""
        return "The entitlements file has a problem: \(leavingLongCommandsToVerify(problem))\(others). Nothing can be bought "
            + "or spent; `storefront verify` tells more."
    }

    /// The longest advised command a banner shows; a longer one is left to `verify`.
    static let longestCommandShown = 60

    /// `words` with each advised command, "(`…`", longer than `longestCommandShown` left to
    /// `verify`: wrapped over a banner's rows it cannot be copied whole (a sed that finds its
    /// line holds a 64-digit MAC, an `mv` of a long path), where `verify` prints it on one line.
    /// What follows the command inside the parenthesis stays.
    static func leavingLongCommandsToVerify(_ words: String) -> String {
        var shown = ""
        var rest = words[...]
        while let open = rest.range(of: "(`"), let close = rest.range(of: "`", range: open.upperBound..<rest.endIndex) {
            shown += rest[..<open.lowerBound]
            let isLong = rest[open.upperBound..<close.lowerBound].count > longestCommandShown
            shown += isLong ? "(the command that `storefront verify` prints" : rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return shown + rest
    }

    /// The banner of a damaged database: `problem` in rows' words, which say what to do.
    public static func databaseProblem(_ store: ShownStoreAddress, problem: String, more: Int) -> String {
        let others = more > 0 ? " (and \(more) more)" : ""
        return "The store \(store) has a problem: \(problem)\(others). Nothing can be bought or spent; "
            + "\(StoreCommandText.command("verify", on: store)) lists the bad rows."
    }

    /// The banner while the store's server cannot be reached; the storefront keeps trying by itself.
    /// A session the server ended is not called unreachable: the server answered, and usually
    /// takes the reconnection at once.
    public static func storeUnreachable(reason: String) -> String {
        let loss = StoreUnreachable.endsSession(reason) ? "The store's server ended this session; reconnecting"
            : StoreUnreachable.namesConnectionLimit(reason) ? "The store's server, database or role takes no more connections now; retrying"
            // The server answered: the password (changed, or gone) is what keeps it out.
            : StoreUnreachable.namesRefusedPassword(reason) ? "The store's server refuses this user's password now; retrying"
            : "The store is unreachable; retrying"
        return "\(loss). Nothing can be bought, spent or changed until it is back (\(reason))."
    }

    /// The banner while the catch-up of renewals that fell due waits behind a session holding
    /// the store's writer lock; the storefront tries again every second. Short enough for the
    /// banner's two lines at 80 columns, so the store is not named: the storefront shows one store.
    public static func catchUpHeld(_ held: StoreWriterLockHeld) -> String {
        guard held.lockFile != nil else {
            return "Renewals due wait: another session has held the store's writer or table lock over \(held.waitedMilliseconds) ms "
                + "(pg_locks shows it). Retrying each second; changes wait too."
        }
        return "Renewals due wait: \(held.holder ?? "another process") has held the entitlements file's lock over "
            + "\(held.waitedMilliseconds) ms. Retrying each second; changes wait too."
    }

    /// Added to the spinner's words once the storefront was quit while a change was being
    /// stored: it waits for that change (which may wait for another session's lock).
    public static let quittingOnceItEnds = "(quitting once it ends)"

    /// Under the spinner once its change has waited over a second for the entitlements file's
    /// writer lock, as a command says on stderr: a wait on another process looks like a hang.
    /// Under the spinner once a change has waited a second at a PostgreSQL server for a lock
    /// another session holds; `sessions` as `CommandLineText.Report.waitingForStoreLock` takes them.
    public static func waitingForStoreLock(sessions: String?) -> String {
        "Waiting behind \(sessions ?? "another session") for a lock on the store"
    }

    public static func waitingForWriterLock(processID: Int32?, command: String?) -> String {
        "Waiting for \(CommandLineText.Report.lockHolder(processID: processID, command: command)), "
            + "which is changing the entitlements file"
    }

    /// The title and words of a change dropped by Esc, `q` or quitting while it still waited
    /// for the entitlements file's lock.
    public static let droppedTitle = "Cancelled"
    public static let dropped = "Cancelled " + droppedWhen
    private static let droppedWhen = "before it began: it was still waiting for the entitlements file's lock, so nothing "
        + "was sent to the store and nothing was recorded."

    /// Added to the spinner's words when Esc or `q` was pressed at the sheet whose change is
    /// being stored, until it is known whether the change had begun: one still waiting for the
    /// entitlements file's lock a second on is dropped.
    public static let cancellingIfNotBegun = "(dropped if it waits for the lock)"

    /// Added to the spinner's words when Esc or `q` was pressed at the sheet whose change is
    /// being stored: the change goes on, and its result says how to take it back.
    public static let tooLateToCancel = "(too late to cancel)"

    /// The titles of a spend's outcome when it is said after quitting.
    public static func spentTitle(_ creditName: String) -> String { "\(creditName) used" }
    public static func notEnoughTitle(_ creditName: String) -> String { "Not enough \(creditName)" }

    /// A use on the spend screen refused because the balance it showed was spent elsewhere
    /// while the use was on its way.
    public static func spentElsewhere(_ creditName: String, have balance: Int, text: StoreText) -> String {
        "Another process used these \(creditName) while this use was on its way: you have \(text.count(balance)) now, "
            + "and nothing was spent here. " + (balance == 0 ? "Enter on the spend screen buys more." : "Space uses one.")
    }

    /// Said on standard error after the storefront quit (Ctrl-C) while a change was being
    /// stored: the change's outcome, which the screen closed before showing.
    public static func outcomeAfterQuitting(title: String, message: String) -> String {
        // A change dropped on quitting did not end: it never began, as its own words say.
        if title == droppedTitle, message == dropped { return "the change under way when you quit was cancelled " + droppedWhen }
        return "the change under way when you quit ended before the storefront closed: \(title). \(message)"
    }

    /// A renewal as a question shows it: the plan's name, the amount, and the period's first and last day.
    public typealias RenewalTerms = (plan: String, amount: String, from: String, to: String)

    /// The store refused a renew-now question's Enter: renewing would be `now`, not the `shown` renewal.
    /// `autoRenewTurnedOn`: with the same charge, what changed is whether it renews after that
    /// period (nil when that did not change either).
    public static func renewalChangedSinceShown(shown: RenewalTerms, now: RenewalTerms, autoRenewTurnedOn: Bool? = nil,
                                                fixingBilling: Bool = false) -> String {
        let said = { (terms: RenewalTerms) in "\(terms.amount) for \(terms.plan) from \(terms.from) to \(terms.to)" }
        let again = fixingBilling ? "fix the billing if you still want to." : "renew if you still want to."
        if said(now) == said(shown), let autoRenewTurnedOn {
            return "Auto-renew was turned \(autoRenewTurnedOn ? "on" : "off") while the question was open (on another device or "
                + "in another shell), so the subscription would \(autoRenewTurnedOn ? "go on renewing" : "end") after the period "
                + "charged, not as the question said. Nothing was charged; look at it again and \(again)"
        }
        return "\(fixingBilling ? "Fixing the billing now" : "Renewing now") would charge \(said(now)), not \(said(shown)) as the "
            + "question said: the subscription changed while it was open (on another device, in another shell, or as store time "
            + "passed). Nothing was charged; look at it again and \(again)"
    }

    /// An expire question confirmed after the switch it named (or its having none) changed elsewhere.
    public static func switchChangedSinceShown(_ plan: String, shown: String?, now: String?) -> String {
        let change = now.map { "ending it now would also cancel the switch to \($0), which the question did not name" }
            ?? "the switch to \(shown ?? "another plan") that the question named was dropped"
        return "The switch scheduled for the renewal of \(plan) changed while the question was open (on another device or in "
            + "another shell): \(change). Nothing was done; look at it again and expire it if you still want to."
    }

    /// A change of a subscription that ended elsewhere (expired, refunded) before it reached the store.
    public static func subscriptionEndedMeanwhile(_ plan: String, state: String) -> String {
        "\(plan) is \(state) now: it ended meanwhile (on another device, in another shell, or as store time passed), so it "
            + "cannot be changed any more. Nothing was done here; buy it again to subscribe anew."
    }

    /// A fix-billing question confirmed after auto-renew was turned off elsewhere.
    public static func autoRenewTurnedOffMeanwhile(_ plan: String) -> String {
        "Auto-renew of \(plan) was turned off meanwhile (on another device or in another shell), so its billing is not tried "
            + "again and nothing was charged. To fix the billing, turn auto-renew on (U), then fix it (B)."
    }

    /// A fix-billing question whose billing problem was resolved elsewhere while it was open.
    public static func billingFixedElsewhere(_ plan: String) -> String {
        "The billing of \(plan) was fixed while this question was open (on another device or in another shell), so there "
            + "is no billing problem left to fix; the question closed and nothing was charged here."
    }

    /// The store refused an expire or cancel-renewal question's Enter: the subscription renewed
    /// or changed plan while it was open.
    public static func subscriptionChangedSinceShown(_ plan: String, change: SentChange) -> String {
        let (notDone, doIt) = change == .expire ? ("it was not ended", "expire it")
                                                : ("its renewal was not turned off", "cancel its renewal")
        return "\(plan) renewed or changed plan while the question was open (on another device, in another shell, or as store "
            + "time passed), so \(notDone): the question was asked of the subscription as it stood before. Nothing was done; look at it "
            + "again and \(doIt) if you still want to."
    }

    /// The store refused a refund question's Enter because its transaction changed since the
    /// question: `replacedBy` an upgrade or crossgrade, or else (nil) what refunding it does
    /// changed (a period paid ahead, a pass bought, a refund among the transactions it depends on).
    public static func transactionChangedSinceShown(_ transactionID: String, replacedBy change: ImmediatePlanChange?) -> String {
        let what = change.map { "was replaced by \($0.withArticle) while the question was open (on another device or in another "
            + "shell), which refunded the unused part of it" }
            ?? ("changed while the question was open: a period or pass of it was bought or refunded on another device or in "
                + "another shell, which changes what refunding it does")
        return "Transaction \(transactionID) \(what), so it was not refunded: the question did not say that. Nothing "
            + "was done; look at it again and refund it if you still want to."
    }

    /// A change a sheet sent to the store, which Esc pressed while it was being stored could not stop.
    public enum SentChange: Sendable {
        case purchase, refund, cancelRenewal, renewNow, expire, restore
    }

    /// Said after a change's result when Esc (or `q`) was pressed while it was being stored:
    /// the key came too late to stop it, and what undoes it. Not named, as either key cancels.
    public static func backedOutTooLate(_ change: SentChange) -> String {
        switch change {
        case .purchase:
            "Cancelling came too late: the purchase had been sent to the store. To take it back, refund it (t, then R)."
        case .refund:
            "Cancelling came too late: the refund had been sent to the store, and a refund cannot be taken back."
        case .cancelRenewal:
            "Cancelling came too late: the cancel had been sent to the store. To renew again, resume it (t, then U)."
        case .renewNow:
            "Cancelling came too late: the renewal had been sent to the store. To take it back, refund it (R on its transaction)."
        case .expire:
            "Cancelling came too late: the subscription had been ended. To have it again, buy it again."
        case .restore:
            "Cancelling came too late: the restore had been sent to the store (a restore charges nothing; it only brings "
                + "the account's purchases to this device)."
        }
    }

    /// The title of the notice that the account's history holds what the catalog does not name.
    public static let notInThisCatalogTitle = "Not in this catalog"
    /// The notice's title when the address gives no database and the role's own holds no store.
    public static let noStoreHereTitle = "No store in this database"

    /// The notice a storefront opens with when a locale it was given is unknown (see
    /// `LocaleChoice`): the same warning is on standard error, which the screen hides until it
    /// closes. `skipped` names each, as `--locale "xx"` or `LANG="xx"`.
    public static let localeSetAsideTitle = "Locale not known"
    public static func localesSetAside(_ skipped: [String], using locale: String) -> String {
        let list = skipped.count == 1 ? skipped[0] : skipped.dropLast().joined(separator: ", ") + " and " + (skipped.last ?? "")
        let verb = skipped.count == 1 ? "is not a locale" : "are not locales"
        return "\(list) \(verb) Storefront knows (language_REGION, e.g. de_DE or pt_BR), so prices and dates show in "
            + "\(locale)."
    }

    /// Said once when the storefront starts while the store's server cannot take it yet.
    public static func waitingForServer(seconds: Int) -> String {
        "waiting for the store's server; trying again every \(seconds) s until it takes the storefront (Ctrl-C leaves)"
    }

    /// What a storefront's start says on standard error when opening its store takes over
    /// `seconds`, before any screen shows: a database's server may be slow or far away, or
    /// another session may hold a lock on its tables; a file may be a long history read whole.
    public static func stillOpening(database address: String?, file path: String, seconds: Int) -> String {
        guard let address else {
            return "still reading \(path) after \(seconds) s: a long history is read whole until a checkpoint of it is saved"
        }
        return "still opening the store \(address) after \(seconds) s: waiting for its server to answer (given up once "
            + "connect_timeout, 10 s unless set, has passed twice for each address of its host), or for a lock on its tables that another session "
            + "holds (pg_locks shows it; the wait ends at lock_timeout, 10 s unless set)"
    }

    /// The banner while the store answers but refuses to be read; the storefront keeps trying by itself.
    public static func storeRefusesReading(reason: String) -> String {
        // Short before the reason, which says what mends it and must fit the banner's three lines.
        "The store cannot be read; retrying: \(reason)."
    }

    /// The storefront opened read-only because the catch-up of due renewals could not be written.
    /// Why the transaction detail will show no App Store Server Notifications this time.
    public static func notificationsUnavailable(reason: String) -> String {
        "the transaction detail shows no notifications (\(reason)); `storefront notifications` says more."
    }

    /// Why the storefront on a database opens read-only: `reason` names the privilege the role lacks.
    public static func storeCannotBeWritten(_ store: String, reason: String) -> String {
        // `reason` says what mends it (the GRANT, the setting to turn off, who makes the tables).
        // Short after the reason, so a banner of three rows at 100 columns holds it whole.
        "The store \(store) cannot be written (\(reason)), so nothing can be bought, spent or changed; due renewals and "
            + "expiries show but are not recorded."
    }

    /// The banner for a write the store refused, in the words of the medium that refused it.
    public static func cannotWrite(_ refusal: StoreWriteRefusal) -> String {
        switch refusal.medium {
        case .entitlementsFile: cannotWrite(reason: refusal.reason)
        case .database(let address): storeCannotBeWritten(address.text, reason: refusal.reason)
        }
    }

    public static func cannotWrite(reason: String) -> String {
        "The entitlements file cannot be written (\(reason)), so nothing can be bought, spent or changed; due renewals "
            + "and expiries show but are not recorded."
    }

    /// Products that fail to load because a test setting says so.
    public static func productsUnavailable(explanation: String) -> String {
        "Could not load the products: \(explanation). The error was injected for testing; "
            + "press s and set \"Fail load-products\" to none, or run `storefront settings set fail.load-products none`."
    }

    /// Characters a picker's field does not take, left out of what was typed, each as `shown`
    /// names it (in quotes, or by its code point where a terminal would not show it plainly).
    public static func leftOut(_ shown: [String], fromLocale: Bool) -> String {
        let list = shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "")
        let pronoun = shown.count == 1 ? "it was" : "they were"
        return fromLocale
            ? "\(list) cannot be in a locale (ASCII letters, digits and _ - . @ = only), so \(pronoun) left out."
            : "\(list) cannot be in a name (a control, line-breaking, bidi or invisible character), so \(pronoun) left out."
    }

    /// What a picker's field did with characters typed past its length.
    public static func fieldFull(maximum: Int, leftOut: Int, isName: Bool) -> String {
        "At most \(maximum) characters fit here; \(leftOut) more \(leftOut == 1 ? "was" : "were") left out."
            + (isName ? " A longer name is given with --account or --device." : "")
    }

    /// A typed locale that is not one.
    public static func notALocale(_ value: String) -> String { "“\(value)” is not a locale; type one like de_DE or pt_BR." }

    // MARK: Progress

    /// What the spinner says while a purchase, restore, spend, refund or setting is stored.
    public static let purchasing = "Purchasing…"
    public static let cancellingPurchase = "Recording the cancel…"
    public static let restoring = "Restoring purchases…"
    public static let spending = "Spending…"
    public static let refunding = "Refunding…"
    public static let saving = "Saving…"

    /// What the spinner says while a transaction action runs: "Renew now…" for "renew now".
    public static func settling(_ actionLabel: String) -> String { actionLabel.prefix(1).uppercased() + actionLabel.dropFirst() + "…" }
}

/// English counts with their noun: "1 purchase", "2 purchases".
public enum EnglishPlural {
    /// `count` and the noun in the number it needs; `plural` when adding "s" is wrong.
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
