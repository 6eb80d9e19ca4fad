import TerminalUI

/// The help screen: scrolls, and closes back to the screen it was opened on.
enum HelpReducer: KeyReducer {
    enum Command: Sendable {
        case scroll, close, quit
    }

    static let keys = KeyTable<Command>([
        KeyBinding(.scroll, keys: [.up, .down, .character("k"), .character("j"), .pageUp, .pageDown],
                   help: ("↑ ↓  PgUp PgDn", "scroll this help"), hint: FooterHint("↑↓", "scroll")),
        KeyBinding(.close, keys: [.escape, .enter, .character("?")], help: ("Esc  Enter  ?", "close this help"),
                   hint: FooterHint("Esc", "close")),
        .quit(.quit),
    ])

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: HelpScreen, state: inout AppState) -> [Effect] {
        switch command {
        case .scroll:
            var screen = screen
            let lines = KeyHelp.lines(for: screen.topic).count
            let page = HelpView.visibleLines(lines: lines, size: state.size)
            let bottom = HelpView.maximumOffset(lines: lines, size: state.size)
            let delta = ProductList.Movement(key)?.delta(page: page, count: lines) ?? 0
            screen.offset = min(max(0, screen.offset + delta), bottom)
            state.replaceTop(with: .help(screen))
        case .close: state.closeTop()
        case .quit: return state.quit()
        }
        return []
    }
}
