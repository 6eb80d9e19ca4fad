import Foundation
import StorefrontText
import StoreEngine

extension AppState {
    /// Takes a fresh snapshot of the store, unless it was taken for another buyer or storefront,
    /// or before the one shown: an operation's snapshot, taken on the worker, can arrive after
    /// the loop showed what another process committed since, and would bring the old balance back.
    mutating func receive(_ fresh: StoreSnapshot) {
        guard fresh.buyer == buyer, fresh.storefront == storefront, fresh.foldRevision >= snapshot.foldRevision else { return }
        let before = snapshot
        let dueBefore = dueOnSheet()
        let questionBefore = questionOnTop()?.question
        // The question's own title: a renew-now question asked as fixing billing is closed in those words.
        let titleBefore = questionOnTop()?.title
        snapshot = fresh
        // A payment sheet whose amount due changed under it is armed anew, so an Enter pressed
        // as it changed confirms nothing the buyer had no moment to read.
        if activity == nil, case let .buySheet(productID, _) = overlays.last, let product = catalog.product(id: productID),
           alreadyHas(product) {
            // Bought elsewhere while the sheet was open: it would offer what the account has. An
            // alert to acknowledge, so the Enter meant for the sheet is not taken by the list.
            closeTop()
            let closed: (title: String, message: String)
            switch before.status(of: productID) {
            // It was the account's already, waiting on auto-renew, which another process turned back on.
            case .changeScheduled(let from, let effective, false):
                closed = StorefrontScreenText.sheetClosedAutoRenewOnElsewhere(
                    text.title(of: product), switchingFrom: productName(from), onceBillingResolved: effective == nil)
            case .active(_?, false):
                closed = StorefrontScreenText.sheetClosedAutoRenewOnElsewhere(text.title(of: product), switchingFrom: nil)
            default:
                // Not bought, where a switch to it was scheduled elsewhere for the plan's renewal.
                let switchScheduled = if case .changeScheduled = snapshot.status(of: productID) { true } else { false }
                closed = switchScheduled ? StorefrontScreenText.sheetClosedSwitchScheduledElsewhere(text.title(of: product))
                    : StorefrontScreenText.sheetClosedAlreadyYours(text.title(of: product))
            }
            reportInPlaceOfTop(Alert(title: closed.title, message: closed.message, tone: .warning, takesKeysAfterAMoment: true))
        } else if let dueBefore, let dueNow = dueOnSheet(), dueNow != dueBefore, case let .buySheet(productID, _) = overlays.last {
            armTopAnew()
            // The amount it said was due is named only when that changed: the same amount with
            // other words (a purchase that became an upgrade) is to be read again.
            let amountChanged = dueNow.charge != .now || dueNow.now != dueBefore.now
            sheetChangedUnder = SheetChange(productID: productID, dueBefore: dueBefore.charge == .now && amountChanged ? dueBefore.now : nil)
        } else if activity == nil, titleBefore == StorefrontPaneText.fixBillingTitle,
                  case .renewNowConfirmation(let transactionID)? = overlays.last,
                  renewNowQuestion(of: transactionID)?.title != StorefrontPaneText.fixBillingTitle {
            // The billing problem was resolved elsewhere: asked again as renewing now, the question
            // would charge a period ahead that nobody asked for.
            let product = snapshot.transactions.first { $0.id == transactionID }.map { productName($0.productID) } ?? transactionID
            closeTop()
            reportInPlaceOfTop(Alert(title: StorefrontScreenText.questionOutdatedTitle, message: StorefrontScreenText.billingFixedElsewhere(product),
                                     tone: .warning, takesKeysAfterAMoment: true))
        } else if activity == nil, let moved = questionMovedOn() {
            // The subscription renewed or changed plan past the transaction the question was
            // asked of, and the question still applies to it: asked again of its latest
            // transaction, armed anew, and marked as changed, so no Enter confirms unread words.
            replaceTop(with: moved)
            armTopAnew()
            questionChangedUnder = moved
        } else if activity == nil, let (action, record) = questionThatNoLongerApplies() {
            // Refunded, or its renewal turned off, by another process: Enter would be refused.
            closeTop()
            let asked = titleBefore == StorefrontPaneText.fixBillingTitle ? TransactionAction.resolveBilling : action
            let closed = StorefrontScreenText.questionClosedNoLongerApplies(
                asked.hint.label, transactionID: record.id, state: TransactionsReducer.standing(of: record, in: snapshot, now: storeNow))
            reportInPlaceOfTop(Alert(title: closed.title, message: closed.message, tone: .warning, takesKeysAfterAMoment: true))
        } else if let questionBefore, questionOnTop()?.question != questionBefore {
            // What the refund gives back changed (an upgrade elsewhere refunded part of it), or
            // what renewing now charges (a switch scheduled elsewhere): an Enter pressed as it
            // changed confirms nothing the buyer had no moment to read.
            armTopAnew()
            questionChangedUnder = overlays.last
        }
        announceSettledRequests(before: before)
        for index in overlays.indices {
            if case .transactions(var screen) = overlays[index] {
                keepSelection(of: &screen, from: before.transactions)
                overlays[index] = .transactions(screen)
            }
        }
        if let torn = fresh.tornTail, torn != reportedTornTail {
            reportedTornTail = torn
            report(Alert(title: StorefrontScreenText.tornTailTitle, message: StorefrontScreenText.tornTail("\(torn)"), tone: .warning))
        }
        noticeCatalogGaps()
    }

