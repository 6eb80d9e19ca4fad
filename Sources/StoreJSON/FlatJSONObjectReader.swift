/// Reads the members of one flat JSON object (strings, integers, booleans and arrays of
/// strings) straight from UTF-8 bytes, without building a tree.
///
/// Made for ledger lines, where a full JSON decoder costs most of the time of opening a large
/// ledger. It accepts only the compact form the ledger writes; anything else (whitespace,
/// null, fractions, nested objects, escapes in keys, invalid UTF-8) makes it give up by
/// returning nil, and the caller falls back to a complete decoder, which also explains errors.
public struct FlatJSONObjectReader {
    /// A member's value.
    public enum Value {
        case string(String)
        case integer(Int)
        case bool(Bool)
        case strings([String])
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private var isFinished = false

    /// Starts reading the object that `bytes` consists of; nil when they do not start with `{`.
    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        self.bytes = bytes
        index = 1
        if bytes.count > 1, bytes[1] == UInt8(ascii: "}") { isFinished = true }
    }

    /// The outcome of reading one member.
    public enum Step {
        case member(key: UnsafeBufferPointer<UInt8>, value: Value)
        case end
        case unsupported
    }

    /// Reads the next member, or tells that the object ended or uses something unsupported.
    public mutating func next() -> Step {
        if isFinished { return .end }
        guard let key = readKey(), consume(UInt8(ascii: ":")), let value = readValue() else { return .unsupported }
        if consume(UInt8(ascii: ",")) { return .member(key: key, value: value) }
        guard consume(UInt8(ascii: "}")), index == bytes.count else { return .unsupported }
        isFinished = true
        return .member(key: key, value: value)
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A quoted key without escapes, as the bytes between the quotes.
    private mutating func readKey() -> UnsafeBufferPointer<UInt8>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    private mutating func readValue() -> Value? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return readString().map(Value.string)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return readInteger().map(Value.integer)
        case UInt8(ascii: "t"): return readWord("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return readWord("false") ? .bool(false) : nil
        case UInt8(ascii: "["): return readStrings().map(Value.strings)
        default: return nil
        }
    }

    private mutating func readWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// A JSON integer that fits in `Int`: no fraction, exponent or leading zeros, and not -0.
    private mutating func readInteger() -> Int? {
        let negative = consume(UInt8(ascii: "-"))
        let start = index
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            let (times10, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0"), !(negative && value == 0) else { return nil }
        if index < bytes.count {
            let following = bytes[index]
            if following == UInt8(ascii: ".") || following == UInt8(ascii: "e") || following == UInt8(ascii: "E") { return nil }
        }
        return negative ? -value : value
    }

    /// A quoted string, its escapes decoded; nil for invalid UTF-8 or raw control characters.
    private mutating func readString() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                let text = UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
                // ASCII needs no validation, and String(decoding:) is the faster path
                // (String(validating:) looks up generic metadata on every call).
                return isASCII ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
            }
            if byte >= 0x80 { isASCII = false }
            if byte == UInt8(ascii: "\\") {
                index = start
                return readEscapedString()
            }
            if byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// The rest of a string that holds escapes, from just after its opening quote.
    private mutating func readEscapedString() -> String? {
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                if let escaped = JSONEscape.byte(forLetter: escape) {
                    utf8.append(escaped)
                } else if escape == UInt8(ascii: "u"), let scalar = readEscapedScalar() {
                    utf8.append(contentsOf: String(Character(scalar)).utf8)
                } else {
                    return nil
                }
            case 0x00..<0x20:
                return nil
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape (the `\u` already read), joining a surrogate pair.
    private mutating func readEscapedScalar() -> Unicode.Scalar? {
        guard let first = readHexQuad() else { return nil }
        switch first {
        case 0xD800..<0xDC00:
            guard readWord("\\u"), let second = readHexQuad(), (0xDC00..<0xE000).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00..<0xE000:
            return nil
        default:
            return Unicode.Scalar(first)
        }
    }

    private mutating func readHexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func readStrings() -> [String]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var strings: [String] = []
        if consume(UInt8(ascii: "]")) { return strings }
        while true {
            guard let string = readString() else { return nil }
            strings.append(string)
            if consume(UInt8(ascii: "]")) { return strings }
            guard consume(UInt8(ascii: ",")) else { return nil }
        }
    }
}
