import TerminalUI

/// An outcome that needs no answer, in a box near the bottom of the screen; it goes away with
/// the next key, which does its own work, but for Enter, which only closes it.
enum NoticeView {
    /// `keptRows`: rows at the bottom of `area` the box leaves as they are (a frame's bottom
    /// border, and the lines under a list that say what its selection is), where it fits above them.
    static func draw(_ notice: Alert, in area: Rect, keepingRows keptRows: Int, into buffer: inout ScreenBuffer) {
        let width = min(60, area.width - 4)
        let lines = notice.message.wrapped(toWidth: max(1, width - 4)).map { [Span($0)] }
        let height = min(lines.count + 2, area.height)
        let x = area.x + max(0, (area.width - width) / 2)
        let frame = Rect(x: x, y: max(area.y, area.maxY - height - keptRows), width: width, height: height)
        let inside = Dialog.draw(frame, title: notice.title, style: Theme.style(for: notice.tone), into: &buffer)
        Dialog.write(lines, in: inside, into: &buffer)
    }
}
