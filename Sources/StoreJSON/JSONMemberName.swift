/// A member name compared as JSON compares names: code point by code point (RFC 8259 §8.3).
///
/// Swift's `String` equality is canonical equivalence, under which "e\u0301" and "\u00e9" are
/// one string; to JSON they are two names, so a check of repeated names that used it would
/// refuse an object whose names only look alike.
struct JSONMemberName: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (left: JSONMemberName, right: JSONMemberName) -> Bool { left.text.unicodeScalars.elementsEqual(right.text.unicodeScalars) }

    func hash(into hasher: inout Hasher) {
        for scalar in text.unicodeScalars { hasher.combine(scalar.value) }
    }
}