    /// Says, once per account, that the account's history holds purchases or balances the
    /// catalog does not name: at opening, after switching to such an account, or once another
    /// process records one. Waits while another notice shows, so neither hides the other.
    public mutating func noticeCatalogGaps() {
        guard notice == nil, snapshot.isRead, !catalogGapsNoticed.contains(buyer.account),
              let warning = text.catalogGapsWarning(snapshot.catalogGaps, buyer: buyer) else { return }
        catalogGapsNoticed.insert(buyer.account)
        notice = Alert(title: StorefrontScreenText.notInThisCatalogTitle, message: warning, tone: .warning)
    }

    /// Moves the storefront's clock to `now`. A question on top whose words change because store
    /// time moved (a period that ended while it was open) is armed anew and says it changed, as
    /// when another process changed them.
    mutating func moveClock(to now: Date) {
        let questionBefore = activity == nil ? questionOnTop()?.question : nil
        self.now = now
        guard let questionBefore, let question = questionOnTop()?.question, question != questionBefore else { return }
        armTopAnew()
        questionChangedUnder = overlays.last
    }

    /// Shows `alert` where a sheet or question was just closed, armed as a sheet would be.
    private mutating func reportInPlaceOfTop(_ alert: Alert) {
        report(alert)
        armTopAnew()
    }

    /// Has the sheet, question or alert on top take Enter only a moment from now, counted from
    /// the next input clock tick, which no later key can precede.
    private mutating func armTopAnew() {
        confirmationOpenedAt = keyTime
        rearmsSheetAtNextTick = true
    }

    /// The refund, renew-now or expire question on top, as it reads with the snapshot shown;
    /// nil when none is on top.
    private func questionOnTop() -> (title: String, question: String)? {
        switch overlays.last {
        case .refundConfirmation(let transactionID)?: refundQuestion(of: transactionID)
        case .renewNowConfirmation(let transactionID)?: renewNowQuestion(of: transactionID)
        case .expireConfirmation(let transactionID)?: expireQuestion(of: transactionID)
        case .cancelRenewalConfirmation(let transactionID)?: cancelRenewalQuestion(of: transactionID)
        default: nil
        }
    }

    /// What `question` says under its words when they changed while it was open; nil otherwise.
    func changeNote(of question: Overlay) -> String? {
        questionChangedUnder == question && overlays.last == question ? StorefrontPaneText.questionChanged : nil
    }

