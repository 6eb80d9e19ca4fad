import StorefrontText
import StoreEngine
import TerminalUI

/// The device's settings, each row a name and its value.
enum SettingsView {
    /// The box in `area` and its note, wrapped to the box.
    private static func layout(in area: Rect) -> (frame: Rect, noteLines: [String]) {
        let width = min(60, area.width - 4)
        let noteLines = StorefrontPaneText.settingsNote.wrapped(toWidth: max(1, width - 4))
        return (Dialog.frame(width: width, height: SettingsScreen.Row.allCases.count + noteLines.count + 3, in: area), noteLines)
    }

    /// Rows shown at once in a window of `size`: what PgUp and PgDn move by.
    static func visibleRows(size: Size) -> Int {
        visibleRows(inside: layout(in: MainLayout.overlayArea(for: size)).frame.height - 2)
    }

    private static func visibleRows(inside height: Int) -> Int { max(1, min(SettingsScreen.Row.allCases.count, height)) }

    static func draw(_ screen: SettingsScreen, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let (frame, noteLines) = layout(in: area)
        let rows = SettingsScreen.Row.allCases
        let inside = Dialog.draw(frame, title: "Settings (device \(state.buyer.device))", into: &buffer)
        // On a short screen the rows scroll so the selected one stays visible.
        let selectedIndex = rows.firstIndex(of: screen.selection) ?? 0
        let visibleRows = visibleRows(inside: inside.height)
        let first = min(max(0, selectedIndex - visibleRows + 1), rows.count - visibleRows)
        for (offset, row) in rows.enumerated().dropFirst(first).prefix(visibleRows) {
            let rect = inside.row(offset - first)
            var (label, value) = describe(row, snapshot: state.snapshot)
            if row == .timeRate, let draft = screen.draftTimeRate {
                label = "Time rate (Enter applies)"
                value = draft.rawValue
            }
            let selected = row == screen.selection
            if selected { buffer.fill(rect, style: Theme.selection) }
            let style = selected ? Theme.selection : Style.plain
            let shownValue = "‹ \(value) ›"
            // A label that does not fit beside its value is cut with "…" (the value drawn over it cut it bare).
            buffer.write([Span(label.truncated(toWidth: max(0, rect.width - shownValue.displayWidth - 1)), style: style)], in: rect)
            buffer.write([Span(shownValue, style: selected ? Theme.selection : Theme.emphasis)], in: rect, alignment: .right)
        }
        let noteArea = Rect(x: inside.x, y: inside.y + visibleRows + 1,
                            width: inside.width, height: max(0, inside.height - visibleRows - 1))
        Dialog.write(noteLines.map { [Span($0, style: Theme.muted)] }, in: noteArea, into: &buffer)
    }

    private static func describe(_ row: SettingsScreen.Row, snapshot: StoreSnapshot) -> (String, String) {
        switch row {
        case .purchasesAllowed: ("Purchases allowed on this device", snapshot.purchasesAllowed ? "On" : "Off")
        case .nextPurchase: ("Outcome of the next purchase", snapshot.nextPurchase.rawValue.capitalized)
        case .askToBuy: ("Ask to Buy", snapshot.settings.askToBuy ? "On" : "Off")
        case .interruptedPurchases: ("Interrupted purchases", snapshot.settings.interruptedPurchases ? "On" : "Off")
        case .billingRetry: ("Renewals fail (billing retry)", snapshot.settings.billingRetry ? "On" : "Off")
        case .gracePeriod: ("Grace period", snapshot.settings.gracePeriod ? "On" : "Off")
        case .promotionalOfferSignatures:
            (StorefrontPaneText.offerSignaturesSetting, StorefrontPaneText.offerSignaturesValue(
                snapshot.settings.promotionalOfferSignatures.rawValue, inForce: snapshot.offerSignaturesRequired))
        case .timeRate: ("Time rate", snapshot.timeline.rate.rawValue)
        case .failure(let operation):
            ("Fail \(operation.rawValue)", snapshot.settings.failures[operation]?.settingValue ?? "none")
        }
    }
}
