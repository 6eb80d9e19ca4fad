import TerminalUI

/// The help screen: scrolls, and closes back to the screen it was opened on.
enum HelpReducer: KeyReducer {
    enum Command: Sendable {
        case scroll, close, quit
    }

    static let keys = KeyTable<Command>(KeyBinding.listMovements(.scroll, hint: FooterHint("↑↓", "scroll"), moves: "scroll this help",
                                                                 pages: "scroll a page", ends: "top or bottom of this help") + [
        KeyBinding(.close, keys: [.escape, .enter], help: ("Esc  Enter", "close this help"), hint: FooterHint("Esc", "close")),
        // The keys that open the help also close it; F1 is bound here so that the help lists it.
        KeyBinding(.close, keys: [.character("?"), .function(1)], help: ("?  F1", "close it too, as they opened it")),
        .quit(.quit),
    ])

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: HelpScreen, state: inout AppState) -> [Effect] {
        switch command {
        case .scroll:
            var screen = screen
            let rows = HelpView.rows(for: screen.topic, size: state.size).count
            let page = HelpView.visibleRows(rows: rows, size: state.size)
            let bottom = HelpView.maximumOffset(topic: screen.topic, size: state.size)
            let delta = ProductList.Movement(key)?.delta(page: page, count: rows) ?? 0
            screen.offset = min(max(0, screen.offset + delta), bottom)
            state.replaceTop(with: .help(screen))
        case .close: state.closeTop()
        case .quit: return state.quit()
        }
        return []
    }
}
