import StorefrontText
import TerminalUI

/// The locale and storefront picker, and the account and device switcher.
enum PickerView {
    /// The dialog's frame for `picker` in a window of `size`.
    static func frame(for picker: Picker, size: Size) -> Rect {
        let area = MainLayout.overlayArea(for: size)
        let width = min(64, area.width - 4)
        return Dialog.frame(width: width, height: picker.rows.count + 5 + errorRowsBeyondOne(picker, insideWidth: width - 4), in: area)
    }

    /// Rows of choices the dialog shows at once; `update` scrolls by it.
    static func listHeight(for picker: Picker, size: Size) -> Int {
        let frame = frame(for: picker, size: size)
        return max(1, frame.height - 5 - errorRowsBeyondOne(picker, insideWidth: frame.width - 4))
    }

    /// The rows a field's error takes past its own: the dialog grows by them where the window
    /// has room, so a long error hides none of the list (where it has not, it takes list rows).
    static func errorRowsBeyondOne(_ picker: Picker, insideWidth: Int) -> Int {
        guard let error = picker.typing?.entry.error else { return 0 }
        return max(0, min(error.wrapped(toWidth: max(1, insideWidth)).count, maximumErrorRows) - 1)
    }

    /// Rows a field's error may take: everything a paste can have left out, said at once.
    static let maximumErrorRows = 5

    /// The field's text in `width` columns with the cursor shown (the character under it
    /// reversed, or a reversed blank at the end): the text before the cursor cut at its start
    /// when long, so the cursor stays in view, and what follows cut at its end.
    static func fieldSpans(_ field: TextField, width: Int) -> [Span] {
        let characters = Array(field.text)
        let offset = field.cursorOffset
        let under = offset < characters.count ? String(characters[offset]) : " "
        let after = offset < characters.count ? String(characters[(offset + 1)...]) : ""
        let before = endOf(String(characters[..<offset]), fitting: max(0, width - under.displayWidth))
        let room = max(0, width - before.displayWidth - under.displayWidth)
        let shownAfter = after.displayWidth > room ? after.truncated(toWidth: room) : after
        return [Span(before), Span(under, style: Style.plain.reversed()), Span(shownAfter)]
    }

    /// `text` as the field shows it in `width` columns: whole when it fits, else "…" and its end,
    /// so what was typed last stays in view by the cursor (cutting the end hid it).
    static func endOf(_ text: String, fitting width: Int) -> String {
        guard text.displayWidth > width, width > 1 else { return text }
        var end = ""
        for character in text.reversed() {
            guard end.displayWidth + String(character).displayWidth <= width - 1 else { break }
            end.insert(character, at: end.startIndex)
        }
        return "…" + end
    }

    static func draw(_ picker: Picker, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let frame = frame(for: picker, size: buffer.size)
        let title = picker.purpose == .localeAndStorefront ? "Language and storefront" : "Account and device"
        let inside = Dialog.draw(frame, title: title, into: &buffer)
        let bands = inside.rows([.fill, .fixed(1), .fixed(1), .fixed(1)])
        let list = bands[0]
        buffer.drawList(in: list, scroll: picker.scroll, selectedStyle: Theme.selection) { index in
            let row = picker.rows[index]
            guard row.choice != nil else { return ListRow(leading: [Span(row.label, style: Theme.section)]) }
            let marker = row.isCurrent ? "● " : "  "
            return ListRow(leading: [Span("  " + marker + row.label, style: row.isCurrent ? Theme.emphasis : .plain)],
                           trailing: row.detail.isEmpty ? [] : [Span(row.detail, style: Theme.muted)])
        }
        if let typing = picker.typing {
            // The error goes on the last rows, the field on the row above it: an error longer
            // than a row takes the blank row above the field, and then rows of the list (up to
            // five rows in all), so it reads whole.
            let errorLines = typing.entry.error?.wrapped(toWidth: inside.width) ?? []
            let errorRows = max(1, min(errorLines.count, Self.maximumErrorRows, inside.height - 1))
            let fieldBand = inside.row(inside.height - errorRows - 1)
            buffer.fill(Rect(x: inside.x, y: fieldBand.y, width: inside.width, height: errorRows + 1))
            let prompt = typing.field.prompt + " "
            buffer.write([Span(prompt, style: Theme.emphasis)] + Self.fieldSpans(typing.entry, width: fieldBand.width - prompt.displayWidth),
                         in: fieldBand)
            for index in 0..<min(errorRows, errorLines.count) {
                // The last row takes what is left, cut with "…" when even the rows it has are too few.
                let line = index == errorRows - 1 ? errorLines[index...].joined(separator: " ") : errorLines[index]
                buffer.write(line, in: inside.row(inside.height - errorRows + index), style: Theme.error)
            }
        } else {
            // On the two rows a typed name and its error use, so the note is read whole, not cut.
            let note = picker.purpose == .localeAndStorefront
                ? StorefrontPaneText.localePickerNote : StorefrontPaneText.accountPickerNote
            for (line, band) in zip(note.wrapped(toWidth: inside.width), bands[2...]) {
                buffer.write(line, in: band, style: Theme.muted)
            }
        }
    }
}
