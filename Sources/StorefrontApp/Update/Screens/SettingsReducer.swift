import StoreEngine
import TerminalUI

/// The settings screen: move between rows and change the selected one.
///
/// A read-only store still shows its settings (they say how it behaves), but refuses every
/// change before the row changes on screen.
enum SettingsReducer: KeyReducer {
    enum Command: Sendable {
        case move, change, next, previous, close, quit, help
    }

    private static let isWritable: @Sendable (AppState) -> Bool = { $0.readOnlyReason == nil }

    static let keys = KeyTable<Command>(KeyBinding.listMovements(.move, ends: "first or last setting") + [
        KeyBinding(.change, keys: [.enter, .character(" ")], help: ("Enter  Space", "change the selected setting"),
                   hint: FooterHint("Enter", "change"), when: isWritable),
        KeyBinding(.next, keys: [.right, .character("l")], help: ("→  l", "next value (a time rate applies on Enter)"),
                   when: isWritable),
        KeyBinding(.previous, keys: [.left, .character("h")], help: ("←  h", "previous value"), when: isWritable),
        KeyBinding(.close, keys: [.escape], help: ("Esc", "close the settings"), hint: FooterHint("Esc", "close")),
        .quit(.quit),
        .openHelp(.help),
    ])

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: SettingsScreen, state: inout AppState) -> [Effect] {
        var screen = screen
        let rows = SettingsScreen.Row.allCases
        let index = rows.firstIndex(of: screen.selection) ?? 0
        if [.change, .next, .previous].contains(command), state.refusedAsReadOnly() { return [] }
        if screen.selection == .timeRate, let effects = chooseTimeRate(command, screen: screen, state: &state) { return effects }
        switch command {
        case .move:
            let page = SettingsView.visibleRows(size: state.size)
            let delta = ProductList.Movement(key)?.delta(page: page, count: rows.count) ?? 0
            screen.selection = rows[min(max(0, index + delta), rows.count - 1)]
            screen.draftTimeRate = nil
        case .change, .next: return change(screen.selection, forward: true, state: &state)
        case .previous: return change(screen.selection, forward: false, state: &state)
        case .close:
            state.closeTop()
            return []
        case .quit: return state.quit()
        case .help:
            state.push(.help(HelpScreen(topic: .settings)))
            return []
        }
        state.replaceTop(with: .settings(screen))
        return []
    }

    /// ← → step the time rate on screen only; Enter (or Space) applies the one shown, so a
    /// single clock change is recorded however many rates were passed. Nil for commands that
    /// are not about the time rate.
    private static func chooseTimeRate(_ command: Command, screen: SettingsScreen, state: inout AppState) -> [Effect]? {
        var screen = screen
        let rates = TimeRate.allCases
        let shown = screen.draftTimeRate ?? state.snapshot.timeline.rate
        let step = { (forward: Bool) -> TimeRate in
            let index = rates.firstIndex(of: shown) ?? 0
            return rates[(index + (forward ? 1 : rates.count - 1)) % rates.count]
        }
        var chosen: TimeRate?
        switch command {
        case .next: screen.draftTimeRate = step(true)
        case .previous: screen.draftTimeRate = step(false)
        case .change:
            chosen = screen.draftTimeRate
            screen.draftTimeRate = chosen == nil ? step(true) : nil
        default:
            return nil
        }
        state.replaceTop(with: .settings(screen))
        guard let chosen, chosen != state.snapshot.timeline.rate else { return [] }
        return state.perform(.setTimeRate(chosen, buyer: state.buyer), showing: .savingSetting)
    }

    private static func change(_ row: SettingsScreen.Row, forward: Bool, state: inout AppState) -> [Effect] {
        let settings = state.snapshot.settings
        func toggle(_ setting: StoreSetting, _ current: Bool) -> [Effect] {
            state.perform(.setSetting(setting, value: current ? "false" : "true", buyer: state.buyer), showing: .savingSetting)
        }
        func cycle<T: Equatable>(_ all: [T], from current: T) -> T {
            let index = all.firstIndex(of: current) ?? 0
            return all[(index + (forward ? 1 : all.count - 1)) % all.count]
        }
        switch row {
        case .askToBuy: return toggle(.askToBuy, settings.askToBuy)
        case .interruptedPurchases: return toggle(.interruptedPurchases, settings.interruptedPurchases)
        case .billingRetry: return toggle(.billingRetry, settings.billingRetry)
        case .gracePeriod: return toggle(.gracePeriod, settings.gracePeriod)
        case .timeRate:
            return []
        case .failure(let operation):
            let choices: [InjectedError?] = [nil] + InjectedError.allCases.map(Optional.some)
            let next = cycle(choices, from: settings.failures[operation]?.error)
            return state.perform(.injectFailure(operation, next.map { InjectedFailure(error: $0, once: false) }, buyer: state.buyer),
                                 showing: .savingSetting)
        case .purchasesAllowed:
            return toggle(.purchasesAllowed, state.snapshot.purchasesAllowed)
        case .nextPurchase:
            let next = cycle(PurchaseSimulation.allCases, from: state.snapshot.nextPurchase)
            return state.perform(.setSetting(.nextPurchaseOutcome, value: next.rawValue, buyer: state.buyer), showing: .savingSetting)
        case .promotionalOfferSignatures:
            let next = cycle(OfferSignatureRequirement.allCases, from: settings.promotionalOfferSignatures)
            return state.perform(.setSetting(.promotionalOfferSignatures, value: next.rawValue, buyer: state.buyer),
                                 showing: .savingSetting)
        }
    }
}
