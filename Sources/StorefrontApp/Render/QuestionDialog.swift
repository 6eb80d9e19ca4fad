import TerminalUI

/// A warning-coloured box that asks something before it is done: the question, then Enter and Esc.
enum QuestionDialog {
    /// `note`, when given, follows the question in the warning's colour: that it changed while open.
    static func draw(title: String, question: String, note: String? = nil, yes: String, no: String, width: Int, in area: Rect,
                     into buffer: inout ScreenBuffer) {
        var lines = question.wrapped(toWidth: max(1, width - 4)).map { [Span($0)] }
        if let note { lines += note.wrapped(toWidth: max(1, width - 4)).map { [Span($0, style: Theme.style(for: .warning))] } }
        lines.append([])
        lines.append([Span("Enter", style: Theme.key), Span(" \(yes)    "), Span("Esc", style: Theme.key), Span(" \(no)")])
        let frame = Dialog.frame(width: width, height: lines.count + 2, in: area)
        let inside = Dialog.draw(frame, title: title, style: Theme.style(for: .warning), into: &buffer)
        Dialog.write(lines, in: inside, into: &buffer)
    }
}