    /// Why the store refused what a renew-now or expire question asked, in the question's words.
    func outdatedQuestionMessage(_ outdated: OutdatedQuestion) -> String {
        switch outdated {
        case let .renewal(shown, now):
            let terms = { (renewal: RenewalPreview) in
                (self.productName(renewal.productID), self.text.format(renewal.price, currency: renewal.currency),
                 self.text.date(renewal.start), self.text.date(renewal.end))
            }
            // Confirmed as fixing billing (see `ConfirmationReducer`), refused in those words.
            let fixingBilling = activity == .settling(.resolveBilling)
            return StorefrontScreenText.renewalChangedSinceShown(
                shown: terms(shown), now: terms(now), autoRenewTurnedOn: shown.willAutoRenew == now.willAutoRenew ? nil : now.willAutoRenew,
                fixingBilling: fixingBilling)
        case let .subscription(productID, change):
            return StorefrontScreenText.subscriptionChangedSinceShown(productName(productID), change: change)
        case .billingFixedElsewhere(let productID):
            return StorefrontScreenText.billingFixedElsewhere(productName(productID))
        case let .switchChanged(productID, shown, now):
            return StorefrontScreenText.switchChangedSinceShown(productName(productID), shown: shown.map(productName), now: now.map(productName))
        case let .subscriptionEnded(productID, state):
            return StorefrontScreenText.subscriptionEndedMeanwhile(productName(productID), state: state.rawValue)
        case .autoRenewTurnedOff(let productID):
            return StorefrontScreenText.autoRenewTurnedOffMeanwhile(productName(productID))
        case .transaction(let id):
            // The snapshot read after the refusal tells which change it was.
            var change: ImmediatePlanChange?
            if let record = snapshot.transactions.first(where: { $0.id == id }), let replacedBy = record.replacedBy {
                let replacement = snapshot.transactions.first { $0.id == replacedBy }
                change = text.planChange(from: record.productID, to: replacement?.productID)
            }
            return StorefrontScreenText.transactionChangedSinceShown(id, replacedBy: change)
        }
    }

    /// The question before renewing `transactionID`'s subscription now, as it reads with the snapshot shown.
    func renewNowQuestion(of transactionID: String) -> (title: String, question: String)? {
        guard let record = snapshot.transactions.first(where: { $0.id == transactionID }) else { return nil }
        let subscription = snapshot.subscription(latest: record.id)
        // In a billing problem renewing now is what fixing the billing does: asked in those words.
        let fixesBilling = subscription?.state == .inBillingRetryPeriod || subscription?.state == .inGracePeriod
        return (fixesBilling ? StorefrontPaneText.fixBillingTitle : StorefrontPaneText.renewNowTitle,
                StorefrontPaneText.renewNowQuestion(productID: record.productID, renewal: snapshot.renewalsNow[transactionID],
                                                    autoRenewOff: snapshot.renewalsNow[transactionID]?.willAutoRenew == false,
                                                    switchOnHold: subscription?.pendingProductID,
                                                    startsWhenPaid: subscription?.state == .inBillingRetryPeriod,
                                                    fixesBilling: fixesBilling, text: text))
    }

    /// The question before turning off the renewal of `transactionID`'s subscription, or
    /// unsubscribing from a free one, as it reads with the snapshot shown.
    func cancelRenewalQuestion(of transactionID: String) -> (title: String, question: String)? {
        guard let record = snapshot.transactions.first(where: { $0.id == transactionID }) else { return nil }
        if record.productType == .freeSubscription {
            return ("Unsubscribe", StorefrontPaneText.unsubscribeQuestion(productID: record.productID, text: text))
        }
        let subscription = snapshot.subscription(latest: record.id)
        return ("Cancel renewal", StorefrontPaneText.cancelRenewalQuestion(
            productID: record.productID, expiry: subscription?.expiresDate,
            graceEnds: subscription?.state == .inGracePeriod ? subscription?.gracePeriodExpiresDate : nil,
            now: storeNow, text: text))
    }

