/// The code points that a terminal acts on, or a line breaks at, instead of drawing: named once
/// for every place that refuses them (names), removes them (the terminal's words), escapes them
/// (`--json`, advice for the shell) or warns of them (`catalog lint`), so those places cannot
/// disagree about which they are.
public enum UnicodeControls {
    /// The C0 controls (U+0000–U+001F), DEL (U+007F) and the C1 controls (U+0080–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F: true
        default: false
        }
    }

    /// The Unicode line and paragraph separators (U+2028, U+2029), which break a line as a
    /// line feed does.
    public static func isLineOrParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
    /// reorder everything after them on the line. The bidi marks (U+200E, U+200F, U+061C) are
    /// not among them: they move at most the punctuation and digits beside them, and prices
    /// formatted for right-to-left languages hold them.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A control, a line or paragraph separator, or a bidi control: what is never drawn as itself.
    public static func isUndrawn(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isLineOrParagraphSeparator(scalar) || isBidiControl(scalar)
    }
}
