/// Sentences that repeat what someone typed, kept to one line.
public enum EchoedText {
    /// `text` with every line break (LF, CR, VT, FF, NEL, U+2028, U+2029) made a space, so a
    /// value typed with one cannot split a message, nor start a line that reads as another.
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isLineBreak) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isLineBreak($0) ? " " : $0 }))
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
