/// A malformed JSON text, located by line and column.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var reason: String

    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// Parses JSON text into `JSONNode`s that carry their line and column.
///
/// Written here instead of using `JSONSerialization` because error messages must name the line
/// and column of every problem (not only syntax errors), and numbers must stay exact text.
public struct JSONParser {
    /// Nesting deeper than this is refused rather than risking the stack on hostile input.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected text after the end of the JSON value")
        }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard current == byte else {
            throw error(current == nil ? "the file ends where \(what) was expected (is it truncated?)"
                                       : "expected \(what), found \(describeCurrent())")
        }
        advance()
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maximumDepth else { throw error("nesting is deeper than \(Self.maximumDepth) levels") }
        let startLine = line, startColumn = column
        guard let byte = current else { throw error("the file ends where a value was expected (is it truncated?)") }
        let value: JSONNode.Value
        switch byte {
        case UInt8(ascii: "{"): value = try parseObject(depth: depth)
        case UInt8(ascii: "["): value = try parseArray(depth: depth)
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        case UInt8(ascii: "t"): try parseLiteral("true"); value = .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); value = .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); value = .null
        default: throw error("expected a value, found \(describeCurrent())")
        }
        return JSONNode(value, line: startLine, column: startColumn)
    }

    private mutating func parseLiteral(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("expected '\(word)'") }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        advance()
        var members: [(key: String, node: JSONNode)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { advance(); return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(current == nil ? "the file ends inside an object (is it truncated?)"
                                           : "expected a quoted member name, found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the member name \"\(key)\"")
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { advance(); continue }
            try expect(UInt8(ascii: "}"), "',' or '}' after the member \"\(key)\"")
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        advance()
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { advance(); return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") { advance(); continue }
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw error("expected a digit in a number")
        }
        if first == UInt8(ascii: "0") { advance() } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            advance()
            guard isDigit(current) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard isDigit(current) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while isDigit(current) { advance() }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()
        if let plain = parsePlainString() { return plain }
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("the file ends inside a string (is it truncated?)") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error("the string before this point is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                advance()
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw error("a raw control character (0x\(String(byte, radix: 16))) inside a string; write it escaped")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    /// The rest of a string without escapes or control characters, taken straight from the
    /// bytes (most strings in a catalog are); nil, having consumed nothing, for any other.
    private mutating func parsePlainString() -> String? {
        var end = index
        var characters = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte & 0xC0 != 0x80 { characters += 1 }
            end += 1
        }
        guard end < bytes.count, let text = String(validating: bytes[index..<end], as: UTF8.self) else { return nil }
        // No newline inside: the line stays, the column moves past the characters and the quote.
        index = end + 1
        column += characters + 1
        return text
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("the file ends inside a string escape") }
        advance()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard current == UInt8(ascii: "\\") else { throw error("a lone UTF-16 high surrogate in \\u escape") }
                advance()
                guard current == UInt8(ascii: "u") else { throw error("a lone UTF-16 high surrogate in \\u escape") }
                advance()
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
            guard let byte = current else { throw error("the file ends inside a \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }
}
