import StoreEngine
import TerminalUI

/// The screen that spends one credit at a time.
enum SpendReducer: KeyReducer {
    enum Command: Sendable {
        case spend, spendOrBuy, back, quit, help
    }

    static let keys = KeyTable<Command>([
        // At zero the footer offers only what Enter does then: Space would do nothing.
        // While read-only neither is offered (pressed, they say why, as the main screen's keys do).
        KeyBinding(.spend, keys: [.character(" ")], help: ("Space", "use one and see it"), hint: FooterHint("Space", "use one"),
                   when: { hasCredits($0) && $0.readOnlyReason == nil }),
        KeyBinding(.spendOrBuy, keys: [.enter], help: ("Enter", "use one; at zero, buy more"),
                   hint: FooterHint("Enter") { hasCredits($0) ? "use one" : "buy more" }, when: { $0.readOnlyReason == nil }),
        // While a use waits for the entitlements file's lock, Esc drops it (see `AppState.receive`).
        KeyBinding(.back, keys: [.escape], help: ("Esc", "back to the products"),
                   hint: FooterHint("Esc") { $0.activity != nil && $0.lockWait != nil && !$0.askedToDropChange ? "cancel" : "back" }),
        .quit(.quit),
        .openHelp(.help),
    ])

    /// Whether the credit of the spend screen on top has a balance above zero.
    private static func hasCredits(_ state: AppState) -> Bool {
        guard case .spend(let screen)? = state.overlays.last else { return false }
        return state.snapshot.balance(of: screen.credit) > 0
    }

    /// Space or Enter spends one credit; at zero Enter opens the payment sheet for more.
    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: SpendScreen, state: inout AppState) -> [Effect] {
        switch command {
        case .spend, .spendOrBuy:
            if state.refusedAsReadOnly() { return [] }
            if state.snapshot.balance(of: screen.credit) > 0 {
                return state.perform(.spend(credit: screen.credit, buyer: state.buyer), showing: .spending(credit: screen.credit))
            }
            if command == .spendOrBuy, let product = state.productGranting(screen.credit) {
                return state.startPurchase(of: product)
            }
        case .back: state.closeTop()
        case .quit: return state.quit()
        case .help: state.push(.help(HelpScreen(topic: .spending)))
        }
        return []
    }
}
