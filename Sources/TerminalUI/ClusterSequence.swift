/// The bytes that draw one whole grapheme cluster at a place on the screen, outside curses.
///
/// Curses keeps one spacing character per cell, so a joined emoji cannot go through it.
/// After curses has drawn the safe form of the cell, this sequence saves the cursor and its
/// attributes (DECSC), moves to the cell, sets the cell's style, writes the cluster, and
/// restores the cursor and attributes (DECRC), so curses' idea of the terminal stays true.
public enum ClusterSequence {
    /// The escape sequence drawing `cluster` in `style` at zero-based `column`, `row`.
    public static func drawing(_ cluster: String, style: Style, column: Int, row: Int) -> String {
        "\u{1B}7\u{1B}[\(row + 1);\(column + 1)H\(graphicRendition(style))\(TerminalText.sanitize(cluster))\u{1B}8"
    }

    /// SGR for `style`: a reset, then bold, dim, underline, reverse and the two colours.
    public static func graphicRendition(_ style: Style) -> String {
        var codes = ["0"]
        if style.isBold { codes.append("1") }
        if style.isDim { codes.append("2") }
        if style.isUnderlined { codes.append("4") }
        if style.isReversed { codes.append("7") }
        if let foreground = paletteIndex(style.foreground) { codes.append("3\(foreground)") }
        if let background = paletteIndex(style.background) { codes.append("4\(background)") }
        return "\u{1B}[\(codes.joined(separator: ";"))m"
    }

    private static func paletteIndex(_ color: Color) -> Int? {
        switch color {
        case .default: nil
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        }
    }
}
