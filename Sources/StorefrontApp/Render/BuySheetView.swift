import StorefrontText
import StoreEngine
import TerminalUI
import StoreCatalog

/// The payment sheet: product, what it grants, price and account, then buy or cancel.
enum BuySheetView {
    /// What confirming does to the account's plan, under the amount due; nil for a product that
    /// changes no plan. A sheet whose note changes while it is open is armed anew and says so.
    static func chargeNote(for product: Product, charge: BuySheetCharge, state: AppState) -> String? {
        let text = state.text
        let current = state.snapshot.entitlements.subscriptions.first { $0.group == product.subscription?.group && $0.isOngoing }
        switch charge {
        case .now:
            return PlanChange.of(product, in: state.snapshot.entitlements, catalog: state.catalog).map { change in
                let refund = UpgradeRefundShown.of(product, state: state)
                return text.planChangeText(change, unpaidPeriod: refund.unpaidPeriod, onlyPaidAheadRefunded: refund.onlyPaidAheadRefunded)
            }
        case .atRenewal(let change):
            // The plan switched from may be in a billing problem: its renewal date is past. With
            // its auto-renew off, scheduling the switch turns it back on.
            return text.planChangeText(change, billingProblem: current.map { $0.state == .inGracePeriod || $0.state == .inBillingRetryPeriod } ?? false,
                                       turnsRenewalOn: current.map { !$0.willAutoRenew } ?? false)
        case let .keepsPlan(renews, turnsRenewalOn, droppedSwitchTo):
            return text.keepPlanText(renews: renews, turnsRenewalOn: turnsRenewalOn, droppedSwitchTo: droppedSwitchTo)
        }
    }

    static func draw(productID: String, offerID: String?, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let product = state.catalog.product(id: productID) else { return }
        let text = state.text
        let width = min(56, area.width - 4)
        var lines: [[Span]] = [[Span(text.title(of: product), style: Theme.emphasis)]]
        var kind = AppText.typeName(product.type)
        if let grant = text.grantText(product) { kind += " · \(grant)" }
        lines.append([Span(kind, style: Theme.muted)])
        lines.append([])
        let charge = BuySheetCharge.of(product, state: state)
        if charge != .now {
            // Nothing is due today: the price is the plan's, per period, paid from its renewal on.
            let price = text.shownPrice(product).map { text.listedPrice($0, product: product, abbreviated: false) }
            lines.append(field("Price", price ?? "—", width: width - 4, valueStyle: Theme.emphasis))
        } else if let terms = subscriptionTerms(of: product, offerID: offerID, state: state) {
            // What the App Store's sheet says: what is charged now, and what after.
            let offers = BuySheetOffers.choices(for: productID, state: state)
            if offers.count > 1 {
                lines.append(field("Offer", "‹ \(offerID ?? "regular price") ›", width: width - 4, valueStyle: Theme.emphasis))
            }
            lines.append(field("Due today", terms.now, width: width - 4, valueStyle: Theme.emphasis))
            lines += terms.sentence.wrapped(toWidth: width - 4).map { [Span($0)] }
            if BuySheetOffers.needsSignature(offerID, state: state) {
                lines += StorefrontPaneText.offerNeedsSignature.wrapped(toWidth: width - 4)
                    .map { [Span($0, style: Theme.style(for: .warning))] }
            }
        } else {
            lines.append(field("Price", text.shownPrice(product) ?? "—", width: width - 4, valueStyle: Theme.emphasis))
        }
        lines += wrappedField("Account", "\(state.buyer.account) on \(state.buyer.device)", width: width - 4)
        if let chargeNote = chargeNote(for: product, charge: charge, state: state) {
            lines += chargeNote.wrapped(toWidth: max(1, width - 4)).map { [Span($0, style: Theme.emphasis)] }
        }
        if let changed = state.sheetChangedUnder, changed.productID == productID {
            let note = StorefrontPaneText.sheetChanged(dueBefore: changed.dueBefore.map { text.format($0) })
            lines += note.wrapped(toWidth: max(1, width - 4)).map { [Span($0, style: Theme.style(for: .warning))] }
        }
        // Keeping the plan (auto-renew back on, a switch dropped) is done at once, not asked for.
        let waits = charge.isKeepingThePlan ? nil : StorefrontPaneText.purchaseWaits(askToBuy: state.snapshot.settings.askToBuy,
                                                                                     interrupted: state.snapshot.settings.interruptedPurchases)
        if let waits {
            lines += waits.wrapped(toWidth: max(1, width - 4)).map { [Span($0, style: Theme.style(for: .warning))] }
        }
        // A store that turned read-only under the sheet refuses its Enter: it is not offered.
        let readOnly = state.readOnlyReason != nil
        if readOnly {
            lines += StorefrontPaneText.sheetReadOnly.wrapped(toWidth: max(1, width - 4)).map { [Span($0, style: Theme.style(for: .failure))] }
        }
        if state.snapshot.nextPurchase != .succeed {
            lines.append([Span(StorefrontPaneText.simulatedPurchase(state.snapshot.nextPurchase),
                               style: Theme.style(for: .warning))])
        }
        lines.append([])
        if let activity = state.activity {
            lines += ActivityView.lockWaitLines(state, width: width - 4).map { [Span($0, style: Theme.muted)] }
            lines.append([Span(ActivityView.spinnerLine(activity, state: state), style: Theme.emphasis)])
        } else {
            let confirmation = BuySheetConfirmation.of(product, charge: charge, askToBuy: state.snapshot.settings.askToBuy)
            let confirm = " " + confirmation.word.capitalized + "    "
            var keys: [Span] = readOnly || BuySheetOffers.needsSignature(offerID, state: state) ? [] : [Span("Enter", style: Theme.key), Span(confirm)]
            keys += [Span("Esc", style: Theme.key), " Cancel"]
            if BuySheetOffers.choices(for: productID, state: state).count > 1 {
                keys += ["    ", Span("← →", style: Theme.key), " Offer"]
            }
            lines.append(keys)
        }
        if lines.count + 2 > area.height, let last = lines.last {
            // Keep the sheet's keys (or its spinner) in view: drop the lines above them that do
            // not fit, and say so on the last line kept, so what is shown is not taken for all.
            var kept = Array(lines.prefix(max(0, area.height - 3)))
            if !kept.isEmpty { kept[kept.count - 1] = [Span(StorefrontPaneText.sheetCutShort, style: Theme.muted)] }
            lines = kept + [last]
        }
        let frame = Dialog.frame(width: width, height: lines.count + 2, in: area)
        let inside = Dialog.draw(frame, title: "Confirm purchase", into: &buffer)
        Dialog.write(lines, in: inside, into: &buffer)
    }

