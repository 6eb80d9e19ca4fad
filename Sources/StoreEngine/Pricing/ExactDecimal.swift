import Foundation

/// Exact decimal parsing that never passes through `Double`.
public enum ExactDecimal {
    /// Parses `"0.99"`, `"-1"`, `"160"`, `"1e2"`; nil for anything that is not a plain decimal
    /// number (no thousands separators, no currency symbols, no NaN).
    public static func parse(_ text: String) -> Decimal? {
        var rest = Substring(text)
        guard !rest.isEmpty, rest.count <= 40 else { return nil }
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let mantissaEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
        let mantissa = rest[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty,
              whole.allSatisfy(\.isASCIIDigit),
              parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit))
        else { return nil }
        if mantissaEnd != rest.endIndex {
            var exponent = rest[rest.index(after: mantissaEnd)...]
            if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
            guard !exponent.isEmpty, exponent.count <= 3, exponent.allSatisfy(\.isASCIIDigit) else { return nil }
        }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The plain decimal text of `value` ("0.99", "160"), independent of any locale.
    public static func string(_ value: Decimal) -> String {
        var copy = value
        return NSDecimalString(&copy, Locale(identifier: "en_US_POSIX"))
    }

    /// `value` in thousandths of a unit, as StoreKit 2 reports prices.
    public static func milliunits(_ value: Decimal) -> Int64 {
        var scaled = value * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
