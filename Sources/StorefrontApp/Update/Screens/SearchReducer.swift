import StoreEngine
import TerminalUI

/// The search field in the footer: typing filters the list at once.
enum SearchReducer: KeyReducer {
    enum Command: Sendable {
        case type, deleteBackward, accept, clear, move
    }

    static let keys = KeyTable<Command>([
        KeyBinding(.type, keys: [], typedText: true, help: ("letters", "filter titles and ids; a paste is typed in too")),
        KeyBinding(.deleteBackward, keys: [.backspace], help: ("Backspace", "take back the last letter")),
        KeyBinding(.accept, keys: [.enter], help: ("Enter", "one match: buy it; more or none: keep filter"),
                   hint: FooterHint("Enter") { $0.list.productCount == 1 ? "buy the match" : "keep filter" }),
        KeyBinding(.clear, keys: [.escape], help: ("Esc", "clear the search and show everything"),
                   hint: FooterHint("Esc", "clear")),
        KeyBinding(.move, keys: [.up, .down, .pageUp, .pageDown], help: ("↑ ↓  PgUp PgDn", "move through the matches")),
    ])

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: Void, state: inout AppState) -> [Effect] {
        switch command {
        case .type:
            if case .character(let character) = key { search(for: state.list.query + String(character), in: &state) }
            if case .paste(let text) = key { search(for: state.list.query + TextField.singleLine(text), in: &state) }
        case .deleteBackward:
            search(for: String(state.list.query.dropLast()), in: &state)
        case .accept:
            // Enter buys only a single match; with more (or none) it keeps the filter and
            // closes the field, so a search never buys a product the person did not see alone.
            state.isSearching = false
            guard state.list.productCount == 1 else { return [] }
            return state.selectedProduct.map { state.startPurchase(of: $0) } ?? []
        case .clear:
            state.isSearching = false
            search(for: "", in: &state)
        case .move:
            if let movement = ProductList.Movement(key) { state.list.move(movement, viewportHeight: state.listViewportHeight) }
        }
        return []
    }

    /// Filters the list by `query`, cut to the longest search the field takes. Characters that
    /// draw nothing (controls, bidi controls, invisible ones), which a name may not hold either,
    /// are left out: the field shows no trace of them, so a search holding one matched nothing
    /// while it read like one that matched.
    private static func search(for query: String, in state: inout AppState) {
        let shown = query.map { character -> String in
            guard !AppState.isAllowed(character, in: .account) else { return String(character) }
            // Only what draws nothing goes: a letter that a joiner or mark was typed after stays.
            let drawn = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && !BuyerName.isRefused($0) }
            return String(String.UnicodeScalarView(drawn))
        }.joined()
        state.list.rebuild(catalog: state.catalog, locale: state.locale, query: String(shown.prefix(TextField.maximumLength)),
                           viewportHeight: state.listViewportHeight)
    }
}
