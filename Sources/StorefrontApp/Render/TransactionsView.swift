import StoreEngine
import TerminalUI
import StorefrontText

/// The account's transactions, newest first: date, product, price and state, and the
/// selected one's details on the last two lines: what it is, and the App Store Server
/// Notifications it caused.
enum TransactionsView {
    /// Rows of transactions shown at once; `update` scrolls by it.
    /// Rows under the list for the selected transaction.
    static let detailHeight = 2

    /// Where the screen is drawn: below the banner, which stays in sight, so the history shown
    /// while the store cannot be read or written says why (and that it is what was read last).
    static func area(for state: AppState) -> Rect {
        MainLayout(state: state, size: state.size).body
    }

    static func listHeight(state: AppState) -> Int {
        max(1, area(for: state).height - 2 - 1 - detailHeight)
    }

    static func draw(_ screen: TransactionsScreen, state: AppState, into buffer: inout ScreenBuffer) {
        let text = state.text
        let records = state.snapshot.transactions
        let inside = Dialog.draw(area(for: state), title: "Transactions of \(state.buyer.account)", into: &buffer)
        let bands = inside.rows([.fixed(1), .fill, .fixed(detailHeight)])
        guard !records.isEmpty else {
            // An account whose store is not read yet (it cannot be read now) has no known history, not an empty one.
            let empty = state.snapshot.isRead ? StorefrontPaneText.noTransactions : StorefrontPaneText.transactionsNotRead
            buffer.write(empty, in: bands[1].row(0), style: Theme.muted)
            return
        }
        let visible = screen.scroll.visibleRange(viewportHeight: bands[1].height)
        let dates = Dictionary(uniqueKeysWithValues: visible.map { ($0, text.dates.dateTime(records[$0].purchaseDate, locale: text.locale)) })
        let prices = Dictionary(uniqueKeysWithValues: visible.map { index in (index, text.listedPrice(of: records[index])) })
        let dateWidth = max(4, dates.values.map(\.displayWidth).max() ?? 0)
        let priceWidth = max(5, prices.values.map(\.displayWidth).max() ?? 0)
        // As wide as the longest state name, so no state is cut ("needsAction").
        let stateWidth = TransactionState.allCases.map(\.rawValue.displayWidth).max() ?? 0
        buffer.write([Span("Date".padded(toWidth: dateWidth) + "  Product", style: Theme.muted)], in: bands[0])
        buffer.write([Span("Price".padded(toWidth: priceWidth, alignment: .right) + "  " + "State".padded(toWidth: stateWidth),
                           style: Theme.muted)], in: bands[0], alignment: .right)
        buffer.drawList(in: bands[1], scroll: screen.scroll, selectedStyle: Theme.selection) { index in
            let record = records[index]
            // A consumable bought in a quantity shows it, as `transactions` does: the price is for all.
            let name = text.purchasedName(of: record)
            return ListRow(
                leading: [Span((dates[index] ?? "").padded(toWidth: dateWidth) + "  " + name)],
                trailing: [Span((prices[index] ?? "").padded(toWidth: priceWidth, alignment: .right) + "  "),
                           Span(record.state.rawValue.padded(toWidth: stateWidth), style: style(for: record.state))])
        }
        if let index = screen.scroll.selectedIndex, records.indices.contains(index) {
            let id = records[index].id
            let early = state.snapshot.revokedWithSubscription[id].map(text.revokedWithSubscriptionShortText(at:))
                ?? state.snapshot.neverBegins[id].map(text.neverBeginsShortText(subscriptionEnded:))
            buffer.write(summary(of: records[index], among: records, endedEarly: early, text: text), in: bands[2].row(0), style: Theme.muted)
            let caused = state.snapshot.serverSide.notifications[records[index].id] ?? []
            if !caused.isEmpty {
                buffer.write("Notifications: " + caused.map(\.summary).joined(separator: " · "), in: bands[2].row(1), style: Theme.muted)
            }
        }
    }

    /// The selected transaction's id, device, what it granted or why it failed, and its order
    /// id (what the App Store Server API's Look Up Order ID takes). `endedEarly`: what ended it
    /// before its end (a later period's refund revoking its subscription, or an expire before it began).
    private static func summary(of record: TransactionRecord, among records: [TransactionRecord], endedEarly: String?, text: StoreText) -> String {
        var parts = ["Transaction \(record.id)"]
        // The price column shows what it cost; a refund after an upgrade gave back only the rest,
        // said early, as the line is cut at the window's width.
        let replacement = record.replacedBy.flatMap { id in records.first { $0.id == id } }
        if let refunded = text.refundedOfPriceText(record, replacement: replacement, money: record.refundMoney(replacedBy: replacement)) {
            parts.append(refunded)
        } else if record.state == .purchased, let replacement {
            parts.append("replaced by \(replacement.id)")
        }
        if let prorated = text.proratedRefundShortText(record) { parts.append(prorated) }
        if record.isBought { parts.append("order \(record.orderID)") }
        parts.append("on \(record.purchaseDevice)")
        if let credit = record.credit, record.creditAmount > 0 { parts.append("+\(text.count(record.creditAmount)) \(text.creditName(credit))") }
        // A request that waits or was declined bought no period: its completion dates it. A
        // refunded one no longer runs to its end, which the refund's words say instead.
        // One that ended early says so instead, before its order id is cut.
        if let endedEarly {
            parts.insert(endedEarly, at: 1)
        } else if let expires = record.expiresDate, record.state == .purchased {
            parts.append("until \(text.date(expires))")
        }
        if let reason = record.failureReason { parts.append(reason) }
        if record.shortfall > 0 { parts.append("\(record.shortfall) already spent when refunded") }
        return parts.joined(separator: " · ")
    }

    private static func style(for state: TransactionState) -> Style {
        switch state {
        case .purchased: Style.plain.foreground(.green)
        case .refunded, .pending, .needsAction: Style.plain.foreground(.yellow)
        case .failed, .declined: Style.plain.foreground(.red)
        case .cancelled: Theme.muted
        }
    }
}
