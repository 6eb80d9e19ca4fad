/// Escapes, in JSON text, the characters that `JSONEncoder` leaves raw but a terminal acts on.
///
/// `JSONEncoder` escapes C0 controls only. DEL, C1 controls (U+0080–U+009F, among them the
/// 8-bit CSI and OSC), the line and paragraph separators and the bidi embeddings, overrides
/// and isolates pass through raw, so `--json` shown in a terminal could still drive it. None
/// of them can occur outside a string in JSON text, so writing each as `\uXXXX` keeps every
/// value exactly as it was.
enum JSONInvisibleEscaping {
    static func escape(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                output.append(contentsOf: ("\\u" + scalar.hexDigits).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
