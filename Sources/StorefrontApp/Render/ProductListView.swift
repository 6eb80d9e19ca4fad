import StoreEngine
import TerminalUI
import StoreCatalog
import StorefrontText

/// The product list: section and group headings, and per product its title, status and price,
/// the prices right-aligned in one column.
enum ProductListView {
    /// What one visible product row shows, formatted once per frame.
    private struct RowText {
        var title: String
        var status: String
        var statusStyle: Style
        var price: String
        var isSold: Bool
    }

    /// The widest the status column gets; a status wider than it is said in fewer words.
    static let maximumStatusWidth = 22

    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        let list = state.list
        let text = state.text
        let inside = buffer.drawBox(area, style: Theme.border, title: title(state, viewportHeight: max(1, area.height - 2)),
                                    titleStyle: Theme.emphasis)
        guard !inside.isEmpty else { return }
        if let reason = state.productsUnavailableReason {
            let lines = reason.wrapped(toWidth: max(1, inside.width - 2))
            buffer.write("Products unavailable", in: inside.row(0).inset(horizontal: 1, vertical: 0), style: Theme.error)
            for (offset, line) in lines.prefix(max(0, inside.height - 2)).enumerated() {
                buffer.write(line, in: inside.row(offset + 2).inset(horizontal: 1, vertical: 0))
            }
            return
        }
        if list.entries.isEmpty {
            buffer.write(StorefrontPaneText.noMatch(list.query), in: inside.row(0), style: Theme.muted)
            return
        }
        // The widest a status may be; a longer one is said in fewer words.
        let statusWidth = min(maximumStatusWidth, inside.width * 2 / 5)
        let visible = list.scroll.visibleRange(viewportHeight: inside.height)
        var rows: [Int: RowText] = [:]
        for index in visible {
            guard case .product(let productIndex) = list.entries[index] else { continue }
            let product = state.catalog.products[productIndex]
            let status = state.snapshot.status(of: product.id)
            let price = text.shownPrice(product)
            let shown = price.map { text.listedPrice($0, product: product) }
            rows[index] = RowText(title: text.title(of: product),
                                  status: AppText.status(status, state: state, fittingIn: statusWidth, isPass: product.type == .nonRenewing,
                                                         credit: product.type == .consumable ? product.grant?.credit : nil),
                                  statusStyle: Theme.style(for: status), price: shown ?? "—", isSold: price != nil)
        }
        let priceWidth = rows.values.map(\.price.displayWidth).max() ?? 0
        buffer.drawList(in: inside, scroll: list.scroll, selectedStyle: Theme.selection) { index in
            guard let row = rows[index] else {
                switch list.entries[index] {
                case .section(let kind): return ListRow(leading: [Span(kind.rawValue, style: Theme.section)])
                case .group(let id): return ListRow(leading: [Span("  " + text.groupName(id), style: Theme.group)])
                case .product: return ListRow(leading: [])
                }
            }
            let rowStyle = row.isSold ? Style.plain : Theme.muted
            var trailing: [Span] = []
            // Statuses end at one column, so the column stays put while they change, and what a
            // short status leaves of it goes to the title.
            if statusWidth > 0, !row.status.isEmpty {
                trailing.append(Span(row.status.truncated(toWidth: statusWidth), style: row.statusStyle))
                trailing.append("  ")
            }
            trailing.append(Span(row.price.padded(toWidth: priceWidth, alignment: .right), style: rowStyle))
            let indent = list.headings(above: index).group == nil ? "  " : "    "
            return ListRow(leading: [Span(indent + row.title, style: rowStyle)], trailing: trailing)
        }
    }

    /// The box title; once the headings of the top row have scrolled away it names them, so
    /// the section (and group) on screen is always in sight.
    static func title(_ state: AppState, viewportHeight: Int) -> String {
        let list = state.list
        var title = list.query.isEmpty ? "Products" : "Products matching “\(list.query)”: \(list.productCount)"
        let top = list.scroll.visibleRange(viewportHeight: viewportHeight).lowerBound
        guard list.entries.indices.contains(top), !list.entries[top].isHeading else { return title }
        let headings = list.headings(above: top)
        if let section = headings.section { title += " · \(section.rawValue)" }
        if let group = headings.group { title += " › \(state.text.groupName(group))" }
        return title
    }
}
