import TextControls

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
        // The encoder escapes the C0 controls itself.
        scalar.value >= 0x20 && UnicodeControls.isUndrawn(scalar)
    }
}
