import TerminalUI

/// A box drawn over the screen: the area under it is cleared first.
enum Dialog {
    /// The rectangle of a `width` x `height` dialog centred in `area` (clamped to it).
    static func frame(width: Int, height: Int, in area: Rect) -> Rect {
        area.centered(width: min(width, area.width), height: min(height, area.height))
    }

    /// Clears `frame`, draws its border and title, and returns the inside with one column of padding.
    @discardableResult
    static func draw(_ frame: Rect, title: String, style: Style = Theme.dialogBorder,
                     into buffer: inout ScreenBuffer) -> Rect {
        buffer.fill(frame)
        let inside = buffer.drawBox(frame, style: style, border: .rounded, title: title, titleStyle: style)
        return inside.inset(horizontal: 1, vertical: 0)
    }

    /// Writes `lines` from the top of `area`, one per row, clipped to it.
    static func write(_ lines: [[Span]], in area: Rect, into buffer: inout ScreenBuffer) {
        for (offset, line) in lines.prefix(area.height).enumerated() {
            buffer.write(line, in: area.row(offset))
        }
    }
}