    /// The question before ending `transactionID`'s subscription now, as it reads with the snapshot shown.
    func expireQuestion(of transactionID: String) -> (title: String, question: String)? {
        guard let record = snapshot.transactions.first(where: { $0.id == transactionID }) else { return nil }
        let subscription = snapshot.subscription(latest: record.id)
        // Renewed ahead into another plan, the plan that stops is the one running, as `expire` names it.
        return (StorefrontPaneText.expireTitle,
                StorefrontPaneText.expireQuestion(productID: subscription?.runningPlan?.productID ?? record.productID,
                                                  expiry: subscription?.expiresDate, billingProblem: billingProblem(of: subscription),
                                                  now: storeNow, ended: periodsEnded(bySubscriptionOf: record),
                                                  droppingSwitchTo: subscription?.pendingProductID, text: text))
    }

    /// `subscription`'s billing problem, with its grace period's end; nil without one.
    private func billingProblem(of subscription: Entitlements.Subscription?) -> StorefrontPaneText.BillingProblem? {
        switch subscription?.state {
        case .inGracePeriod?: .gracePeriod(endsAt: subscription?.gracePeriodExpiresDate)
        case .inBillingRetryPeriod?: .billingRetry
        default: nil
        }
    }

    /// What the periods of `record`'s subscription that an expire now would end were charged:
    /// the one running (none when it was refunded), and any after it paid ahead.
    private func periodsEnded(bySubscriptionOf record: TransactionRecord) -> StorefrontPaneText.EndedPeriods {
        let notOver = snapshot.periodsNotOver(ofSubscription: record.originalID, at: storeNow)
        // A refunded period not over, before every period still paid for, was the one running.
        let firstPaid = notOver.first?.purchaseDate ?? .distantFuture
        let runningRefunded = snapshot.transactions.contains {
            $0.originalID == record.originalID && $0.state == .refunded && $0.replacedBy == nil
                && ($0.expiresDate.map { storeNow < $0 } ?? false) && $0.purchaseDate < firstPaid
        }
        guard !runningRefunded else {
            return StorefrontPaneText.EndedPeriods(paidAhead: notOver.count, runningIsFree: false, runningRefunded: true)
        }
        return StorefrontPaneText.EndedPeriods(paidAhead: max(0, notOver.count - 1), runningIsFree: notOver.first?.price == 0)
    }

    /// The question before refunding `transactionID`, as it reads with the snapshot shown.
    func refundQuestion(of transactionID: String) -> (title: String, question: String)? {
        guard let record = snapshot.transactions.first(where: { $0.id == transactionID }) else { return nil }
        let replacement = record.replacedBy.flatMap { id in snapshot.transactions.first { $0.id == id } }
        // A later period of the subscription, paid ahead and not refunded, keeps it active,
        // while the subscription is (an expire ended its periods paid ahead too).
        let ongoing = snapshot.entitlements.subscriptions.contains { $0.originalTransactionID == record.originalID && $0.isOngoing }
        let now = storeNow
        let paidAhead = ongoing ? record.expiresDate.flatMap { end in
            snapshot.transactions.filter {
                $0.originalID == record.originalID && $0.state == .purchased && $0.replacedBy == nil && $0.purchaseDate >= end
            }.compactMap(\.expiresDate).filter { $0 > now }.max()
        } : nil
        // For the latest period paid ahead, whose refund revokes the subscription: the period
        // running now, and the other periods paid ahead, which will never begin.
        let notOver = snapshot.periodsNotOver(ofSubscription: record.originalID, at: now)
        let running = notOver.first.flatMap { $0.id == record.id ? nil : $0 }
        let otherAhead = notOver.dropFirst().filter { $0.id != record.id && ($0.price ?? 0) > 0 }
        return StorefrontPaneText.refundQuestion(record, replacedBy: replacement, paidAheadUntil: paidAhead,
                                                 subscriptionOngoing: ongoing, running: running, otherPaidAhead: otherAhead,
                                                 billingProblem: billingProblem(of: snapshot.subscription(latest: record.id)),
                                                 passesLeftUntil: record.passesEndAfterRefund(among: snapshot.transactions),
                                                 passActiveNow: snapshot.entitlements.nonRenewing.contains {
                                                     $0.productID == record.productID && $0.isActive && record.productType == .nonRenewing
                                                 },
                                                 now: storeNow, text: text)
    }

