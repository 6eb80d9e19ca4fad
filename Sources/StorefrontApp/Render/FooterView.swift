import TerminalUI

/// The bottom line: the search field while searching, and the keys that work now.
enum FooterView {
    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard !area.isEmpty else { return }
        var spans: [Span] = []
        if state.overlays.isEmpty, state.isSearching || !state.list.query.isEmpty {
            spans.append(Span(" Search: ", style: Theme.emphasis))
            spans.append(Span(state.list.query))
            if state.isSearching { spans.append(Span(" ", style: Style.plain.reversed())) }
            spans.append("  ")
        } else {
            spans.append(" ")
        }
        let start = spans.reduce(0) { $0 + $1.displayWidth }
        let hints = KeyHelp.footerHints(for: state)
        for (index, hint) in shownHints(hints, width: area.width - start, keepingWayBack: !state.overlays.isEmpty).enumerated() {
            // The gap goes before a hint, never after the last: a line that ends at the edge fits.
            spans.append(Span(index == 0 ? "" : "  "))
            spans.append(Span(hint.key, style: Theme.key))
            spans.append(Span(" \(hint.label)"))
        }
        buffer.write(spans, in: area)
    }

    /// The hints that fit in `width` columns, in their order, dropped from the end. The way
    /// out is kept first, and the others fit in around it: over a screen on top
    /// (`keepingWayBack`), the way back (Esc) and help (?), since a narrow transactions screen
    /// lost them to its actions; on the main screen, clearing a search (Esc), help (?) and quit
    /// (q), which an 80-column window lost to the other keys, so a newcomer saw no way to either.
    static func shownHints(_ hints: [KeyHelp.Hint], width: Int, keepingWayBack: Bool) -> [KeyHelp.Hint] {
        let kept: Set<String> = keepingWayBack ? ["Esc", "?"] : ["Esc", "?", "q"]
        let isKept = { (hint: KeyHelp.Hint) in kept.contains(hint.key) }
        let size = { (hint: KeyHelp.Hint) in hint.key.displayWidth + 1 + hint.label.displayWidth }
        var chosen = Set<Int>()
        var used = -2
        for pass in [true, false] {
            for (index, hint) in hints.enumerated() where isKept(hint) == pass {
                // A hint that does not fit ends its pass, so the others drop from the end.
                guard used + 2 + size(hint) <= width else { break }
                chosen.insert(index)
                used += 2 + size(hint)
            }
        }
        return hints.indices.filter(chosen.contains).map { hints[$0] }
    }
}
