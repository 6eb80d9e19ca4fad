/// JSON's one-letter string escapes, shared by the located parser and the flat line reader.
enum JSONEscape {
    /// The byte `\<letter>` stands for; nil for `u` (four hex digits follow) and for letters
    /// that are not escapes.
    static func byte(forLetter letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }
}