    /// The renew-now, expire or cancel-renewal question on top asked again of its subscription's
    /// latest transaction, when the subscription moved past the one it was asked of and the
    /// change still applies; nil otherwise.
    private func questionMovedOn() -> Overlay? {
        let (transactionID, ask): (String, (String) -> Overlay)
        switch overlays.last {
        case .renewNowConfirmation(let id)?: (transactionID, ask) = (id, { .renewNowConfirmation(transactionID: $0) })
        case .expireConfirmation(let id)?: (transactionID, ask) = (id, { .expireConfirmation(transactionID: $0) })
        case .cancelRenewalConfirmation(let id)?: (transactionID, ask) = (id, { .cancelRenewalConfirmation(transactionID: $0) })
        default: return nil
        }
        guard snapshot.subscription(latest: transactionID) == nil, let action = ConfirmationReducer.asked(in: self),
              action.changesSubscription, let record = snapshot.transactions.first(where: { $0.id == transactionID }),
              action.isAvailable(for: record, in: snapshot), let latest = snapshot.subscription(of: record)?.transactionID,
              latest != transactionID else { return nil }
        return ask(latest)
    }

    /// The refund or cancel-renewal question on top, when what it asks no longer applies to
    /// its transaction as the snapshot stands.
    private func questionThatNoLongerApplies() -> (TransactionAction, TransactionRecord)? {
        let transactionID: String
        switch overlays.last {
        case .refundConfirmation(let id)?, .cancelRenewalConfirmation(let id)?, .renewNowConfirmation(let id)?, .expireConfirmation(let id)?:
            transactionID = id
        default: return nil
        }
        guard let action = ConfirmationReducer.asked(in: self),
              let record = snapshot.transactions.first(where: { $0.id == transactionID }) else { return nil }
        // A change of a subscription was asked of its latest transaction: once it renewed or
        // changed plan past it, the question no longer says what would happen.
        let stillLatest = !action.changesSubscription || snapshot.subscription(latest: transactionID) != nil
        guard !action.isAvailable(for: record, in: snapshot) || !stillLatest else { return nil }
        return (action, record)
    }

    /// What the payment sheet on top says is charged, and when; nil when no sheet is on top.
    private func dueOnSheet() -> SheetDue? {
        guard case let .buySheet(productID, offerID) = overlays.last, let product = catalog.product(id: productID) else { return nil }
        let charge = BuySheetCharge.of(product, state: self)
        return SheetDue(charge: charge, now: BuySheetCharge.dueNow(for: product, offerID: offerID, state: self),
                        note: BuySheetView.chargeNote(for: product, charge: charge, state: self))
    }

    /// A payment sheet's charge as `dueOnSheet` compares it, with what it says confirming does.
    private struct SheetDue: Equatable {
        var charge: BuySheetCharge
        var now: Decimal?
        var note: String?
    }

    /// Keeps the transactions screen on the transaction it had selected while rows arrive
    /// above it (they come newest first), so R, N, E and X act on the one the person picked.
    private func keepSelection(of screen: inout TransactionsScreen, from previous: [TransactionRecord]) {
        let height = TransactionsView.listHeight(state: self)
        let selectedID = screen.scroll.selectedIndex.flatMap { previous.indices.contains($0) ? previous[$0].id : nil }
        screen.scroll.setItemCount(snapshot.transactions.count, viewportHeight: height)
        guard let selectedID, let index = snapshot.transactions.firstIndex(where: { $0.id == selectedID }) else { return }
        screen.scroll.select(index, viewportHeight: height)
    }

