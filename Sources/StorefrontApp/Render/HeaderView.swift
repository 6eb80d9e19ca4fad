import TerminalUI

/// The title bar (app, account, device, locale, storefront) and the line of credit balances.
enum HeaderView {
    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let titleRow = area.row(0)
        buffer.fill(titleRow, style: Theme.titleBar)
        let location = "\(state.buyer.account) on \(state.buyer.device) · \(state.locale) · \(state.storefront) "
        let whereWidth = buffer.write(location, in: titleRow, alignment: .right, style: Theme.titleBar)
        buffer.write(" \(AppTitle.title(of: state.catalog))",
                     in: Rect(x: titleRow.x, y: titleRow.y, width: max(0, titleRow.width - whereWidth - 1), height: 1),
                     style: Theme.titleBar)

        // The balances come first: badges get the room they leave, and names are shortened
        // before any number is cut.
        let creditsRow = area.row(1)
        let balances = state.catalog.credits.map { (name: state.text.creditName($0.id), amount: "\(state.snapshot.balance(of: $0.id))") }
        let shortest = CreditLine.width(balances, nameWidth: 1)
        // Badges are kept in order of importance while they fit beside the shortest balances.
        let badgeRoom = max(0, creditsRow.width - 1 - shortest - 1)
        var labels = badgeLabels(state)
        while !labels.isEmpty, badges(labels).reduce(0, { $0 + $1.displayWidth }) > badgeRoom { labels.removeLast() }
        let badgeWidth = labels.isEmpty ? 0 : buffer.write(badges(labels), in: creditsRow, alignment: .right)
        let room = max(0, creditsRow.width - badgeWidth - 2)
        buffer.write([" "] + CreditLine.spans(balances, width: room),
                     in: Rect(x: creditsRow.x, y: creditsRow.y, width: room + 1, height: 1))
    }

    /// Warnings worth seeing at all times: the store clock, read-only, purchases off, a forced next outcome.
    private static func badgeLabels(_ state: AppState) -> [String] {
        var labels: [String] = []
        if !state.snapshot.timeline.isReal {
            labels.append("Store time \(state.text.dates.dateTime(state.storeNow, locale: state.locale)) · \(state.snapshot.timeline.rate.rawValue)")
        }
        if state.readOnlyReason != nil { labels.append("Read-only") }
        if !state.snapshot.purchasesAllowed { labels.append("Purchases off") }
        if state.snapshot.nextPurchase != .succeed { labels.append("Next purchase: \(state.snapshot.nextPurchase.rawValue)") }
        return labels
    }

    private static func badges(_ labels: [String]) -> [Span] {
        var spans: [Span] = []
        for label in labels {
            spans.append(Span(" \(label) ", style: Theme.badge))
            spans.append(" ")
        }
        return spans
    }
}

/// The line of credit balances, fitted to a width by shortening names, never numbers.
enum CreditLine {
    /// Columns the line takes when every name is cut to at most `nameWidth` columns.
    static func width(_ balances: [(name: String, amount: String)], nameWidth: Int) -> Int {
        balances.reduce(0) { $0 + min($1.name.displayWidth, nameWidth) + 2 + $1.amount.displayWidth }
            + max(0, balances.count - 1) * 3
    }

    /// "Rage Faces: 50 · Extra Lives: 3", with names cut ("Rage F…: 50") only as far as `width` needs.
    static func spans(_ balances: [(name: String, amount: String)], width: Int) -> [Span] {
        let longest = balances.map(\.name.displayWidth).max() ?? 0
        var nameWidth = longest
        while nameWidth > 1, self.width(balances, nameWidth: nameWidth) > width { nameWidth -= 1 }
        var spans: [Span] = []
        for (index, balance) in balances.enumerated() {
            if index > 0 { spans.append(Span(" · ", style: Theme.muted)) }
            // A colon keeps a name that ends in a number ("500 coins") apart from the balance.
            spans.append(Span("\(balance.name.truncated(toWidth: nameWidth)): "))
            spans.append(Span(balance.amount, style: Theme.credit))
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
