import TextControls

/// What to send to a terminal for one cell so the terminal's column count agrees with the buffer's.
///
/// Terminals and curses libraries measure characters with the C library's
/// `wcwidth`, one scalar at a time, which knows nothing of emoji sequences and
/// may be older than this module's width table. If the two disagree, every cell
/// after the glyph lands in the wrong column. So each cell is sent as one or
/// two columns of plain characters whose `wcwidth` adds up to the cell's width:
/// a spacing character plus the zero-width marks that belong to it, with
/// variation selectors and the rest of a joined emoji sequence left out, flags
/// spelled as their two letters, and a replacement character where the system
/// cannot show the glyph at the width the buffer gave it.
public enum TerminalGlyphs {
    /// The most zero-width marks kept after a spacing character (curses stores five characters per cell).
    public static let maximumCombiningMarks = 4

    /// The characters to draw for `cell`, one entry per column it occupies, each a spacing scalar
    /// followed by zero-width marks. `systemWidth` is the platform's `wcwidth`.
    ///
    /// A continuation cell yields nothing: its column was drawn with the glyph before it.
    public static func columns(
        for cell: Cell, systemWidth: (Unicode.Scalar) -> Int
    ) -> [[Unicode.Scalar]] {
        guard !cell.isContinuation else { return [] }
        let scalars = Array(cell.grapheme.unicodeScalars)
        guard let base = scalars.first, !isControl(base) else { return padded([" "], to: cell.width) }

        if isRegionalIndicator(base) {
            let letters = scalars.filter(isRegionalIndicator).prefix(cell.width).compactMap(letter)
            return letters.map { [$0] } + Array(repeating: [" "], count: cell.width - letters.count)
        }

        let baseWidth = systemWidth(base)
        guard baseWidth >= 1, baseWidth <= cell.width else {
            return padded([replacementCharacter], to: cell.width)
        }
        var glyph = [base]
        for scalar in scalars.dropFirst() {
            if scalar == zeroWidthJoiner { break }
            if scalar.properties.isVariationSelector && (0xFE00...0xFE0F).contains(scalar.value) { continue }
            if isControl(scalar) || systemWidth(scalar) != 0 { continue }
            if glyph.count == 1 + maximumCombiningMarks { break }
            glyph.append(scalar)
        }
        return padded(glyph, to: cell.width - baseWidth + 1)
    }

    private static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    /// `glyph` followed by spaces so that the result spans `columns` entries.
    private static func padded(_ glyph: [Unicode.Scalar], to columns: Int) -> [[Unicode.Scalar]] {
        [glyph] + Array(repeating: [" "], count: max(0, columns - 1))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeControls.isControl(scalar)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// The capital letter a regional indicator stands for (🇯 is J).
    private static func letter(_ indicator: Unicode.Scalar) -> Unicode.Scalar? {
        Unicode.Scalar(indicator.value - 0x1F1E6 + 0x41)
    }
}
