import TerminalUI

/// A screen's own reducer: its key table, and what each of its commands does to the app state.
///
/// `AppState` hands a key to the reducer of what is on top; the reducer looks the key up in
/// its table and carries out the command, so a key is never matched anywhere else.
protocol KeyReducer {
    associatedtype Command: Sendable
    /// The screen's own value, as the overlay holds it (Void for the main screen and search).
    associatedtype Screen

    static var keys: KeyTable<Command> { get }

    /// Carries out `command`, given by `key`; `isAvailable` is false when the binding does not
    /// apply now (the reducer then says why not, or leaves things as they are).
    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: Screen, state: inout AppState) -> [Effect]
}

extension KeyReducer {
    /// Handles `key` on this screen; a key the table does not bind does nothing.
    static func press(_ key: Key, screen: Screen, state: inout AppState) -> [Effect] {
        guard let found = keys.lookup(key, in: state) else { return [] }
        return reduce(found.command, key: key, isAvailable: found.isAvailable, screen: screen, state: &state)
    }
}

/// Keys that work on every screen, text fields included.
enum EverywhereKeys {
    enum Command: Sendable {
        case help
        case quit
    }

    static let table = KeyTable<Command>([
        KeyBinding(.help, keys: [.function(1)], help: ("F1", "help, even in a text field (where ? is typed)")),
        KeyBinding(.quit, keys: [.ctrl("c")], help: ("Ctrl-C", "quit from anywhere; cancels an open sheet")),
    ])

    static func command(for key: Key, in state: AppState) -> Command? {
        table.lookup(key, in: state)?.command
    }
}

extension ProductList.Movement {
    /// The movement a navigation key asks for: arrows, j/k, PgUp/PgDn, Home/End, g/G.
    ///
    /// Lists bind these keys in their tables; this says which way each one goes.
    init?(_ key: Key) {
        switch key {
        case .up, .character("k"): self = .up
        case .down, .character("j"): self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home, .character("g"): self = .first
        case .end, .character("G"): self = .last
        default: return nil
        }
    }
}

extension ProductList.Movement {
    /// How many rows the movement goes in a list of `count` rows shown `page` at a time.
    func delta(page: Int, count: Int) -> Int {
        switch self {
        case .up: -1
        case .down: 1
        case .pageUp: -page
        case .pageDown: page
        case .first: -count
        case .last: count
        }
    }
}

extension KeyBinding {
    /// The list movements: ↑ ↓ k j, PgUp PgDn, Home End g G, each line giving `command`; every
    /// screen that moves or scrolls takes all of them, so the keys of one list work in all.
    static func listMovements(_ command: Command, hint: FooterHint? = FooterHint("↑↓", "move"), moves: String = "move the selection",
                              pages: String = "move a page", ends: String = "first or last") -> [KeyBinding] {
        [
            KeyBinding(command, keys: [.up, .down, .character("k"), .character("j")], help: ("↑ ↓  k j", moves), hint: hint),
            KeyBinding(command, keys: [.pageUp, .pageDown], help: ("PgUp PgDn", pages)),
            KeyBinding(command, keys: [.home, .end, .character("g"), .character("G")], help: ("Home End  g G", ends)),
        ]
    }
}
