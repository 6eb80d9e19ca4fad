import StoreEngine
import TerminalUI

/// The main screen with nothing over it: the product list, its detail pane and the footer.
enum MainReducer: KeyReducer {
    enum Command: Sendable {
        case move, buy, use, restore, search, locale, account, transactions, settings, details, help, quit, clearFilter
    }

    static let keys = KeyTable<Command>(KeyBinding.listMovements(.move, hint: nil, ends: "first or last product") + [
        KeyBinding(.buy, keys: [.enter, .character("b")], help: ("Enter  b", "buy the selected product"),
                   hint: FooterHint("Enter", "buy"), when: { $0.productsUnavailableReason == nil && $0.readOnlyReason == nil }),
        // Using writes, so a read-only store refuses it before the use screen opens.
        KeyBinding(.use, keys: [.character("u")], help: ("u", "use credits: rage faces, extra lives"),
                   hint: FooterHint("u", "use"),
                   when: { $0.productsUnavailableReason == nil && $0.readOnlyReason == nil && !$0.catalog.credits.isEmpty }),
        // A read-only store refuses restoring, so it is not offered; like the space shooter's
        // menu, Restore is offered only while something is missing.
        KeyBinding(.restore, keys: [.character("r")], help: ("r", "restore purchases onto this device"),
                   hint: FooterHint("r", "restore"),
                   when: { $0.productsUnavailableReason == nil && $0.readOnlyReason == nil && KeyHelp.hasSomethingToRestore($0) }),
        KeyBinding(.search, keys: [.character("/")], help: ("/", "search titles and ids as you type"),
                   hint: FooterHint("/", "search")),
        KeyBinding(.locale, keys: [.character("l")], help: ("l", "language, region and storefront"),
                   hint: FooterHint("l", "locale")),
        KeyBinding(.account, keys: [.character("a")], help: ("a", "switch or create an account or device"),
                   hint: FooterHint("a", "account")),
        KeyBinding(.transactions, keys: [.character("t")], help: ("t", "transactions, newest first"),
                   hint: FooterHint("t", "history")),
        KeyBinding(.settings, keys: [.character("s")], help: ("s", "settings: Ask to Buy, billing, time, errors"),
                   hint: FooterHint("s", "settings")),
        // Last in the footer: the pane itself says when it has more, so narrow windows can do without it.
        KeyBinding(.details, keys: [.character("]"), .character("[")], help: ("[  ]", "scroll the product's details"),
                   hint: FooterHint("[ ]", "details", placement: .trailing), when: KeyHelp.detailOverflows),
        .openHelp(.help, placement: .inOrder),
        KeyBinding(.quit, keys: [.character("q")], help: ("q", "quit (on a sheet, q only cancels the sheet)"),
                   hint: FooterHint("q", "quit")),
        KeyBinding(.clearFilter, keys: [.escape], help: ("Esc", "close the top window; clear the search"),
                   hint: FooterHint("Esc", "show all", placement: .leading), when: { !$0.list.query.isEmpty }),
    ])

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: Void, state: inout AppState) -> [Effect] {
        switch command {
        case .move:
            if let movement = ProductList.Movement(key) { state.list.move(movement, viewportHeight: state.listViewportHeight) }
        // Buying and restoring run even where the footer leaves them out: the store's answer
        // (read-only, nothing to restore) says why nothing happened.
        case .buy: return state.selectedProduct.map { state.startPurchase(of: $0) } ?? []
        case .use: if !state.refusedAsReadOnly() { state.openSpendScreen() }
        case .restore: return state.perform(.restore(state.buyer), showing: .restoring)
        case .search: state.isSearching = true
        case .locale: state.push(.picker(state.localePicker()))
        case .account: state.push(.picker(state.accountPicker()))
        case .transactions: state.push(.transactions(TransactionsScreen(count: state.snapshot.transactions.count)))
        case .settings: state.push(.settings(SettingsScreen()))
        case .details: state.scrollDetail(by: key == .character("]") ? 1 : -1)
        case .help: state.push(.help(HelpScreen(topic: .main)))
        case .quit: return state.quit()
        case .clearFilter:
            guard isAvailable else { return [] }
            state.list.rebuild(catalog: state.catalog, locale: state.locale, query: "", viewportHeight: state.listViewportHeight)
        }
        return []
    }
}
