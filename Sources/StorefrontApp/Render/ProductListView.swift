import StoreEngine
import TerminalUI

/// The product list: section headings, and per product its title, status and price, the
/// prices right-aligned in one column.
enum ProductListView {
    /// What one visible product row shows, formatted once per frame.
    private struct RowText {
        var title: String
        var status: String
        var statusStyle: Style
        var price: String
        var isSold: Bool
    }

    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let list = state.list
        let title = list.query.isEmpty ? "Products"
            : "Products matching “\(list.query)”: \(list.productCount)"
        let inside = buffer.drawBox(area, style: Theme.border, title: title, titleStyle: Theme.emphasis)
        guard !inside.isEmpty else { return }
        if list.entries.isEmpty {
            buffer.write("No product matches “\(list.query)”. Esc shows all.", in: inside.row(0), style: Theme.muted)
            return
        }
        let text = state.text
        let visible = list.scroll.visibleRange(viewportHeight: inside.height)
        var rows: [Int: RowText] = [:]
        for index in visible {
            guard case .product(let productIndex) = list.entries[index] else { continue }
            let product = state.catalog.products[productIndex]
            let status = state.snapshot.status(of: product.id)
            let price = AppText.price(of: product, text: text)
            rows[index] = RowText(title: text.title(of: product), status: AppText.status(status, state: state),
                                  statusStyle: Theme.style(for: status), price: price ?? "—", isSold: price != nil)
        }
        // Columns sized by the rows on screen; the status column may take at most two fifths of the row.
        let priceWidth = rows.values.map(\.price.displayWidth).max() ?? 0
        let statusWidth = min(rows.values.map(\.status.displayWidth).max() ?? 0, inside.width * 2 / 5)
        buffer.drawList(in: inside, scroll: list.scroll, selectedStyle: Theme.selection) { index in
            guard let row = rows[index] else {
                if case .section(let kind) = list.entries[index] { return ListRow(leading: [Span(kind.rawValue, style: Theme.section)]) }
                return ListRow(leading: [])
            }
            let rowStyle = row.isSold ? Style.plain : Theme.muted
            var trailing: [Span] = []
            if statusWidth > 0 {
                trailing.append(Span(row.status.padded(toWidth: statusWidth), style: row.statusStyle))
                trailing.append("  ")
            }
            trailing.append(Span(row.price.padded(toWidth: priceWidth, alignment: .right), style: rowStyle))
            return ListRow(leading: [Span("  " + row.title, style: rowStyle)], trailing: trailing)
        }
    }
}
