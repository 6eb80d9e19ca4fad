import TerminalUI

/// The title bar (app, account, device, locale, storefront) and the line of credit balances.
enum HeaderView {
    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let titleRow = area.row(0)
        buffer.fill(titleRow, style: Theme.titleBar)
        let location = "\(state.buyer.account) on \(state.buyer.device) · \(state.locale) · \(state.storefront) "
        let whereWidth = buffer.write(location, in: titleRow, alignment: .right, style: Theme.titleBar)
        buffer.write(" \(state.catalog.appName) Store",
                     in: Rect(x: titleRow.x, y: titleRow.y, width: max(0, titleRow.width - whereWidth - 1), height: 1),
                     style: Theme.titleBar)

        let creditsRow = area.row(1)
        let badges = self.badges(state)
        let badgeWidth = buffer.write(badges, in: creditsRow, alignment: .right)
        var credits: [Span] = [" "]
        for (index, credit) in state.catalog.credits.enumerated() {
            if index > 0 { credits.append(Span(" · ", style: Theme.muted)) }
            credits.append(Span("\(state.text.creditName(credit.id)) "))
            credits.append(Span("\(state.snapshot.balance(of: credit.id))", style: Theme.credit))
        }
        buffer.write(credits, in: Rect(x: creditsRow.x, y: creditsRow.y,
                                       width: max(0, creditsRow.width - badgeWidth - 1), height: 1))
    }

    /// Warnings worth seeing at all times: purchases off, a forced next outcome, read-only.
    private static func badges(_ state: AppState) -> [Span] {
        var labels: [String] = []
        if !state.snapshot.timeline.isReal {
            labels.append("Store time \(state.text.dates.dateTime(state.storeNow, locale: state.locale)) · \(state.snapshot.timeline.rate.rawValue)")
        }
        if state.readOnlyReason != nil { labels.append("Read-only") }
        if !state.snapshot.purchasesAllowed { labels.append("Purchases off") }
        if state.snapshot.nextPurchase != .succeed { labels.append("Next purchase: \(state.snapshot.nextPurchase.rawValue)") }
        var spans: [Span] = []
        for label in labels {
            spans.append(Span(" \(label) ", style: Theme.badge))
            spans.append(" ")
        }
        return spans
    }
}

/// The read-only warning under the header, when the ledger cannot be trusted or opened.
enum BannerView {
    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard !area.isEmpty, let reason = state.readOnlyReason else { return }
        buffer.fill(area, style: Theme.banner)
        let lines = reason.wrapped(toWidth: max(1, area.width - 2))
        for row in 0..<area.height where row < lines.count {
            var line = lines[row]
            if row == area.height - 1, lines.count > area.height { line += " " + lines[(row + 1)...].joined(separator: " ") }
            buffer.write(line, in: area.row(row).inset(horizontal: 1, vertical: 0), style: Theme.banner)
        }
    }
}
