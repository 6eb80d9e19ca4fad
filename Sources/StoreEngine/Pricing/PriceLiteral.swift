import Foundation

/// A price as a catalog writes it: an exact decimal string within a currency's decimal places.
///
/// Prices are refused rather than rounded, so that what a buyer sees, what the ledger records
/// and what a signed transaction says are one and the same amount.
public enum PriceLiteral {
    /// The largest price accepted, in units of any currency. Large enough for the dearest App
    /// Store price in any currency, small enough that a price in milliunits times any quantity
    /// the store accepts stays far from `Int64.max`.
    public static let maximum: Decimal = 1_000_000_000

    /// Why a price was refused; each case's message says what to write instead.
    public enum Refusal: Error, Equatable, Sendable {
        case jsonNumber(String)
        case notDecimal(String)
        case negative(String)
        case tooManyDecimals(String, currency: String, allowed: Int)
        case tooLarge(String)

        public var message: String {
            switch self {
            case let .jsonNumber(literal):
                "the price \(literal) is a JSON number; write it as a string such as \"\(literal)\" so it stays exact"
            case let .notDecimal(literal):
                "\"\(literal)\" is not a decimal number; write a price such as \"0.99\" (digits and at most one point, no exponent, sign or symbol)"
            case let .negative(literal):
                "the price \(literal) is negative; prices are zero or more"
            case let .tooManyDecimals(literal, currency, 0):
                "\"\(literal)\" has decimals but \(currency) has no minor unit; write a whole amount such as \"\(wholePart(of: literal))\""
            case let .tooManyDecimals(literal, currency, allowed):
                "\"\(literal)\" has more decimal places than \(currency) has (\(allowed)); write it with at most \(allowed), such as \"\(wholePart(of: literal)).\(String(repeating: "9", count: allowed))\""
            case let .tooLarge(literal):
                "the price \(literal) is over the largest price accepted (\(ExactDecimal.string(maximum))); write a smaller price"
            }
        }

        private func wholePart(of literal: String) -> Substring {
            literal.prefix { $0 != "." }
        }
    }

    /// Parses `text` (a JSON string's contents) as a price in `currency`.
    public static func parse(_ text: String, currency: String) -> Result<Decimal, Refusal> {
        let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
        guard isPlainDecimal(unsigned), let value = ExactDecimal.parse(unsigned) else { return .failure(.notDecimal(text)) }
        if text.hasPrefix("-") { return .failure(value == 0 ? .notDecimal(text) : .negative(text)) }
        guard value <= maximum else { return .failure(.tooLarge(text)) }
        let allowed = CurrencyMinorUnits.digits(of: currency)
        guard significantDecimals(of: unsigned) <= allowed else {
            return .failure(.tooManyDecimals(text, currency: currency, allowed: allowed))
        }
        return .success(value)
    }

    /// Digits with at most one point that has digits on both sides: "0.99", "160", "1.0".
    static func isPlainDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    }

    /// Decimal places that change the value: "1.10" has 1, "160.0" none.
    static func significantDecimals(of text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].reversed().drop { $0 == "0" }.count
    }
}
