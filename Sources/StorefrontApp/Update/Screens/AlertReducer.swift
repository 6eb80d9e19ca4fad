import TerminalUI

/// A message to acknowledge.
enum AlertReducer: KeyReducer {
    enum Command: Sendable {
        case close, quit, help
    }

    static let keys = KeyTable<Command>([
        KeyBinding(.close, keys: [.enter, .escape, .character(" "), .character("y"), .character("n")],
                   help: ("Enter  Esc", "close the message; good news needs no key"), hint: FooterHint("Enter", "OK")),
        .quit(.quit),
        .openHelp(.help),
    ])

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: Alert, state: inout AppState) -> [Effect] {
        switch command {
        case .close: state.closeTop()
        case .quit: return state.quit()
        case .help: state.push(.help(HelpScreen(topic: .message)))
        }
        return []
    }
}
