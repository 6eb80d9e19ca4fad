import Foundation
import StoreEngine
import TerminalUI

extension AppState {
    /// Keys when an overlay is on top: each overlay takes its own keys; Esc closes it; `?`
    /// opens the help with this overlay's keys first.
    mutating func press(_ key: Key, on overlay: Overlay, at time: Date) -> [Effect] {
        if overlay.isConfirmation, !isConfirmationArmed(at: time), ![.escape, .left, .right].contains(key) {
            // Typed ahead or pasted: only Esc may answer a sheet this young; ← → only choose
            // an offer, which still needs an Enter once the sheet is armed.
            return []
        }
        if key == .character("?"), let topic = overlay.helpTopic {
            push(.help(HelpScreen(topic: topic)))
            return []
        }
        switch overlay {
        case let .buySheet(productID, offerID): return pressOnBuySheet(key, productID: productID, offerID: offerID)
        case .alert:
            switch key {
            case .enter, .escape, .character(" "), .character("y"), .character("n"): closeTop()
            case .character("q"): return quit()
            default: break
            }
        case .spend(let screen): return pressOnSpendScreen(key, screen: screen)
        case .picker(let picker): return pressOnPicker(key, picker: picker)
        case .transactions(let screen): return pressOnTransactions(key, screen: screen)
        case .refundConfirmation(let transactionID):
            return answerConfirmation(key, confirm: .settle(.refund, transactionID: transactionID, buyer: buyer),
                                      showing: .refunding(transactionID: transactionID))
        case .cancelRenewalConfirmation(let transactionID):
            return answerConfirmation(key, confirm: .settle(.cancelRenewal, transactionID: transactionID, buyer: buyer),
                                      showing: .settling(.cancelRenewal))
        case .settings(let screen): return pressOnSettings(key, screen: screen)
        case .help(let screen): return pressOnHelp(key, screen: screen)
        }
        return []
    }

    /// Enter or y does what the sheet asks; Esc, n or q closes it and changes nothing.
    private mutating func answerConfirmation(_ key: Key, confirm effect: Effect, showing activity: Activity) -> [Effect] {
        switch key {
        case .enter, .character("y"): return perform(effect, showing: activity)
        // q closes the question as n does: someone pressing q on a sheet wants out of the sheet.
        case .escape, .character("n"), .character("q"): closeTop()
        default: break
        }
        return []
    }

    private mutating func pressOnHelp(_ key: Key, screen: HelpScreen) -> [Effect] {
        var screen = screen
        let lines = KeyHelp.lines(for: screen.topic).count
        switch key {
        case .up, .character("k"): screen.offset = max(0, screen.offset - 1)
        case .down, .character("j"): screen.offset = min(screen.offset + 1, HelpView.maximumOffset(lines: lines, size: size))
        case .pageUp: screen.offset = max(0, screen.offset - HelpView.visibleLines(lines: lines, size: size))
        case .pageDown:
            screen.offset = min(screen.offset + HelpView.visibleLines(lines: lines, size: size),
                                HelpView.maximumOffset(lines: lines, size: size))
        case .escape, .enter, .character("?"):
            closeTop()
            return []
        case .character("q"):
            return quit()
        default: return []
        }
        replaceTop(with: .help(screen))
        return []
    }

    /// Enter or y buys; Esc, n or q cancels the payment, which the store records as a user cancel.
    /// ← → and o choose among the promotional offers the buyer may take (see `BuySheetOffers`).
    private mutating func pressOnBuySheet(_ key: Key, productID: String, offerID: String?) -> [Effect] {
        let simulate: PurchaseSimulation?
        switch key {
        case .enter, .character("y"): simulate = nil
        // q cancels as Esc does rather than leaving the storefront from under the sheet.
        case .escape, .character("n"), .character("q"):
            // A store that turned read-only under the sheet cannot record the cancel: just close it.
            if readOnlyReason != nil {
                closeTop()
                return []
            }
            simulate = .cancel
        case .left, .right, .character("o"):
            let choices = BuySheetOffers.choices(for: productID, state: self)
            guard choices.count > 1 else { return [] }
            let index = choices.firstIndex(of: offerID) ?? 0
            let next = choices[(index + (key == .left ? choices.count - 1 : 1)) % choices.count]
            replaceTop(with: .buySheet(productID: productID, offerID: next))
            return []
        default: return []
        }
        return perform(.purchase(productID: productID, buyer: buyer, storefront: storefront, simulate: simulate,
                                 offerID: simulate == nil ? offerID : nil),
                       showing: .purchasing(productID: productID))
    }

    /// Space or Enter spends one credit; at zero Enter opens the payment sheet for more.
    private mutating func pressOnSpendScreen(_ key: Key, screen: SpendScreen) -> [Effect] {
        switch key {
        case .character(" "), .enter:
            if snapshot.balance(of: screen.credit) > 0 {
                return perform(.spend(credit: screen.credit, buyer: buyer), showing: .spending(credit: screen.credit))
            }
            if key == .enter, let product = productGranting(screen.credit) {
                return startPurchase(of: product)
            }
        case .escape:
            closeTop()
        case .character("q"):
            return quit()
        default:
            break
        }
        return []
    }

