import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespaces)` (or `.whitespacesAndNewlines`), without its cost
    /// in the usual case of nothing to trim.
    ///
    /// Foundation's trimming goes through `NSString` on Linux, and even making the character set
    /// costs; reading a catalog of 10,000 products spent a tenth of its time there, trimming
    /// texts that had nothing to trim. Printable ASCII characters other than the space are white
    /// space in neither set, which settles most texts without asking a set.
    func trimmingWhitespaceIfNeeded(includingNewlines: Bool) -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        if Self.isPrintableASCII(first) && Self.isPrintableASCII(last) { return self }
        let whitespace: CharacterSet = includingNewlines ? .whitespacesAndNewlines : .whitespaces
        if !whitespace.contains(first) && !whitespace.contains(last) { return self }
        return trimmingCharacters(in: whitespace)
    }

    private static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value < 0x7F
    }
}
