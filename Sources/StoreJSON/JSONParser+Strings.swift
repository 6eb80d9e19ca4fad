extension JSONParser {
    /// A quoted string, from its opening quote; its escapes decoded.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        var allBytes: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[start..<index])
                // Most strings of a catalog are plain ASCII: nothing to validate or to count.
                if allBytes < 0x80 {
                    index += 1
                    return String(decoding: content, as: UTF8.self)
                }
                let checked = UTF8Validation.check(content)
                if let invalidAt = checked.firstInvalidByte {
                    index = start + invalidAt
                    throw error(Self.invalidUTF8(byte: bytes[index]))
                }
                continuationBytes += checked.continuationBytes
                index += 1
                return String(decoding: content, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            allBytes |= byte
            index += 1
        }
        index = start
        return try parseEscapedString()
    }

    static func invalidUTF8(byte: UInt8) -> String {
        "invalid UTF-8 in a string: byte 0x\(String(byte, radix: 16)) does not begin or continue a character here"
    }

    /// The rest of a string that holds escapes or something wrong, from just after its opening
    /// quote; errors point just past what was read.
    private mutating func parseEscapedString() throws(JSONSyntaxError) -> String {
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("the \(textName) ends inside a string (is it truncated?)") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error("the string before this point holds bytes that are not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw error("a raw control character (0x\(String(byte, radix: 16))) inside a string; write it escaped")
            default:
                if byte & 0xC0 == 0x80 { continuationBytes += 1 }
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("the \(textName) ends inside a string escape") }
        index += 1
        if let escaped = JSONEscape.byte(forLetter: byte) {
            utf8.append(escaped)
            return
        }
        switch byte {
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\") else { throw error("a lone UTF-16 high surrogate in \\u escape") }
                index += 1
                guard current == UInt8(ascii: "u") else { throw error("a lone UTF-16 high surrogate in \\u escape") }
                index += 1
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("an invalid UTF-16 surrogate pair in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a lone UTF-16 low surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
            utf8.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw error("an unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
        }
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("the \(textName) ends inside a \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