    private mutating func pressOnTransactions(_ key: Key, screen: TransactionsScreen) -> [Effect] {
        var screen = screen
        let height = TransactionsView.listHeight(size: size)
        switch key {
        case .up, .character("k"): screen.scroll.moveUp(viewportHeight: height)
        case .down, .character("j"): screen.scroll.moveDown(viewportHeight: height)
        case .pageUp: screen.scroll.pageUp(viewportHeight: height)
        case .pageDown: screen.scroll.pageDown(viewportHeight: height)
        case .home, .character("g"): screen.scroll.moveToFirst(viewportHeight: height)
        case .end, .character("G"): screen.scroll.moveToLast(viewportHeight: height)
        case .escape:
            closeTop()
            return []
        case .character("q"):
            return quit()
        default:
            guard let index = screen.scroll.selectedIndex, snapshot.transactions.indices.contains(index) else { return [] }
            let record = snapshot.transactions[index]
            // One key can name two actions that never apply together (X: cancel renewal of a paid
            // subscription, unsubscribe from a free one); the one that applies wins.
            let actions = TransactionAction.allCases.filter { $0.key == key }
            guard let action = actions.first(where: { $0.isAvailable(for: record, in: snapshot) }) ?? actions.first
            else { return [] }
            return start(action, on: record)
        }
        replaceTop(with: .transactions(screen))
        return []
    }

    private mutating func start(_ action: TransactionAction, on record: TransactionRecord) -> [Effect] {
        guard action.isAvailable(for: record, in: snapshot) else {
            let message = "\(action.hint.label.capitalized) does not apply to transaction \(record.id) (\(record.state.rawValue)). "
                + "The keys shown at the bottom are the ones that apply to it."
            push(.alert(Alert(title: "Not possible", message: message, tone: .warning)))
            return []
        }
        switch action {
        case .refund, .cancelRenewal:
            // Both ask first (turning renewal off ends a subscription the buyer may count on),
            // but only when the answer could be recorded.
            if refusedAsReadOnly() { return [] }
            push(action == .refund ? .refundConfirmation(transactionID: record.id) : .cancelRenewalConfirmation(transactionID: record.id))
            return []
        default:
            return perform(.settle(action, transactionID: record.id, buyer: buyer), showing: .settling(action))
        }
    }

    private mutating func pressOnSettings(_ key: Key, screen: SettingsScreen) -> [Effect] {
        var screen = screen
        let rows = SettingsScreen.Row.allCases
        let index = rows.firstIndex(of: screen.selection) ?? 0
        if screen.selection == .timeRate, let effects = chooseTimeRate(key, screen: screen) { return effects }
        switch key {
        case .up, .character("k"):
            screen.selection = rows[max(0, index - 1)]
            screen.draftTimeRate = nil
        case .down, .character("j"):
            screen.selection = rows[min(rows.count - 1, index + 1)]
            screen.draftTimeRate = nil
        case .enter, .character(" "), .right, .character("l"): return change(screen.selection, forward: true)
        case .left, .character("h"): return change(screen.selection, forward: false)
        case .escape:
            closeTop()
            return []
        case .character("q"):
            return quit()
        default:
            return []
        }
        replaceTop(with: .settings(screen))
        return []
    }

    /// ← → step the time rate on screen only; Enter (or Space) applies the one shown, so a
    /// single clock change is recorded however many rates were passed. Nil for keys that
    /// are not about the time rate.
    private mutating func chooseTimeRate(_ key: Key, screen: SettingsScreen) -> [Effect]? {
        var screen = screen
        let rates = TimeRate.allCases
        let shown = screen.draftTimeRate ?? snapshot.timeline.rate
        let step = { (forward: Bool) -> TimeRate in
            let index = rates.firstIndex(of: shown) ?? 0
            return rates[(index + (forward ? 1 : rates.count - 1)) % rates.count]
        }
        var chosen: TimeRate?
        switch key {
        case .right, .character("l"): screen.draftTimeRate = step(true)
        case .left, .character("h"): screen.draftTimeRate = step(false)
        case .enter, .character(" "):
            chosen = screen.draftTimeRate
            screen.draftTimeRate = chosen == nil ? step(true) : nil
        default:
            return nil
        }
        replaceTop(with: .settings(screen))
        guard let chosen, chosen != snapshot.timeline.rate else { return [] }
        return perform(.setTimeRate(chosen, buyer: buyer), showing: .savingSetting)
    }

    private mutating func change(_ row: SettingsScreen.Row, forward: Bool) -> [Effect] {
        func toggle(_ setting: StoreSetting, _ current: Bool) -> [Effect] {
            perform(.setSetting(setting, value: current ? "false" : "true", buyer: buyer), showing: .savingSetting)
        }
        func cycle<T: Equatable>(_ all: [T], from current: T) -> T {
            let index = all.firstIndex(of: current) ?? 0
            return all[(index + (forward ? 1 : all.count - 1)) % all.count]
        }
        switch row {
        case .askToBuy: return toggle(.askToBuy, snapshot.settings.askToBuy)
        case .interruptedPurchases: return toggle(.interruptedPurchases, snapshot.settings.interruptedPurchases)
        case .billingRetry: return toggle(.billingRetry, snapshot.settings.billingRetry)
        case .gracePeriod: return toggle(.gracePeriod, snapshot.settings.gracePeriod)
        case .timeRate:
            return []
        case .failure(let operation):
            let choices: [InjectedError?] = [nil] + InjectedError.allCases.map(Optional.some)
            let next = cycle(choices, from: snapshot.settings.failures[operation]?.error)
            return perform(.injectFailure(operation, next.map { InjectedFailure(error: $0, once: false) }, buyer: buyer),
                           showing: .savingSetting)
        case .purchasesAllowed:
            let value = snapshot.purchasesAllowed ? "false" : "true"
            return perform(.setSetting(.purchasesAllowed, value: value, buyer: buyer), showing: .savingSetting)
        case .nextPurchase:
            let all = PurchaseSimulation.allCases
            let index = all.firstIndex(of: snapshot.nextPurchase) ?? 0
            let next = all[(index + (forward ? 1 : all.count - 1)) % all.count]
            return perform(.setSetting(.nextPurchaseOutcome, value: next.rawValue, buyer: buyer), showing: .savingSetting)
        }
    }
}
