import StoreEngine
import StorefrontText
import TerminalUI

/// The spend screen of one credit: a rage face and "Times remaining" for rage faces, "Lives"
/// for extra lives, the balance for anything else; at zero, the way to buy more.
enum SpendView {
    /// How a credit is shown, chosen from its id.
    enum Presentation: Equatable {
        case rageFaces
        case lives
        case balance

        init(credit: String) {
            let id = credit.lowercased()
            if id.contains("face") {
                self = .rageFaces
            } else if id.contains("live") || id.contains("life") {
                self = .lives
            } else {
                self = .balance
            }
        }
    }

    static func draw(_ screen: SpendScreen, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let text = state.text
        let name = text.creditName(screen.credit)
        let balance = state.snapshot.balance(of: screen.credit)
        let inside = Dialog.draw(area, title: name, into: &buffer)
        var lines: [(spans: [Span], optional: Bool)] = []
        let presentation = Presentation(credit: screen.credit)
        // A face shows only after one was spent, including the last one.
        if presentation == .rageFaces, let faceIndex = screen.face {
            let face = RageFaces.all[faceIndex % RageFaces.all.count]
            lines += face.rows.map { ([Span($0, style: Theme.face)], false) }
            lines.append(([Span(face.name, style: Theme.muted)], true))
            lines.append(([], true))
        }
        if balance > 0 {
            switch presentation {
            case .rageFaces:
                lines.append(([Span("Times remaining: ", style: Theme.emphasis), Span(text.count(balance), style: Theme.credit)], false))
            case .lives:
                let hearts = Array(repeating: "♥", count: min(balance, max(1, (inside.width - 2) / 2))).joined(separator: " ")
                lines.append(([Span(hearts, style: Theme.error)], false))
                lines.append(([], true))
                lines.append(([Span("Lives: ", style: Theme.emphasis), Span(text.count(balance), style: Theme.credit)], false))
            case .balance:
                lines.append(([Span("\(name): ", style: Theme.emphasis), Span(text.count(balance), style: Theme.credit)], false))
            }
            lines.append(([], true))
            let verb = switch presentation {
            case .rageFaces: "show a face (uses one)"
            case .lives: "use a life"
            case .balance: "spend one"
            }
            if state.readOnlyReason != nil {
                lines.append(([Span(StorefrontScreenText.spendScreenReadOnly, style: Theme.muted)], false))
            } else {
                lines.append(([Span("Space", style: Theme.key), Span(" or "), Span("Enter", style: Theme.key), Span(" \(verb)")], false))
            }
        } else {
            // The same label as while some are left, so the count reads as the one it was.
            let what = switch presentation {
            case .rageFaces: "Times remaining: \(text.count(0))"
            case .lives: "Lives: \(text.count(0))"
            case .balance: "\(name): \(text.count(0))"
            }
            lines.append(([Span(what, style: Theme.emphasis)], false))
            lines.append(([Span("No \(name) left.")], false))
            let undelivered = state.snapshot.entitlements.undeliveredCredit(screen.credit)
            if undelivered > 0 {
                // Bought here and not delivered: delivery, not another purchase, brings them.
                lines.append(([Span(StorefrontPaneText.undeliveredOnSpendScreen(undelivered, text: state.text), style: Theme.muted)], false))
            }
            if state.readOnlyReason != nil {
                lines.append(([], true))
                lines.append(([Span(StorefrontScreenText.spendScreenReadOnly, style: Theme.muted)], false))
            } else if let product = state.productGranting(screen.credit) {
                lines.append(([], true))
                let offer = [text.title(of: product), text.grantText(product), text.shownPrice(product)]
                    .compactMap { $0 }.joined(separator: " · ")
                lines.append(([Span("Enter", style: Theme.key), Span(" buy more: \(offer)")], false))
            }
        }
        // Drop the spacing lines first when the screen is short, never the face or the count.
        var shown = lines
        while shown.count > inside.height, let spacer = shown.lastIndex(where: { $0.optional }) { shown.remove(at: spacer) }
        let top = inside.y + max(0, (inside.height - shown.count) / 2)
        for (offset, line) in shown.enumerated() where top + offset < inside.maxY {
            let row = Rect(x: inside.x, y: top + offset, width: inside.width, height: 1)
            buffer.write(line.spans, in: row, alignment: .center)
        }
    }
}
