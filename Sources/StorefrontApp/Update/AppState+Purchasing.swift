import Foundation
import StorefrontText
import StoreCatalog
import StoreEngine
import TerminalUI

extension AppState {
    /// Opens the payment sheet, or goes straight to the store when it would not show one:
    /// the store is read-only, the product is not sold here, its credit could not hold what it
    /// grants, purchases are disabled, or the buyer already has it.
    mutating func startPurchase(of product: Product) -> [Effect] {
        if refusedAsReadOnly() { return [] }
        let status = snapshot.status(of: product.id)
        if case .notSold = status {
            let refusal = PurchaseOutcome.refused(.notSoldHere(productID: product.id, storefront: storefront))
            push(.alert(Alert(title: StorefrontScreenText.notSoldTitle, message: text.message(for: refusal, product: product), tone: .warning)))
            return []
        }
        if let refusal = creditRefusal(for: product) ?? currencyRefusal(for: product) ?? billingRefusal(for: status, of: product)
            ?? waitingRequestRefusal(for: product) ?? timeStopRefusal(for: product) ?? unknownPlanRefusal(for: product) {
            // No sheet for what the store refuses before any payment: cancelling that sheet
            // would be recorded as an attempt, which the store refuses the same way.
            let outcome = PurchaseOutcome.refused(refusal)
            push(.alert(Alert(title: StorefrontScreenText.purchaseTitle(outcome), message: text.message(for: outcome, product: product),
                              tone: .warning)))
            return []
        }
        if case .waiting(.needsAction, _) = status, snapshot.settings.interruptedPurchases,
           let interrupted = snapshot.transactions.first(where: { $0.state == .needsAction && $0.productID == product.id }) {
            // Buying again would start a second purchase beside the one waiting to be completed.
            let waiting = StorefrontScreenText.interruptedPurchaseWaits(text.purchasedName(of: interrupted), transactionID: interrupted.id)
            push(.alert(Alert(title: waiting.title, message: waiting.message, tone: .warning)))
            return []
        }
        if alreadyHas(product) || !snapshot.purchasesAllowed {
            // No sheet asked about a change: the store is asked to change nothing, and refuses
            // what would change something (another device may have changed it meanwhile).
            return perform(.purchase(productID: product.id, buyer: buyer, storefront: storefront, simulate: nil, changesNothing: true),
                           showing: .purchasing(productID: product.id))
        }
        push(.buySheet(productID: product.id))
        sheetChangedUnder = nil
        return []
    }

    /// The store's refusal of buying `product` once where what it grants would take the
    /// balance over its credit's maximum, as the balance is shown.
    private func creditRefusal(for product: Product) -> PurchaseRefusal? {
        guard let grant = product.grant, let credit = catalog.credit(id: grant.credit), let maximum = credit.maximum else { return nil }
        // Packs bought and not delivered yet come to the balance once delivered, as the store counts them.
        let waiting = snapshot.transactions.filter {
            !$0.finished && $0.state == .purchased && $0.credit == grant.credit && (credit.scope == .account || $0.purchaseDevice == buyer.device)
        }
        let undelivered = waiting.reduce(0) { $0 + $1.creditAmount }
        let devices = Set(waiting.map(\.purchaseDevice))
        let balance = (snapshot.entitlements.credits[grant.credit] ?? 0) + undelivered
        return grant.amount > maximum - balance
            ? .overMaximum(credit: grant.credit, maximum: maximum, balance: balance, adding: grant.amount, undelivered: undelivered,
                           undeliveredOn: devices.count == 1 ? devices.first : nil) : nil
    }

    /// The store's refusal of an upgrade to `product` in this storefront's currency where the
    /// plan it replaces was paid in another: no sheet offers what confirming would be refused.
    private func currencyRefusal(for product: Product) -> PurchaseRefusal? {
        guard case .upgradeNow(let from)? = PlanChange.of(product, in: snapshot.entitlements, catalog: catalog),
              let current = snapshot.entitlements.subscriptions.first(where: { $0.productID == from && $0.isOngoing }),
              let paid = snapshot.transactions.first(where: { $0.id == current.transactionID }), let paidIn = paid.currency,
              paidIn != text.currency else { return nil }
        return .upgradeInOtherCurrency(productID: product.id, current: from, currentCurrency: paidIn, currentStorefront: paid.storefront)
    }

