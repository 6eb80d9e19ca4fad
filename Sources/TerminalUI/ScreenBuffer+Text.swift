extension ScreenBuffer {
    /// The text of one row as it appears on screen (continuation cells add nothing).
    public func rowText(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        var text = ""
        for cell in cells[(row * width)..<((row + 1) * width)] where !cell.isContinuation {
            text += cell.grapheme
        }
        return text
    }

    /// Every row as text, for assertions that do not care about styles.
    public var rowTexts: [String] { (0..<height).map(rowText) }

}
