import Foundation

/// Rounds amounts to a currency's minor unit (cents, or whole yen).
enum CurrencyRounding {
    static func round(_ amount: Decimal, currency: String) -> Decimal {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, minorUnitDigits(currency), .plain)
        return rounded
    }

    /// ICU's number of fraction digits for the currency (0 for JPY, 2 for USD and EUR).
    static func minorUnitDigits(_ currency: String) -> Int {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .currency
        formatter.currencyCode = currency
        return formatter.maximumFractionDigits
    }
}
