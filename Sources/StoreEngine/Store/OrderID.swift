/// The order id of a purchase, as on the App Store's emailed receipt: derived from the
/// transaction id, so every transaction has one, in every ledger, with nothing recorded.
///
/// "M" and the transaction number in base 36 (capital letters and digits); the derivation
/// is one-to-one, so an order id names exactly one transaction (see DECISIONS.md).
public enum OrderID {
    private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let prefix: Character = "M"

    /// The order id of transaction `transactionID`; nil for an id that is not a number.
    public static func of(transactionID: String) -> String? {
        guard var number = UInt64(transactionID) else { return nil }
        var text: [Character] = []
        repeat {
            text.append(digits[Int(number % 36)])
            number /= 36
        } while number > 0
        return String(prefix) + String(text.reversed())
    }

    /// The transaction id `orderID` names; nil for text that is no order id.
    public static func transactionID(of orderID: String) -> String? {
        guard orderID.first == prefix, orderID.count > 1, orderID.count <= 14 else { return nil }
        var number: UInt64 = 0
        for character in orderID.dropFirst() {
            guard let value = digits.firstIndex(of: character) else { return nil }
            let (shifted, overflow) = number.multipliedReportingOverflow(by: 36)
            let (sum, carry) = shifted.addingReportingOverflow(UInt64(value))
            guard !overflow, !carry else { return nil }
            number = sum
        }
        let id = String(number)
        // Only the canonical spelling (no leading zeros) names the transaction.
        return of(transactionID: id) == orderID ? id : nil
    }
}

extension TransactionRecord {
    /// The order id of this purchase (see `OrderID`).
    public var orderID: String { OrderID.of(transactionID: id) ?? id }

    /// Whether it was bought (and maybe refunded since): the transactions that have an order,
    /// and that the App Store Server API shows; failed, cancelled and waiting attempts have neither.
    public var isBought: Bool { state == .purchased || state == .refunded }
}
