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
        /// A JSON number, with the string to write instead: the number as a plain decimal.
        case jsonNumber(String, writeAs: String)
        /// A JSON number that as a string would be refused too, for the reason given.
        indirect case jsonNumberRefusedAsText(String, Refusal)
        case notDecimal(String)
        case negative(String)
        case tooManyDecimals(String, currency: String, allowed: Int)
        case tooLarge(String)

        public var message: String {
            switch self {
            case let .jsonNumber(literal, text):
                "the price \(literal) is a JSON number; write it as a string such as \"\(text)\" so it stays exact"
            case let .jsonNumberRefusedAsText(literal, refusal):
                // Advising the same number as a string would only lead to this refusal next.
                "the price \(literal) is a JSON number, and written as a string it would be refused too: \(refusal.message)"
            case let .notDecimal(literal):
                "\"\(literal)\" is not a decimal number; write a price such as \"0.99\" (digits and at most one point, no space, exponent, sign or symbol)"
            case let .negative(literal):
                "the price \(literal) is negative; prices are zero or more"
            case let .tooManyDecimals(literal, currency, 0):
                "\"\(literal)\" has decimals but \(currency) has no minor unit; write a whole amount, \(neighbours(of: literal, places: 0))"
            case let .tooManyDecimals(literal, currency, allowed):
                "\"\(literal)\" has more decimal places than \(currency) has (\(allowed)); write \(neighbours(of: literal, places: allowed))"
            case let .tooLarge(literal):
                "the price \(literal) is over the largest price accepted (\(ExactDecimal.string(maximum))); write a smaller price"
            }
        }

        /// The prices with `places` decimals just below and above `literal`: "\"160\" or \"161\"".
        private func neighbours(of literal: String, places: Int) -> String {
            guard var value = ExactDecimal.parse(literal) else { return "a price such as \"0.99\"" }
            var below = Decimal(), above = Decimal()
            NSDecimalRound(&below, &value, places, .down)
            NSDecimalRound(&above, &value, places, .up)
            // A price rounded down to nothing would make the product free, which no one asked for.
            if below == 0 { return "\"\(fixed(above, places: places))\" (\"\(fixed(below, places: places))\" would make it free)" }
            return "\"\(fixed(below, places: places))\" or \"\(fixed(above, places: places))\""
        }

        /// `value` with exactly `places` decimals ("1.10", not "1.1").
        private func fixed(_ value: Decimal, places: Int) -> String {
            let text = ExactDecimal.string(value)
            guard places > 0 else { return text }
            let decimals = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? -1
            return (decimals < 0 ? text + "." : text) + String(repeating: "0", count: places - max(decimals, 0))
        }
    }

    /// Why a price written as the JSON number `literal` is refused, naming the string to write
    /// instead (an exponent written out, "1e3" as "1000"), or why that string would be refused too.
    public static func refusalOfJSONNumber(_ literal: String, currency: String) -> Refusal {
        let plain = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")).map(ExactDecimal.string) ?? literal
        if case .failure(let refusal) = parse(plain, currency: currency) {
            return .jsonNumberRefusedAsText(literal, refusal)
        }
        return .jsonNumber(literal, writeAs: plain)
    }

    /// Parses `text` (a JSON string's contents) as a price in `currency`.
    public static func parse(_ text: String, currency: String) -> Result<Decimal, Refusal> {
        let negative = text.utf8.first == UInt8(ascii: "-")
        guard let decimals = significantDecimals(ofPlainDecimal: negative ? text.utf8.dropFirst() : text.utf8[...]),
              let value = ExactDecimal.parse(negative ? String(text.dropFirst()) : text) else { return .failure(.notDecimal(text)) }
        if negative { return .failure(value == 0 ? .notDecimal(text) : .negative(text)) }
        guard value <= maximum else { return .failure(.tooLarge(text)) }
        let allowed = CurrencyMinorUnits.digits(of: currency)
        guard decimals <= allowed else { return .failure(.tooManyDecimals(text, currency: currency, allowed: allowed)) }
        return .success(value)
    }

    /// The decimal places that change the value ("1.10" has 1, "160.0" none) when `bytes` are
    /// digits with at most one point that has digits on both sides; nil for anything else.
    static func significantDecimals(ofPlainDecimal bytes: Substring.UTF8View) -> Int? {
        var digitsBeforePoint = 0
        var decimals = 0
        var significant = 0
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, digitsBeforePoint > 0 else { return nil }
                seenPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                if seenPoint {
                    decimals += 1
                    if byte != UInt8(ascii: "0") { significant = decimals }
                } else {
                    digitsBeforePoint += 1
                }
            } else {
                return nil
            }
        }
        guard digitsBeforePoint > 0, !seenPoint || decimals > 0 else { return nil }
        return significant
    }
}
