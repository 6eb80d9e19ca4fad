import StoreJSON

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
    /// what was typed: "99999…99999 (300 characters)". A character that draws nothing is
    /// written by its code point (`visible`).
    public static func cut(_ value: String) -> String {
        guard value.count > longestEcho else { return visible(value) }
        let ends = (longestEcho - 1) / 2
        return "\(visible(String(value.prefix(ends))))…\(visible(String(value.suffix(ends)))) (\(value.count) characters)"
    }

    /// `text` with each character that draws nothing by itself (a zero-width space, a bidi
    /// control, a control character other than a line break) written as its code point,
    /// "<U+200B>": echoed as it is, "random\u{200B}" read as "random" in the message that said
    /// no product has that id. Joiners and marks inside a character that draws (an emoji
    /// sequence) are kept.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: drawsNothing) else { return text }
        return text.map { character -> String in
            guard character.unicodeScalars.allSatisfy(drawsNothing) else { return String(character) }
            return character.unicodeScalars.map { "<U+\($0.hexDigits)>" }.joined()
        }.joined()
    }

    /// `text` without the characters `visible` writes by their code points: what a reader of
    /// the message sees of it.
    public static func drawnPart(of text: String) -> String {
        guard text.unicodeScalars.contains(where: drawsNothing) else { return text }
        return String(text.filter { !$0.unicodeScalars.allSatisfy(drawsNothing) })
    }

    private static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        guard !isLineBreak(scalar) else { return false }
        return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .control
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
