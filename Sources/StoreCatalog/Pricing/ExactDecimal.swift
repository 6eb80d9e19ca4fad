import Foundation

/// Exact decimal parsing that never passes through `Double`.
public enum ExactDecimal {
    /// Parses `"0.99"`, `"-1"`, `"160"`, `"1e2"`; nil for anything that is not a plain decimal
    /// number (no thousands separators, no currency symbols, no NaN).
    public static func parse(_ text: String) -> Decimal? {
        if let plain = parsePlain(text) { return plain }
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

    /// Digits with at most one decimal point and no sign ("0.99", "160"), the form of nearly
    /// every price, without `Decimal(string:)`, which costs a locale lookup per call; the
    /// result is the same value in the same representation. Nil for anything else.
    private static func parsePlain(_ text: String) -> Decimal? {
        var significand: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            digits += 1
            // 18 digits always fit in UInt64.
            guard digits <= 18 else { return nil }
            significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
            if seenPoint { fractionDigits += 1 }
        }
        // Foundation keeps the exponent of a zero such as "0.00"; those take the slow path.
        guard digits > 0, !(seenPoint && fractionDigits == 0), text.utf8.first != UInt8(ascii: "."),
              significand != 0 || fractionDigits == 0 else { return nil }
        return Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(significand))
    }

    /// The plain decimal text of `value` ("0.99", "160"), independent of any locale.
    public static func string(_ value: Decimal) -> String {
        var copy = value
        return NSDecimalString(&copy, Locale(identifier: "en_US_POSIX"))
    }

    /// `value` as an amount of `currency`, with as many decimal places as the currency has
    /// ("2.70" and "0.00" in USD, "160" in JPY, "1.500" in KWD), so amounts of one currency
    /// read alike; never fewer digits than `value` has. Without a currency, `string(value)`.
    public static func amount(_ value: Decimal, currency: String?) -> String {
        let plain = string(value)
        guard let currency else { return plain }
        let places = CurrencyMinorUnits.digits(of: currency)
        let shown = plain.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
        guard places > shown else { return plain }
        return plain + (shown == 0 ? "." : "") + String(repeating: "0", count: places - shown)
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