    mutating func finishPurchase(of productID: String, outcome: PurchaseOutcome, settling: String? = nil) {
        let wasCancel = if case .cancellingPurchase? = activity { true } else { false }
        let previousActivity = activity
        // An approval's words lead with what became of the request, as `approve` says it.
        let wasApproval = previousActivity == .settling(.approve)
        activity = nil
        var backedOut = false
        var confirmedOnSheet = false
        if case .buySheet = overlays.last, wasCancel {
            // The Esc that cancelled closed the sheet as far as the person knows: keys typed
            // after it, even in the same write, were aimed at what comes next, and are handled.
            closeTop()
        } else if case .buySheet = overlays.last {
            confirmedOnSheet = true
            backedOut = closeSheetOfFinishedOperation()
        }
        let product = catalog.product(id: productID)
        if wasCancel, case .refused = outcome {
            // The store would not have sold it anyway (changed meanwhile): the person cancelled,
            // and that is what happened; nothing was bought or recorded.
            let name = product.map(text.title(of:)) ?? productID
            report(Alert(title: StorefrontScreenText.cancelledTitle, message: StorefrontScreenText.cancelledNothingRecorded(name), tone: .info))
            return
        }
        let balance = outcome.transaction?.credit.map { snapshot.balance(of: $0) }
        var message = text.message(for: outcome, product: product, balance: balance)
        if let settling {
            message = text.settling(message, outcome: outcome, waiting: snapshot.transactions.first { $0.id == settling }, viewer: buyer,
                                    restoreNeededHere: snapshot.status(of: productID) == .restoreToUnlock, closureSaid: wasApproval)
        }
        if wasApproval {
            message = CommandLineText.Purchases.approvedFor(nil, message, .of(outcome))
        }
        if backedOut, case .purchased = outcome { message += " " + StorefrontScreenText.backedOutTooLate(.purchase) }
        let tone: Alert.Tone = switch outcome {
        case .purchased, .renewalResumed: .success
        case .alreadyOwned, .cancelled, .pending, .changeScheduled: .info
        case .failed: .failure
        case .refused, .needsAction: .warning
        }
        let settled: TransactionState? = switch previousActivity {
        case .settling(.approve)?: .pending
        case .settling(.complete)?: .needsAction
        default: nil
        }
        let title = StorefrontScreenText.purchaseTitle(outcome, settling: settled)
        if confirmedOnSheet, !backedOut, case .alreadyOwned = outcome {
            // A sheet confirmed for a purchase that another device made meanwhile bought
            // nothing: said as a refusal in the sheet's place, armed as the sheet was, so an
            // Enter pressed again neither dismisses it unread nor opens another sheet.
            reportInPlaceOfTop(Alert(title: title, message: message, tone: .warning, takesKeysAfterAMoment: true))
            return
        }
        report(Alert(title: title, message: message, tone: tone))
    }

    mutating func finishRestore(_ result: RestoreResult) {
        activity = nil
        // Esc typed on the list while the restore ran, before it was said to wait for the lock
        // (when Esc would have dropped it), was meant to stop it: handled afterwards, it closed
        // this result unread. It goes, and the result says it came too late.
        let escapes = waitingKeys.prefix { $0.key == .escape }.count
        waitingKeys.removeFirst(escapes)
        let message = text.message(for: result) + (escapes > 0 ? " " + StorefrontScreenText.backedOutTooLate(.restore) : "")
        report(Alert(title: StorefrontScreenText.restoreTitle, message: message, tone: result.restored.isEmpty ? .info : .success))
    }

    /// A spend shows the next face; a refused one leaves the screen showing the committed balance.
    mutating func finishSpend(of credit: String, outcome: SpendOutcome) {
        activity = nil
        // The spend screen shows its outcome in its face and balance, which quitting closes:
        // said after the screen is gone, as the command would say it.
        if quitWhileChanging { outcomesAfterQuitting.append(Self.spendOutcomeAlert(outcome, creditName: text.creditName(credit), text: text)) }
        guard case .spend(var screen) = overlays.last, screen.credit == credit else { return }
        guard case .spent = outcome else {
            // The screen offered a use only while it showed a balance, so the store refused
            // because another process spent it meanwhile; the balance alone would not say why.
            // After Ctrl-C the outcome is said once, in the command's words, above.
            if case .insufficient(let balance, _) = outcome, !quitWhileChanging {
                report(Alert(title: StorefrontScreenText.notEnoughTitle(text.creditName(credit)),
                             message: StorefrontScreenText.spentElsewhere(text.creditName(credit), have: balance, text: text), tone: .warning))
            }
            return
        }
        screen.face = screen.face.map { random.next(below: RageFaces.all.count, other: $0) }
            ?? random.next(below: RageFaces.all.count)
        screen.spent += 1
        replaceTop(with: .spend(screen))
    }

