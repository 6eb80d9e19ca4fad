extension ScreenBuffer {
    /// Draws the visible part of a scrolling list into `area`, one item per row, the selected row highlighted.
    ///
    /// Rows come from `row(index)`. The trailing text of a row is right-aligned
    /// and kept whole; the leading text gets what is left, cut with "…", with at
    /// least one space between them. The selected row is filled and drawn
    /// entirely in `selectedStyle`, so it reads as one bar whatever the spans' own styles.
    public mutating func drawList(
        in area: Rect, scroll: ScrollState, selectedStyle: Style = Style.plain.reversed(),
        row: (_ index: Int) -> ListRow
    ) {
        let visible = scroll.visibleRange(viewportHeight: area.height)
        for (line, index) in visible.enumerated() {
            let rowArea = area.row(line)
            let isSelected = index == scroll.selectedIndex
            var content = row(index)
            if isSelected {
                fill(rowArea, style: selectedStyle)
                content.leading = content.leading.map { Span($0.text, style: selectedStyle) }
                content.trailing = content.trailing.map { Span($0.text, style: selectedStyle) }
            }
            let trailingWidth = min(rowArea.width, content.trailing.reduce(0) { $0 + $1.displayWidth })
            let gap = trailingWidth > 0 ? 1 : 0
            let leadingWidth = max(0, rowArea.width - trailingWidth - gap)
            write(content.leading, in: Rect(x: rowArea.x, y: rowArea.y, width: leadingWidth, height: 1))
            write(content.trailing, in: rowArea, alignment: .right)
        }
    }
}
