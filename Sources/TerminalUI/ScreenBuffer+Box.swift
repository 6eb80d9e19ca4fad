extension ScreenBuffer {
    /// Draws a border around `rect`, with an optional title in the top edge, and returns the area inside it.
    ///
    /// A rectangle smaller than 2x2 has no room for a border: nothing is drawn
    /// and the rectangle itself is returned.
    @discardableResult
    public mutating func drawBox(
        _ rect: Rect, style: Style = .plain, border: BorderSet = .single,
        title: String? = nil, titleStyle: Style? = nil
    ) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return rect }
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        for column in (rect.x + 1)..<right {
            put(Cell(border.horizontal, style: style), column: column, row: rect.y)
            put(Cell(border.horizontal, style: style), column: column, row: bottom)
        }
        for row in (rect.y + 1)..<bottom {
            put(Cell(border.vertical, style: style), column: rect.x, row: row)
            put(Cell(border.vertical, style: style), column: right, row: row)
        }
        put(Cell(border.topLeft, style: style), column: rect.x, row: rect.y)
        put(Cell(border.topRight, style: style), column: right, row: rect.y)
        put(Cell(border.bottomLeft, style: style), column: rect.x, row: bottom)
        put(Cell(border.bottomRight, style: style), column: right, row: bottom)
        // An empty title is no title: it would leave a gap of two spaces in the border.
        if let title, !title.isEmpty, rect.width > 4 {
            write(" \(title) ", column: rect.x + 1, row: rect.y, style: titleStyle ?? style,
                  maxWidth: rect.width - 2, overflow: .ellipsis)
        }
        return rect.inset(by: 1)
    }
}
