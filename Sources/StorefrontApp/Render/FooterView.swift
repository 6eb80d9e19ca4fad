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
        var used = spans.reduce(0) { $0 + $1.displayWidth }
        // The gap goes before a hint, never after the last: a line that ends at the edge fits.
        for (index, hint) in KeyHelp.footerHints(for: state).enumerated() {
            let gap = index == 0 ? "" : "  "
            let width = gap.count + hint.key.displayWidth + 1 + hint.label.displayWidth
            guard used + width <= area.width else { break }
            spans.append(Span(gap))
            spans.append(Span(hint.key, style: Theme.key))
            spans.append(Span(" \(hint.label)"))
            used += width
        }
        buffer.write(spans, in: area)
    }
}