    /// For an auto-renewable subscription: the charge now and the sentence of what follows,
    /// with the introductory offer when the account has never subscribed in the group.
    ///
    /// A chosen promotional offer replaces the regular terms.
    static func subscriptionTerms(of product: Product, offerID: String?, state: AppState) -> (now: String, sentence: String)? {
        guard product.type == .autoRenewable, product.subscription != nil else { return nil }
        let text = state.text
        let offer = BuySheetCharge.offer(for: product, offerID: offerID, state: state)
        guard let sentence = OfferTerms.sentence(for: product, offer: offer, text: text),
              let charged = OfferTerms.chargedNow(for: product, offer: offer, text: text) else { return nil }
        return (text.format(charged), sentence)
    }

    /// `field` on one line when it fits; else the label, then the value wrapped under it, so a
    /// long account name is read whole with its device (one line cut both).
    static func wrappedField(_ label: String, _ value: String, width: Int) -> [[Span]] {
        guard label.displayWidth + 1 + value.displayWidth > width else { return [field(label, value, width: width)] }
        return [[Span(label, style: Theme.muted)]] + value.wrapped(toWidth: max(1, width - 2)).map { [Span("  " + $0)] }
    }

    /// A label on the left and its value right-aligned, as in a receipt.
    static func field(_ label: String, _ value: String, width: Int, valueStyle: Style = .plain) -> [Span] {
        let gap = max(1, width - label.displayWidth - value.displayWidth)
        return [Span(label, style: Theme.muted), Span(String(repeating: " ", count: gap)), Span(value, style: valueStyle)]
    }
}

/// An alert box: title, the message wrapped, and how to close it.
enum AlertView {
    static func draw(_ alert: Alert, in area: Rect, into buffer: inout ScreenBuffer) {
        let width = min(60, area.width - 4)
        var lines = alert.message.wrapped(toWidth: max(1, width - 4)).map { [Span($0)] }
        lines.append([])
        lines.append([Span("Enter", style: Theme.key), " OK"])
        let frame = Dialog.frame(width: width, height: lines.count + 2, in: area)
        let inside = Dialog.draw(frame, title: alert.title, style: Theme.style(for: alert.tone), into: &buffer)
        if lines.count > inside.height {
            // Keep the way out visible: drop message lines, not the key hint.
            lines = Array(lines.prefix(max(0, inside.height - 1))) + [lines[lines.count - 1]]
        }
        Dialog.write(lines, in: inside, into: &buffer)
    }
}

/// The confirmation before a refund, saying what the refund takes back.
enum RefundConfirmationView {
    static func draw(transactionID: String, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let (title, question) = state.refundQuestion(of: transactionID) else { return }
        let width = min(60, area.width - 4)
        QuestionDialog.draw(title: title, question: question, note: state.changeNote(of: .refundConfirmation(transactionID: transactionID)),
                            yes: "Refund", no: "Keep",
                            width: width, in: area, into: &buffer)
    }
}
