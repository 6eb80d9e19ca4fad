import Foundation

/// The RFC 3339 dates an app receipt holds in IA5Strings, in UTC: `2026-12-01T06:21:34Z`, with
/// milliseconds (`…34.250Z`) when the date has them, so a receipt keeps the ledger's dates.
enum ReceiptDate {
    private static let whole = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true,
                                                              timeZone: TimeZone(identifier: "UTC")!)

    static func text(_ date: Date) -> String {
        let milliseconds = SignedTransactionPayload.milliseconds(date)
        let rounded = SignedTransactionPayload.date(milliseconds: milliseconds)
        return milliseconds % 1000 == 0 ? whole.format(rounded) : fractional.format(rounded)
    }

    /// The date `text` states, or nil when it is not an RFC 3339 UTC date.
    static func date(_ text: String) -> Date? {
        guard text.hasSuffix("Z"), text.count <= 24 else { return nil }
        return (try? fractional.parse(text)) ?? (try? whole.parse(text))
    }
}
