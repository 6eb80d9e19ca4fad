import TerminalUI

/// The keys of the screen `?` was pressed on, then every other key, in a box that scrolls
/// when the window is short.
enum HelpView {
    private static func frame(lines: Int, size: Size) -> Rect {
        let area = MainLayout.overlayArea(for: size)
        return Dialog.frame(width: min(68, area.width - 4), height: lines + 2, in: area)
    }

    /// Lines of keys shown at once.
    static func visibleLines(lines: Int, size: Size) -> Int { max(1, frame(lines: lines, size: size).height - 2) }

    /// The furthest a list of `lines` can scroll.
    static func maximumOffset(lines: Int, size: Size) -> Int { max(0, lines - visibleLines(lines: lines, size: size)) }

    /// The furthest the help of the main screen can scroll.
    static func maximumOffset(size: Size) -> Int { maximumOffset(lines: KeyHelp.all.count, size: size) }

    static func draw(_ screen: HelpScreen, in area: Rect, into buffer: inout ScreenBuffer) {
        let lines = KeyHelp.lines(for: screen.topic)
        let frame = frame(lines: lines.count, size: buffer.size)
        let inside = Dialog.draw(frame, title: "Keys", into: &buffer)
        let offset = min(screen.offset, maximumOffset(lines: lines.count, size: buffer.size))
        let keyWidth = lines.map(\.keys.displayWidth).max() ?? 0
        for (row, line) in lines.dropFirst(offset).prefix(inside.height).enumerated() {
            let rect = inside.row(row)
            if line.keys.isEmpty {
                buffer.write(line.meaning, in: rect, style: Theme.section)
            } else {
                buffer.write([Span("  " + line.keys.padded(toWidth: keyWidth), style: Theme.key), Span("  " + line.meaning)], in: rect)
            }
        }
    }
}
