/// Checks UTF-8 text the way `String(validating:as:)` does, and counts its continuation bytes.
///
/// The parser needs both for every string that is not ASCII; the standard library's check is
/// generic and cost a tenth of reading a catalog with texts in several languages.
enum UTF8Validation {
    /// The number of continuation bytes in `bytes`, or nil when they are not valid UTF-8.
    static func continuationBytes(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let checked = check(bytes)
        return checked.firstInvalidByte == nil ? checked.continuationBytes : nil
    }

    /// The continuation bytes counted up to the first byte that makes `bytes` invalid UTF-8
    /// (a stray continuation byte, a truncated sequence, an overlong form, a surrogate, or a
    /// code point above U+10FFFF), and where that byte is; nil when there is none.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> (continuationBytes: Int, firstInvalidByte: Int?) {
        var index = 0
        var continuations = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The range of the first continuation byte depends on the lead byte: it rules out
            // overlong forms, surrogates and code points beyond U+10FFFF.
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return (continuations, index)
            }
            // A sequence cut short is wrong at the byte that should have continued it.
            guard index + 1 < bytes.count, secondRange.contains(bytes[index + 1]) else { return (continuations, index + 1) }
            for offset in 2..<length where index + offset >= bytes.count || bytes[index + offset] & 0xC0 != 0x80 {
                return (continuations, index + offset)
            }
            continuations += length - 1
            index += length
        }
        return (continuations, nil)
    }
}