    /// The store's refusal of buying again a subscription whose billing has a problem, as its
    /// status shows: no sheet asks for a payment the store refuses.
    private func billingRefusal(for status: ProductStatus, of product: Product) -> PurchaseRefusal? {
        guard case let .billingProblem(graceUntil, willAutoRenew) = status else { return nil }
        return .billingProblem(productID: product.id, graceUntil: graceUntil, autoRenewOff: !willAutoRenew)
    }

    /// The store's refusal of a pass that would begin after the run of passes running, or of a
    /// change of plan that waits for the renewal, where either would begin once store time has
    /// stopped: it could never begin, so no sheet offers it.
    private func timeStopRefusal(for product: Product) -> PurchaseRefusal? {
        let charge = BuySheetCharge.of(product, state: self)
        let start: Date? = if product.type == .nonRenewing {
            snapshot.entitlements.nonRenewing.filter { $0.productID == product.id && $0.expiresDate >= storeNow }.map(\.expiresDate).max()
        } else if case .atRenewal = charge {
            charge.renewalDate
        } else {
            nil
        }
        guard let start, start >= Store.latestStoreTime else { return nil }
        return .beginsAfterStoreTimeStops(productID: product.id, start: start)
    }

    /// The store's refusal of a plan of a group whose subscription runs on a plan the catalog
    /// lacks: no sheet offers a charge whose kind (now, or at the renewal) cannot be told.
    private func unknownPlanRefusal(for product: Product) -> PurchaseRefusal? {
        snapshot.entitlements.runningPlanMissing(from: catalog, beside: product).map {
            .currentPlanUnknown(productID: product.id, current: $0)
        }
    }

    /// The store's refusal of asking again to buy `product` while Ask to Buy is on and a request
    /// for it waits for a parent: no sheet asks for what the request already asks.
    private func waitingRequestRefusal(for product: Product) -> PurchaseRefusal? {
        guard snapshot.settings.askToBuy,
              let waiting = snapshot.transactions.first(where: { $0.state == .pending && $0.productID == product.id }) else { return nil }
        return .requestAlreadyWaiting(transactionID: waiting.id, quantity: waiting.quantity)
    }

    /// Whether the account already has `product` as buying it would give it, so that buying it
    /// opens no sheet: owned (here or to restore), or the plan in force and renewing as it is.
    func alreadyHas(_ product: Product) -> Bool {
        switch snapshot.status(of: product.id) {
        // A pass held on another device, or waiting to be finished, is bought again as any
        // pass is: its time is added to the run.
        case .owned, .awaitingDelivery: product.type != .nonRenewing
        // Held elsewhere with its renewal off or a switch scheduled, buying it here changes that:
        // the sheet asks first, as where it is held.
        case .restoreToUnlock:
            if case .keepsPlan = BuySheetCharge.of(product, state: self) { false } else { product.type != .nonRenewing }
        // Buying the current plan again while its auto-renew is off, or with a switch away
        // from it scheduled, and buying a plan whose switch waits on hold, change what renews:
        // the sheet asks about that first.
        case .changeScheduled(_, _, let willSwitch): willSwitch
        case .active(let until, let willRenew):
            product.type != .nonRenewing && (until == nil || willRenew && BuySheetCharge.of(product, state: self) == .now)
        // The plan running before another takes over (paid ahead, or a switch scheduled) is
        // bought again as a change: an upgrade from the plan paid ahead, charged now, as the
        // store decides it, or keeping this plan and dropping the switch; the sheet says which.
        default: false
        }
    }

    /// Scrolls the detail pane, which is shorter than a product's details on small windows.
    mutating func scrollDetail(by delta: Int) {
        let pane = MainLayout(state: self, size: size).detail.inset(by: 1).inset(horizontal: 1, vertical: 0)
        let maximum = DetailView.maximumOffset(lineCount: DetailView.lineCount(self, width: pane.width), height: pane.height)
        detailScroll.scroll(by: delta, on: list.selectedProductIndex, maximum: maximum)
    }

    /// Opens the spend screen of the selected product's credit, or else of the catalog's first credit.
    mutating func openSpendScreen() {
        let credit = selectedProduct?.grant?.credit ?? catalog.credits.first?.id
        guard let credit else {
            let nothing = StorefrontScreenText.nothingToUse
            push(.alert(Alert(title: nothing.title, message: nothing.message, tone: .info)))
            return
        }
        // No face until one is spent: every face on show is one paid for.
        push(.spend(SpendScreen(credit: credit)))
    }
}
