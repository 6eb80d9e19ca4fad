import Foundation
import StoreCatalog

/// Rounds amounts to a currency's minor unit (cents, or whole yen).
enum CurrencyRounding {
    /// `amount` to `currency`'s decimal places as ICU counts them (0 for JPY, 2 for USD and
    /// EUR), the places a catalog's prices are checked against. A formatter's
    /// `maximumFractionDigits` would not do: on Linux it keeps 2 whatever the currency, and a
    /// pro-rata refund in yen came out as 827.42.
    static func round(_ amount: Decimal, currency: String) -> Decimal {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, CurrencyMinorUnits.digits(of: currency), .plain)
        return rounded
    }
}
