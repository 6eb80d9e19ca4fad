import Foundation

/// How many decimal places a currency's prices may have (2 for USD and EUR, 0 for JPY, 3 for KWD).
///
/// Taken from ICU, the same source the price formatter uses, so a price that passes this check
/// is shown exactly as it is recorded and signed.
public enum CurrencyMinorUnits {
    private static let known = KnownDigits()

    /// The number of decimal places `currency` (ISO 4217) has.
    public static func digits(of currency: String) -> Int {
        if let digits = known.digits(of: currency) { return digits }
        let digits = decimalsShown(formatting: PriceFormatter().format(1, currency: currency, locale: "en"))
        known.remember(digits, for: currency)
        return digits
    }

    /// The places found so far, shared by every thread.
    ///
    /// A lock in a class rather than a global `Mutex`: ThreadSanitizer reports the exclusive
    /// accesses of a global `Mutex` from two threads as a race, though the lock orders them.
    private final class KnownDigits: @unchecked Sendable {
        private let lock = NSLock()
        private var table: [String: Int] = [:]

        func digits(of currency: String) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            return table[currency]
        }

        func remember(_ digits: Int, for currency: String) {
            lock.lock()
            defer { lock.unlock() }
            table[currency] = digits
        }
    }

    /// The digits after the point in `text`, ICU's rendering of 1 ("$1.00", "¥1", "KWD 1.000").
    ///
    /// Read from the output because on Linux a formatter's `maximumFractionDigits` keeps the
    /// locale's currency's places when its currency code is changed.
    static func decimalsShown(formatting text: String) -> Int {
        guard let one = text.firstIndex(of: "1") else { return 0 }
        let rest = text[text.index(after: one)...]
        guard rest.first == "." else { return 0 }
        return rest.dropFirst().prefix { $0.isASCIIDigit }.count
    }
}
