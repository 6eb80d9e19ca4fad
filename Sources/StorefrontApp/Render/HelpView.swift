import TerminalUI

/// Every key, in a box that scrolls when the window is short.
enum HelpView {
    private static func frame(size: Size) -> Rect {
        let area = MainLayout.overlayArea(for: size)
        return Dialog.frame(width: min(64, area.width - 4), height: KeyHelp.all.count + 2, in: area)
    }

    /// Lines of keys shown at once.
    static func visibleLines(size: Size) -> Int { max(1, frame(size: size).height - 2) }

    /// The furthest the list can scroll.
    static func maximumOffset(size: Size) -> Int { max(0, KeyHelp.all.count - visibleLines(size: size)) }

    static func draw(_ screen: HelpScreen, in area: Rect, into buffer: inout ScreenBuffer) {
        let frame = frame(size: buffer.size)
        let inside = Dialog.draw(frame, title: "Keys", into: &buffer)
        let offset = min(screen.offset, maximumOffset(size: buffer.size))
        let keyWidth = KeyHelp.all.map(\.keys.displayWidth).max() ?? 0
        for (row, line) in KeyHelp.all.dropFirst(offset).prefix(inside.height).enumerated() {
            let rect = inside.row(row)
            if line.keys.isEmpty {
                buffer.write(line.meaning, in: rect, style: Theme.section)
            } else {
                buffer.write([Span("  " + line.keys.padded(toWidth: keyWidth), style: Theme.key), Span("  " + line.meaning)], in: rect)
            }
        }
    }
}
