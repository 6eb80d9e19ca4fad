/// How many terminal columns text occupies, computed per grapheme cluster.
///
/// The C library's `wcwidth` depends on the process locale and its Unicode
/// version, so the width is computed here instead, the same way on every
/// machine: East Asian Wide and Fullwidth characters and emoji take two columns;
/// combining marks, joiners, variation selectors, bidi marks, the soft hyphen
/// and control characters take none; everything else, including the no-break
/// spaces U+00A0 and U+202F that formatted prices contain, takes one.
public enum DisplayWidth {
    /// Columns occupied by one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return of(first) }
        return clusterWidth(scalars, first: first)
    }

    /// Columns occupied by `text`: the sum over its grapheme clusters.
    public static func of<Text: StringProtocol>(_ text: Text) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Columns occupied by one scalar standing alone.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
        if isZeroWidth(scalar) { return 0 }
        if isRegionalIndicator(scalar) { return 1 }
        if scalar.properties.isEmojiPresentation || EastAsianWideRanges.contains(value) { return 2 }
        return 1
    }

    private static func clusterWidth(_ scalars: Character.UnicodeScalarView, first: Unicode.Scalar) -> Int {
        if scalars.contains(where: { $0.properties.generalCategory == .control }) { return 0 }
        if isRegionalIndicator(first) {
            // A pair of regional indicators is a flag; a lone one is a letter-like symbol.
            return scalars.filter(isRegionalIndicator).count >= 2 ? 2 : 1
        }
        if first.properties.isEmoji,
           scalars.contains(where: { $0 == emojiPresentationSelector || $0 == zeroWidthJoiner }) {
            return 2
        }
        for scalar in scalars {
            let width = of(scalar)
            if width > 0 { return width }
        }
        return 0
    }

    private static let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Hangul medial vowels and final consonants join the leading consonant's wide syllable.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return scalar.properties.isVariationSelector
        }
    }
}

extension String {
    /// Columns this text occupies in a terminal; see `DisplayWidth`.
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension Substring {
    /// Columns this text occupies in a terminal; see `DisplayWidth`.
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension Character {
    /// Columns this grapheme cluster occupies in a terminal; see `DisplayWidth`.
    public var displayWidth: Int { DisplayWidth.of(self) }
}