    static func spendOutcomeAlert(_ outcome: SpendOutcome, creditName: String, text: StoreText) -> Alert {
        switch outcome {
        case .spent(let balance):
            Alert(title: StorefrontScreenText.spentTitle(creditName),
                  message: CommandLineText.Purchases.spent(1, of: creditName, left: balance, text: text), tone: .success)
        case .insufficient(let balance, let requested):
            Alert(title: StorefrontScreenText.notEnoughTitle(creditName),
                  message: CommandLineText.Purchases.insufficient(asked: requested, of: creditName, have: balance, text: text), tone: .warning)
        }
    }

    mutating func finishRefund(_ result: RefundResult) {
        activity = nil
        var backedOut = false
        if case .refundConfirmation = overlays.last { backedOut = closeSheetOfFinishedOperation() }
        var message = text.refundMessage(result, inStorefront: true)
        if backedOut { message += " " + StorefrontScreenText.backedOutTooLate(.refund) }
        report(Alert(title: StorefrontScreenText.refundTitle, message: message, tone: .success))
    }

    /// `title`: the alert's, where the store refused for a reason of its own (a question
    /// outdated) rather than failed.
    mutating func failOperation(_ message: String, title: String = StorefrontScreenText.failureTitle) {
        activity = nil
        switch overlays.last {
        // A question refused as outdated would show what no longer holds.
        case .buySheet, .refundConfirmation, .cancelRenewalConfirmation, .renewNowConfirmation, .expireConfirmation:
            closeTop()
            // Shown where the sheet or question was, it is armed as they are: an Enter pressed
            // again for what it replaced does not dismiss it unread.
            reportInPlaceOfTop(Alert(title: title, message: StorefrontScreenText.failure(message), tone: .failure,
                                     takesKeysAfterAMoment: true))
        default:
            report(Alert(title: title, message: StorefrontScreenText.failure(message), tone: .failure))
        }
    }

    /// A subscription changed from the transactions screen: its question closes and the result shows.
    mutating func finishSubscriptionChange(message: String) {
        activity = nil
        let sent: StorefrontScreenText.SentChange? = switch overlays.last {
        case .cancelRenewalConfirmation?: .cancelRenewal
        case .renewNowConfirmation?: .renewNow
        case .expireConfirmation?: .expire
        default: nil
        }
        let backedOut = sent != nil && closeSheetOfFinishedOperation()
        let said = backedOut ? message + " " + StorefrontScreenText.backedOutTooLate(sent ?? .cancelRenewal) : message
        report(Alert(title: StorefrontScreenText.subscriptionTitle, message: said, tone: .success))
    }

    /// Closes the payment, refund or cancel-renewal sheet whose operation just ended, and drops
    /// the keys typed while it was stored: they were aimed at that sheet. Handled on the screen
    /// under it, an Enter pressed again while "Purchasing…" spun opened a new payment sheet,
    /// which the next Enter then bought from. Returns whether Esc or `q` was among them: the
    /// person tried to back out of a change already sent, which its result then says.
    private mutating func closeSheetOfFinishedOperation() -> Bool {
        closeTop()
        defer { waitingKeys.removeAll() }
        return waitingKeys.contains { $0.key == .escape || $0.key == .character("q") }
    }

    /// A product's title in the current locale, or its id when the catalog does not know it.
    func productName(_ productID: String) -> String {
        catalog.product(id: productID).map(text.title(of:)) ?? productID
    }

