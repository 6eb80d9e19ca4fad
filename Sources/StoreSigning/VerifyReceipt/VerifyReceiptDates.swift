import Foundation

/// The three forms Apple's `/verifyReceipt` gives every date in: `NAME` ("2026-12-01 06:21:34
/// Etc/GMT"), `NAME_ms` (milliseconds since 1970, as a string) and `NAME_pst` (Pacific time).
enum VerifyReceiptDates {
    private static let utc = TimeZone(identifier: "UTC")!
    private static let pacific = TimeZone(identifier: "America/Los_Angeles")!

    /// Writes the three forms of `date` into `fields` under `name`.
    static func add(_ name: String, _ date: Date?, to fields: inout [String: String]) {
        guard let date else { return }
        let milliseconds = SignedTransactionPayload.milliseconds(date)
        let rounded = SignedTransactionPayload.date(milliseconds: milliseconds)
        fields[name] = text(rounded, in: utc, zoneName: "Etc/GMT")
        fields[name + "_ms"] = String(milliseconds)
        fields[name + "_pst"] = text(rounded, in: pacific, zoneName: "America/Los_Angeles")
    }

    /// "yyyy-MM-dd HH:mm:ss ZONE", computed with a Gregorian calendar (a value, safe on any thread).
    private static func text(_ date: Date, in zone: TimeZone, zoneName: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + "-\(two(parts.month))-\(two(parts.day)) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) \(zoneName)"
    }
}
