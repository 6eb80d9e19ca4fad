/// Numbers a double cannot hold: too large (`1e400`, or an integer of 400 digits), or too near
/// zero to be anything but 0 though not written as 0 (`1e-400`).
///
/// They are valid JSON, but RFC 8259 §6 warns that readers agree on numbers only within a
/// double's range: some read infinity, Foundation's reader refuses the whole text over a large
/// one and reads a tiny one as 0, which a field that takes 0 would then accept as if sent. The
/// parser keeps every number as written, so the range is checked here, where a reader can name
/// the field instead of calling the text "not JSON" or taking a value nobody sent.
public enum JSONNumberRange {
    /// Which way a number lies beyond a double.
    public enum Excess: Sendable, Equatable {
        /// Beyond ±1.7976931348623157e308: read as infinity.
        case tooLarge
        /// Not 0, yet so near it (under about 2.5e-324, half the smallest double) that it reads as 0.
        case tooNearZero
    }

    /// How `literal`, a JSON number as written, lies beyond a double; nil when a double holds
    /// it, which includes a subnormal (`5e-324`) and every way of writing 0 (`-0`, `0e-400`).
    public static func excess(_ literal: String) -> Excess? {
        guard let value = Double(literal) else { return nil }
        if value.isInfinite { return .tooLarge }
        if value == 0, hasNonzeroDigit(literal) { return .tooNearZero }
        return nil
    }

    /// Whether `literal` is too large for a double. A number too near zero (`1e-400`) is not:
    /// it is told apart by `excess`.
    public static func isBeyondDouble(_ literal: String) -> Bool {
        excess(literal) == .tooLarge
    }

    /// Whether a digit before the exponent is not 0, so that the number written is not 0.
    private static func hasNonzeroDigit(_ literal: String) -> Bool {
        literal.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            .contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
    }

    /// The most digits an integer or a fraction without an exponent can have and be within a
    /// double's range: the largest double has 309 integer digits, and a fraction needs 324 to
    /// be nearer to 0 than the smallest. The parser checks only longer numbers and those with an
    /// exponent.
    static let digitsAlwaysInRange = 308
}

/// A number a double cannot hold, and where it is.
public struct JSONNumberOutOfRange: Sendable, Equatable {
    /// The key path to it, e.g. `extra.list[1]`; empty when the whole text is that number.
    public var field: String
    /// The number as written, with its line and column.
    public var node: JSONNode
    /// Whether it is too large or too near zero.
    public var excess: JSONNumberRange.Excess
}

extension JSONNode {
    /// Every number a double cannot hold in this value, in file order.
    public func numbersOutOfRange() -> [JSONNumberOutOfRange] {
        var found: [JSONNumberOutOfRange] = []
        forEachValue { node, path in
            guard let literal = node.numberLiteral, let excess = JSONNumberRange.excess(literal) else { return }
            found.append(JSONNumberOutOfRange(field: path.spelled, node: node, excess: excess))
        }
        return found
    }
}
