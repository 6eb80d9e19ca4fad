import Foundation

/// An event type that writes its own ledger JSON, much faster than `JSONEncoder`.
///
/// Every commit encodes its events, so this is a good part of a commit's processor time. The
/// bytes must be exactly what the ledger's `JSONEncoder` writes (sorted keys, no escaped
/// slashes, whole-second ISO 8601 dates); for anything the fast path does not handle it
/// returns nil and the encoder is used.
public protocol LedgerLineEncodable {
    func ledgerLineJSON(dateEncoding: LedgerDateEncoding) -> [UInt8]?
}

/// Writes one flat JSON object, member by member, in the order given.
///
/// Strings that would need escaping (quotes, backslashes, control characters) are not
/// written: `result` is then nil, and the caller uses `JSONEncoder`, which escapes them.
public struct FlatJSONObjectWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var isEmpty = true
    private var isValid = true

    public init() { bytes.reserveCapacity(512) }

    public var result: [UInt8]? { isValid ? bytes + [UInt8(ascii: "}")] : nil }

    public mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        start(key)
        appendString(value)
    }

    public mutating func member(_ key: StaticString, _ value: Int?) {
        guard let value else { return }
        start(key)
        bytes += String(value).utf8
    }

    public mutating func member(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        start(key)
        bytes += (value ? "true" : "false").utf8
    }

    public mutating func member(_ key: StaticString, _ value: [String]?) {
        guard let value else { return }
        start(key)
        bytes.append(UInt8(ascii: "["))
        for (index, element) in value.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A date as `JSONEncoder`'s `.iso8601` strategy writes it: UTC, whole seconds rounded
    /// down, years 1600 to 9999 (others fall back: Foundation switches to the Julian calendar
    /// before October 1582).
    public mutating func member(_ key: StaticString, _ value: Date?) {
        guard let value else { return }
        let seconds = value.timeIntervalSince1970.rounded(.down)
        guard let whole = Int(exactly: seconds), let text = Self.iso8601(secondsSince1970: whole) else {
            isValid = false
            return
        }
        start(key)
        appendString(text)
    }

    private mutating func start(_ key: StaticString) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
    }

    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { isValid = false }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` for a time in whole seconds since 1970, by the Gregorian
    /// calendar; nil outside the years 1600 to 9999.
    static func iso8601(secondsSince1970 seconds: Int) -> String? {
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (dayNumber, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        // Days since 1970-01-01 to a proleptic Gregorian date, counting in 400-year eras
        // that start on 1 March, so leap days fall at the end of each year.
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1_600...9_999).contains(year) else { return nil }
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(second / 3_600, 2)):"
            + "\(padded(second / 60 % 60, 2)):\(padded(second % 60, 2))Z"
    }
}
