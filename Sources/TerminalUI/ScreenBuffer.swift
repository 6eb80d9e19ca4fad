/// A full frame of the screen as a grid of cells; views draw into it, backends show it.
///
/// Writes clip at the edges and never fail. The buffer keeps wide glyphs whole:
/// every wide glyph is followed by its continuation cell, and overwriting either
/// half of one turns the other half into a space.
public struct ScreenBuffer: Hashable, Sendable {
    public let size: Size
    /// Cells row by row, `width * height` of them.
    public private(set) var cells: [Cell]

    /// A buffer of `size` filled with spaces in `style`.
    public init(size: Size, style: Style = .plain) {
        self.size = size
        self.cells = Array(repeating: .blank(style), count: size.width * size.height)
    }

    public init(width: Int, height: Int, style: Style = .plain) {
        self.init(size: Size(width: width, height: height), style: style)
    }

    public var width: Int { size.width }
    public var height: Int { size.height }
    /// The whole buffer as a rectangle at the origin.
    public var area: Rect { Rect(size) }

    /// The cell at `column`, `row`, or nil outside the buffer.
    public func cell(column: Int, row: Int) -> Cell? {
        guard column >= 0, column < width, row >= 0, row < height else { return nil }
        return cells[row * width + column]
    }

    /// Places `cell` at `column`, `row`, keeping wide glyphs whole; ignored outside the buffer.
    ///
    /// A wide cell in the last column cannot fit and becomes a space in its style.
    public mutating func put(_ cell: Cell, column: Int, row: Int) {
        guard column >= 0, column < width, row >= 0, row < height, !cell.isContinuation else { return }
        let index = row * width + column
        breakWideGlyph(at: index, column: column)
        guard cell.isWide else {
            cells[index] = cell
            return
        }
        guard column + 1 < width else {
            cells[index] = .blank(cell.style)
            return
        }
        breakWideGlyph(at: index + 1, column: column + 1)
        cells[index] = cell
        cells[index + 1] = .continuation(cell.style)
    }

    /// Replaces the glyph at `index` by a space-to-be, blanking the other half of a wide glyph there.
    private mutating func breakWideGlyph(at index: Int, column: Int) {
        let existing = cells[index]
        if existing.isContinuation, column > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if existing.isWide, column + 1 < width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = .blank(existing.style)
    }

    /// Writes styled spans along `row` from `column`, returning the columns written.
    ///
    /// The text is sanitized first (see `TerminalText`), so data can be written
    /// as it comes. At most `maxWidth` columns (and never past the right edge)
    /// are written; `overflow` decides whether cut text ends in "…". A wide glyph
    /// with only one column left becomes a space (or, with an ellipsis, is
    /// dropped). Zero-width characters such as bidi marks take no cell. Columns
    /// left of the buffer are skipped.
    @discardableResult
    public mutating func write(
        _ spans: [Span], column: Int, row: Int, maxWidth: Int? = nil, overflow: Overflow = .clip
    ) -> Int {
        guard row >= 0, row < height, column < width else { return 0 }
        let room = min(width - column, maxWidth ?? Int.max)
        guard room > 0 else { return 0 }
        let sanitized = spans.map { Span(TerminalText.sanitize($0.text), style: $0.style) }
        let totalWidth = sanitized.reduce(0) { $0 + $1.text.displayWidth }
        let needsEllipsis = overflow == .ellipsis && totalWidth > room
        let textRoom = needsEllipsis ? room - 1 : room
        var written = 0
        var lastStyle = sanitized.first?.style ?? .plain
        spanLoop: for span in sanitized {
            lastStyle = span.style
            for character in span.text {
                let characterWidth = character.displayWidth
                if characterWidth == 0 { continue }
                if written + characterWidth > textRoom {
                    if written < textRoom, !needsEllipsis {
                        put(.blank(span.style), column: column + written, row: row)
                        written += 1
                    }
                    break spanLoop
                }
                put(Cell(character, style: span.style), column: column + written, row: row)
                written += characterWidth
            }
        }
        if needsEllipsis {
            put(Cell("…", style: lastStyle), column: column + written, row: row)
            written += 1
        }
        return written
    }

    /// Writes `text` in `style` along `row` from `column`; see `write(_:column:row:maxWidth:overflow:)`.
    @discardableResult
    public mutating func write(
        _ text: String, column: Int, row: Int, style: Style = .plain,
        maxWidth: Int? = nil, overflow: Overflow = .clip
    ) -> Int {
        write([Span(text, style: style)], column: column, row: row, maxWidth: maxWidth, overflow: overflow)
    }

    /// Writes spans on the first row of `rect`, aligned within its width, returning the columns written.
    ///
    /// Text wider than the rectangle is cut according to `overflow` (by default with "…").
    @discardableResult
    public mutating func write(
        _ spans: [Span], in rect: Rect, alignment: Alignment = .left, overflow: Overflow = .ellipsis
    ) -> Int {
        guard !rect.isEmpty else { return 0 }
        let textWidth = spans.reduce(0) { $0 + $1.displayWidth }
        let slack = max(0, rect.width - textWidth)
        let offset: Int
        switch alignment {
        case .left: offset = 0
        case .center: offset = slack / 2
        case .right: offset = slack
        }
        return write(spans, column: rect.x + offset, row: rect.y, maxWidth: rect.width - offset, overflow: overflow)
    }

    /// Writes `text` in `style` on the first row of `rect`, aligned within its width.
    @discardableResult
    public mutating func write(
        _ text: String, in rect: Rect, alignment: Alignment = .left,
        style: Style = .plain, overflow: Overflow = .ellipsis
    ) -> Int {
        write([Span(text, style: style)], in: rect, alignment: alignment, overflow: overflow)
    }

    /// Fills `rect` with `character` in `style` (by default: clears it to spaces).
    public mutating func fill(_ rect: Rect, style: Style = .plain, character: Character = " ") {
        let area = rect.intersection(self.area)
        let cell = Cell(character, style: style)
        for row in area.y..<area.maxY {
            var column = area.x
            while column + cell.width <= area.maxX {
                put(cell, column: column, row: row)
                column += cell.width
            }
            if column < area.maxX { put(.blank(style), column: column, row: row) }
        }
    }

    /// Changes the style of every cell in `rect`, keeping its text (to highlight a drawn row).
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let area = rect.intersection(self.area)
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                cells[row * width + column].style = transform(cells[row * width + column].style)
            }
        }
    }

    /// Clears the whole buffer to spaces in `style`.
    public mutating func clear(style: Style = .plain) {
        cells = Array(repeating: .blank(style), count: cells.count)
    }
}
