import TerminalUI

/// One key binding of a screen: its keys, what the help and the footer say of it, when it
/// applies, and the command it gives the screen's reducer.
///
/// The reducer's dispatch, the footer and the help screen all read the same bindings, so a
/// key is declared once and cannot be offered without working, or work without being listed.
struct KeyBinding<Command: Sendable>: Sendable {
    var command: Command
    var keys: [Key]
    /// Whether every typed character and every paste gives the command, as in a text field.
    var takesTypedText: Bool
    /// The help screen's line: the keys as written there, and what they do.
    var help: KeyHelp.Line
    /// The footer's short hint, when the footer offers this binding.
    var hint: FooterHint?
    /// Whether the binding applies now: the footer offers it only then; pressed otherwise,
    /// its reducer says why not or leaves the screen as it is.
    var isAvailable: @Sendable (AppState) -> Bool

    init(_ command: Command, keys: [Key], typedText: Bool = false, help: (keys: String, meaning: String),
         hint: FooterHint? = nil, when isAvailable: @escaping @Sendable (AppState) -> Bool = { _ in true }) {
        self.command = command
        self.keys = keys
        self.takesTypedText = typedText
        self.help = KeyHelp.Line(keys: help.keys, meaning: help.meaning)
        self.hint = hint
        self.isAvailable = isAvailable
    }

    func matches(_ key: Key) -> Bool {
        if keys.contains(key) { return true }
        guard takesTypedText else { return false }
        switch key {
        case .character, .paste: return true
        default: return false
        }
    }
}

/// What the footer shows for a binding: "Enter buy".
struct FooterHint: Sendable {
    /// Where in the footer the hint goes; the footer drops hints from the end when narrow.
    enum Placement: Sendable {
        /// Before the others: the way back ("Esc show all").
        case leading
        case inOrder
        /// After the others: hints that something on screen also says ("[ ] details", "? help").
        case trailing
    }

    var key: String
    var label: @Sendable (AppState) -> String
    var placement: Placement

    init(_ key: String, _ label: String, placement: Placement = .inOrder) {
        self.init(key, placement: placement) { _ in label }
    }

    init(_ key: String, placement: Placement = .inOrder, label: @escaping @Sendable (AppState) -> String) {
        self.key = key
        self.label = label
        self.placement = placement
    }
}

/// The key bindings of one screen, in the order the help lists them (and the lookup tries them).
struct KeyTable<Command: Sendable>: Sendable {
    var bindings: [KeyBinding<Command>]

    init(_ bindings: [KeyBinding<Command>]) {
        self.bindings = bindings
    }

    /// The command `key` gives in `state`: the first binding of the key that applies, else
    /// the first bound to it at all (its reducer then says why not); nil for a key not bound here.
    func lookup(_ key: Key, in state: AppState) -> (command: Command, isAvailable: Bool)? {
        let bound = bindings.filter { $0.matches(key) }
        if let available = bound.first(where: { $0.isAvailable(state) }) { return (available.command, true) }
        return bound.first.map { ($0.command, false) }
    }

    /// The footer's hints for the bindings that apply in `state`, leading ones first.
    func footerHints(in state: AppState) -> [KeyHelp.Hint] {
        let offered = bindings.filter { $0.hint != nil && $0.isAvailable(state) }
        let placed = { (placement: FooterHint.Placement) in
            offered.compactMap { binding in
                binding.hint.flatMap { hint in
                    hint.placement == placement ? KeyHelp.Hint(hint.key, hint.label(state), keys: binding.keys) : nil
                }
            }
        }
        return placed(.leading) + placed(.inOrder) + placed(.trailing)
    }

    /// The help screen's lines, one per binding.
    var helpLines: [KeyHelp.Line] { bindings.map(\.help) }
}

extension KeyBinding {
    /// `?` opens the help with this window's keys first.
    static func openHelp(_ command: Command, placement: FooterHint.Placement = .trailing) -> KeyBinding {
        KeyBinding(command, keys: [.character("?")], help: ("?", "help for the window you are on"),
                   hint: FooterHint("?", "help", placement: placement)).sharedInHelp()
    }

    /// `q` leaves the storefront from a screen that is not a question.
    static func quit(_ command: Command) -> KeyBinding {
        KeyBinding(command, keys: [.character("q")], help: ("q", "quit the storefront")).sharedInHelp()
    }

    /// The same binding, marked as meaning the same on every screen: the help lists it once.
    private func sharedInHelp() -> KeyBinding {
        var shared = self
        shared.help.isShared = true
        return shared
    }
}
