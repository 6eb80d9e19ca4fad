import StoreEngine
import TerminalUI

/// The device's settings, each row a name and its value.
enum SettingsView {
    static func draw(_ screen: SettingsScreen, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let width = min(60, area.width - 4)
        let note = "Stored in the entitlements file, so `storefront settings` sees them too. "
            + "The next-purchase outcome applies to one purchase, then goes back to succeed."
        let noteLines = note.wrapped(toWidth: max(1, width - 4))
        let frame = Dialog.frame(width: width, height: SettingsScreen.Row.allCases.count + noteLines.count + 3, in: area)
        let inside = Dialog.draw(frame, title: "Settings of device \(state.buyer.device)", into: &buffer)
        for (offset, row) in SettingsScreen.Row.allCases.enumerated() {
            let rect = inside.row(offset)
            let (label, value) = describe(row, snapshot: state.snapshot)
            let selected = row == screen.selection
            if selected { buffer.fill(rect, style: Theme.selection) }
            let style = selected ? Theme.selection : Style.plain
            buffer.write([Span(label, style: style)], in: rect)
            buffer.write([Span("‹ \(value) ›", style: selected ? Theme.selection : Theme.emphasis)], in: rect, alignment: .right)
        }
        let noteArea = Rect(x: inside.x, y: inside.y + SettingsScreen.Row.allCases.count + 1,
                            width: inside.width, height: max(0, inside.height - SettingsScreen.Row.allCases.count - 1))
        Dialog.write(noteLines.map { [Span($0, style: Theme.muted)] }, in: noteArea, into: &buffer)
    }

    private static func describe(_ row: SettingsScreen.Row, snapshot: StoreSnapshot) -> (String, String) {
        switch row {
        case .purchasesAllowed: ("Purchases allowed on this device", snapshot.purchasesAllowed ? "On" : "Off")
        case .nextPurchase: ("Outcome of the next purchase", snapshot.nextPurchase.rawValue.capitalized)
        }
    }
}
