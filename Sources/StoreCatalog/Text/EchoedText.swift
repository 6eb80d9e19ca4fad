/// Sentences that repeat what someone typed, kept to one line.
public enum EchoedText {
    /// `text` with every line break (LF, CR, VT, FF, NEL, U+2028, U+2029) made a space, so a
    /// value typed with one cannot split a message, nor start a line that reads as another.
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isLineBreak) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isLineBreak($0) ? " " : $0 }))
    }

    /// The most characters of a typed value a message repeats: ids are far shorter, and one
    /// pasted by mistake (a whole token, a file) would bury the sentence around it.
    public static let longestEcho = 80

    /// `value` as a message repeats it: whole when it has at most `longestEcho` characters,
    /// else its start and end around "…", with how long it was, so the start still tells
    /// what was typed: "99999…99999 (300 characters)".
    public static func cut(_ value: String) -> String {
        guard value.count > longestEcho else { return value }
        let ends = (longestEcho - 1) / 2
        return "\(value.prefix(ends))…\(value.suffix(ends)) (\(value.count) characters)"
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
