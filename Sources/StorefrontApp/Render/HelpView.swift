import TerminalUI

/// The keys of the screen `?` was pressed on, then every other key, in a box that scrolls
/// when the window is short. A meaning too long for the box goes on in the rows below it,
/// under where it started, so a narrow window shows every word.
enum HelpView {
    /// One row of the box: a section's heading, or a key line's keys (empty on the rows that go
    /// on with its meaning) and the part of the meaning on this row.
    struct Row: Equatable {
        var keys: String
        var text: String
        var isHeading: Bool
    }

    private static func frame(rows: Int, size: Size) -> Rect {
        let area = MainLayout.overlayArea(for: size)
        return Dialog.frame(width: min(68, area.width - 4), height: rows + 2, in: area)
    }

    /// The columns inside the box: its width less the border and a column of padding each side.
    private static func insideWidth(size: Size) -> Int { max(1, frame(rows: 1, size: size).width - 4) }

    /// The narrowest a meaning is wrapped to; below it the meaning is cut, as a row of keys
    /// with one word beside them reads worse than a cut line.
    private static let narrowestMeaning = 12

    /// The rows of `topic`'s help as a box in a window of `size` shows them.
    static func rows(for topic: HelpTopic, size: Size) -> [Row] {
        let lines = KeyHelp.lines(for: topic)
        let width = insideWidth(size: size)
        let keyWidth = lines.map(\.keys.displayWidth).max() ?? 0
        let meaningWidth = width - keyWidth - 4
        return lines.flatMap { line -> [Row] in
            if line.keys.isEmpty {
                return line.meaning.wrapped(toWidth: width).map { Row(keys: "", text: $0, isHeading: true) }
            }
            let keys = line.keys.padded(toWidth: keyWidth)
            guard meaningWidth >= narrowestMeaning else { return [Row(keys: keys, text: line.meaning, isHeading: false)] }
            return line.meaning.wrapped(toWidth: meaningWidth).enumerated().map { index, part in
                Row(keys: index == 0 ? keys : String(repeating: " ", count: keyWidth), text: part, isHeading: false)
            }
        }
    }

    /// Rows shown at once.
    static func visibleRows(rows: Int, size: Size) -> Int { max(1, frame(rows: rows, size: size).height - 2) }

    /// The furthest `topic`'s help can scroll in a window of `size`.
    static func maximumOffset(topic: HelpTopic = .main, size: Size) -> Int {
        let count = rows(for: topic, size: size).count
        return max(0, count - visibleRows(rows: count, size: size))
    }

    static func draw(_ screen: HelpScreen, in area: Rect, into buffer: inout ScreenBuffer) {
        let rows = rows(for: screen.topic, size: buffer.size)
        let frame = frame(rows: rows.count, size: buffer.size)
        let offset = min(screen.offset, maximumOffset(topic: screen.topic, size: buffer.size))
        // A help taller than its box says which rows it shows, so its end is not taken for the help's.
        let shown = visibleRows(rows: rows.count, size: buffer.size)
        let title = shown < rows.count ? "Keys · rows \(offset + 1)–\(offset + shown) of \(rows.count)" : "Keys"
        let inside = Dialog.draw(frame, title: title, into: &buffer)
        for (index, row) in rows.dropFirst(offset).prefix(inside.height).enumerated() {
            let rect = inside.row(index)
            if row.isHeading {
                buffer.write(row.text, in: rect, style: Theme.section)
            } else {
                buffer.write([Span("  " + row.keys, style: Theme.key), Span("  " + row.text)], in: rect)
            }
        }
    }
}
