import TerminalUI

/// A message to acknowledge.
enum AlertReducer: KeyReducer {
    enum Command: Sendable {
        case close, quit, help
    }

    static let keys = KeyTable<Command>([
        // One in a sheet's place takes these a moment after it shows, as the sheet did; the
        // footer offers Enter from then on.
        KeyBinding(.close, keys: [.enter, .character(" "), .character("y"), .character("n")],
                   help: ("Enter", "close the message; good news needs no key"), hint: FooterHint("Enter", "OK"),
                   when: { $0.overlays.last?.isConfirmation != true || $0.isConfirmationArmed(at: $0.keyTime) }),
        KeyBinding(.close, keys: [.escape], help: ("Esc", "close the message at once")),
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