    /// A parent's decision or a completed purchase that arrived from another process (or from
    /// this one's transactions screen) is announced: the buyer was waiting for it. So is one
    /// asked for and settled between two reads, which this storefront never saw waiting.
    private mutating func announceSettledRequests(before: StoreSnapshot) {
        // While this storefront settles a request itself, its own result alert says it. A
        // stand-in not read yet (after switching account) knows no history to compare with.
        guard before.buyer.account == buyer.account, before.isRead, activity == nil else { return }
        let previous = Dictionary(before.transactions.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        let settled = snapshot.transactions.filter { record in
            guard let waited = record.settledFrom, record.state == .purchased || record.state == .declined else { return false }
            // Seen waiting before, or never seen at all.
            return previous[record.id].map { $0 == waited } ?? true
        }
        var announcements: [Alert] = []
        // In the order they were settled, as they are read together.
        for record in settled.sorted(by: { ($0.settledOrder ?? 0) < ($1.settledOrder ?? 0) }) {
            guard let was = record.settledFrom else { continue }
            let name = text.purchasedName(of: record)
            switch record.state {
            case .purchased:
                let title = was == .pending ? StorefrontScreenText.requestApprovedTitle : StorefrontScreenText.purchaseCompletedTitle
                let addsCredit = record.credit != nil && record.creditAmount > 0
                let held = text.heldTerms(of: record)
                var message = was == .pending ? StorefrontScreenText.requestApproved(name: name, addsCredit: addsCredit, held: held)
                    : StorefrontScreenText.purchaseCompleted(name: name, addsCredit: addsCredit, held: held)
                // An upgrade approved says what it gave back of the plan it replaced, as the command line does.
                if let refund = text.proratedRefundText(record) { message += " " + refund + "." }
                if let credit = record.credit, record.creditAmount > 0 {
                    message += StorefrontScreenText.creditAdded(record.creditAmount, creditName: text.creditName(credit),
                                                                balance: snapshot.balance(of: credit), text: text)
                }
                announcements.append(Alert(title: title, message: message, tone: .success))
            case .declined:
                if let reason = record.closedByStoreReason {
                    announcements.append(Alert(title: StorefrontScreenText.requestClosedTitle,
                                               message: StorefrontScreenText.requestClosed(name: name, reason: reason), tone: .info))
                } else {
                    announcements.append(Alert(title: StorefrontScreenText.requestDeclinedTitle,
                                               message: StorefrontScreenText.yourRequestDeclined(name: name), tone: .info))
                }
            default:
                continue
            }
        }
        guard !announcements.isEmpty else { return }
        // Those still shown, unread (no key since), stay: each decision is said. A result of this
        // storefront's own shown unread stays too, first.
        if notice == nil || notice != announcementNotice {
            settledAnnouncements = []
            announcementLead = notice
        }
        settledAnnouncements += announcements
        // Shown as a notice is, without `report`, which would keep them under its own alert.
        notice = announcementNotice
    }

    /// The notice of the announcements gathered: this storefront's own result first when one
    /// was shown as they came, then the announcements; nil when none is gathered.
    var announcementNotice: Alert? {
        guard let gathered = Self.gathered(settledAnnouncements) else { return nil }
        guard let lead = announcementLead else { return gathered }
        return Alert(title: gathered.title, message: lead.message + " " + gathered.message, tone: gathered.tone)
    }

    /// The announcements that show at most at once; earlier ones are counted.
    static let announcementsShown = 4

    /// One notice for `announcements` (in the order settled): the one itself, or the latest few under
    /// one title, with how many earlier ones the transactions screen lists.
    static func gathered(_ announcements: [Alert]) -> Alert? {
        guard let last = announcements.last else { return nil }
        guard announcements.count > 1 else { return last }
        let latest = announcements.suffix(announcementsShown)
        let earlier = announcements.count - latest.count
        let message = latest.map(\.message).joined(separator: " ") + (earlier > 0 ? " " + StorefrontScreenText.earlierSettled(earlier) : "")
        return Alert(title: StorefrontScreenText.purchasesSettledTitle(announcements.count), message: message,
                     tone: announcements.allSatisfy { $0.tone == .success } ? .success : .info)
    }
}
