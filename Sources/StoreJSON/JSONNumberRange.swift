/// Numbers too large for a double (`1e400`, or an integer of 400 digits).
///
/// They are valid JSON, but RFC 8259 §6 warns that readers agree on numbers only within a
/// double's range: some read infinity, and Foundation's reader refuses the whole text over one.
/// The parser keeps every number as written, so the range is checked here, where a reader can
/// name the field instead of calling the text "not JSON".
public enum JSONNumberRange {
    /// Whether `literal`, a JSON number as written, is beyond ±1.7976931348623157e308. A number
    /// too close to zero for a double (`1e-400`) is in range: it reads as zero, not as infinity.
    public static func isBeyondDouble(_ literal: String) -> Bool {
        Double(literal)?.isInfinite ?? false
    }

    /// The most integer digits a number without an exponent can have and be within a double's
    /// range (the largest double has 309), so the parser checks only longer numbers and those
    /// with an exponent.
    static let integerDigitsAlwaysInRange = 308
}

/// A number too large for a double, and where it is.
public struct JSONNumberOutOfRange: Sendable, Equatable {
    /// The key path to it, e.g. `extra.list[1]`; empty when the whole text is that number.
    public var field: String
    /// The number as written, with its line and column.
    public var node: JSONNode
}

extension JSONNode {
    /// Every number too large for a double in this value, in file order.
    public func numbersOutOfRange() -> [JSONNumberOutOfRange] {
        var found: [JSONNumberOutOfRange] = []
        forEachValue { node, path in
            guard let literal = node.numberLiteral, JSONNumberRange.isBeyondDouble(literal) else { return }
            found.append(JSONNumberOutOfRange(field: path.spelled, node: node))
        }
        return found
    }
}
