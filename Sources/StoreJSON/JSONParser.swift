/// A malformed JSON text, located by line and column, and by byte for texts that are not files.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// Where the problem is, in bytes from the start of the text (0 for its first byte).
    public var offset: Int
    public var reason: String

    public init(line: Int, column: Int, offset: Int, reason: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// Parses JSON text into `JSONNode`s that carry their line and column.
///
/// Written here instead of using `JSONSerialization` because error messages must name the line
/// and column of every problem (not only syntax errors), and numbers must stay exact text.
///
/// Columns count characters, yet the parser does not count them byte by byte: outside strings
/// every character is one byte, so a value's column is its distance from the start of its line
/// less the UTF-8 continuation bytes of the strings read before it on that line.
public struct JSONParser {
    /// Nesting deeper than this is refused rather than risking the stack on hostile input.
    public static let maximumDepth = 256
    /// The reason of the error for a whole value followed by more text.
    public static let textAfterTheValue = "unexpected text after the end of the JSON value"

    let bytes: UnsafeBufferPointer<UInt8>
    /// What the text is called in errors ("the file ends inside a string", "the body ends ...").
    let textName: String
    var index = 0
    /// The 1-based line that `index` is on.
    private var line = 1
    /// Where that line starts, as a byte offset.
    private var lineStart = 0
    /// UTF-8 continuation bytes in the strings read so far on this line (they are not columns).
    var continuationBytes = 0
    /// Room made at first for an object's members or an array's elements: most in a catalog have
    /// a handful, and growing from one to four would allocate three times.
    private static let initialCapacity = 4

    /// True once some object has been seen with a member name written twice.
    private var sawDuplicateKey = false
    /// True once some number has been seen that a double cannot hold (too large, or too near zero).
    private var sawNumberOutOfRange = false
    /// Objects with more members than this look names up in a set instead of comparing pairs.
    private static let pairwiseKeyCheckLimit = 16

    public static func parse(_ bytes: [UInt8], textName: String = "file") throws(JSONSyntaxError) -> JSONNode {
        try parseNotingAmbiguities(bytes, textName: textName).root
    }

    /// What a parse gives, with what it saw that JSON allows but readers disagree on.
    public typealias NotedParse = (root: JSONNode, hasDuplicateKeys: Bool, hasNumbersOutOfRange: Bool)

    /// Parses `bytes` and tells whether any object repeats a member name and whether any number
    /// is one a double cannot hold, so that callers walk the tree for `JSONNode.duplicateKeys()`
    /// or `JSONNode.numbersOutOfRange()` only when there is something to find.
    /// `textName` is what errors call the text: a file, or a request body.
    public static func parseNotingAmbiguities(_ bytes: [UInt8], textName: String = "file") throws(JSONSyntaxError) -> NotedParse {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> NotedParse in
            var parser = JSONParser(bytes: buffer, textName: textName)
            let root = try parser.parseDocument()
            return (root, parser.sawDuplicateKey, parser.sawNumberOutOfRange)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, textName: String) {
        self.bytes = bytes
        self.textName = textName
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw error(Self.textAfterTheValue)
        }
        return node
    }

    /// An error at `index`, its column counted from the bytes of the line (errors are rare, and
    /// they may stop in the middle of a string, even after a new line escaped by mistake).
    func error(_ reason: String) -> JSONSyntaxError {
        var line = self.line, column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[lineStart..<index]) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, offset: index, reason: reason)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
                continuationBytes = 0
            default:
                return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(JSONSyntaxError) {
        guard current == byte else {
            throw error(current == nil ? "the \(textName) ends where \(what()) was expected (is it truncated?)"
                                       : "expected \(what()), found \(describeCurrent())")
        }
        index += 1
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the \(textName)" }
        if isLetter(byte) { return "'\(wordAtIndex())'" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maximumDepth else { throw error("nesting is deeper than \(Self.maximumDepth) levels, the most this reader takes") }
        let startLine = line, startColumn = index - lineStart - continuationBytes + 1
        guard let byte = current else { throw error("the \(textName) ends where a value was expected (is it truncated?)") }
        let value: JSONNode.Value
        switch byte {
        case UInt8(ascii: "{"): value = try parseObject(depth: depth)
        case UInt8(ascii: "["): value = try parseArray(depth: depth)
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        case UInt8(ascii: "t"): try parseLiteral("true"); value = .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); value = .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); value = .null
        default: throw notAValue()
        }
        return JSONNode(value, line: startLine, column: startColumn)
    }

    /// The error for what stands where a value was expected, named whole ("'not'").
    private func notAValue() -> JSONSyntaxError {
        error("expected a value, found \(describeCurrent())"
              + (current.map(isLetter) == true ? " (a JSON value is an object, array, string, number, true, false or null)" : ""))
    }

    private mutating func parseLiteral(_ word: String) throws(JSONSyntaxError) {
        let start = index
        for expected in word.utf8 {
            guard current == expected else {
                // "not json" is no misspelt null: the word found is named, where it begins.
                index = start
                throw notAValue()
            }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object([]) }
        var members: [(key: String, node: JSONNode)] = []
        members.reserveCapacity(Self.initialCapacity)
        var keysOfLargeObject: Set<JSONMemberName>?
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(current == nil ? "the \(textName) ends inside an object (is it truncated?)"
                                           : "expected a quoted member name, found \(describeCurrent())")
            }
            let key = try parseString()
            if !sawDuplicateKey { sawDuplicateKey = isRepeated(key, among: members, largeObjectKeys: &keysOfLargeObject) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the member name \"\(key)\"")
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"), "',' or '}' after the member \"\(key)\"")
            return .object(members)
        }
    }

    /// True when `key` names one of `members` already; past a few members the names go into a set.
    private func isRepeated(_ key: String, among members: [(key: String, node: JSONNode)],
                            largeObjectKeys: inout Set<JSONMemberName>?) -> Bool {
        let name = JSONMemberName(key)
        if members.count < Self.pairwiseKeyCheckLimit { return members.contains { JSONMemberName($0.key) == name } }
        if largeObjectKeys == nil { largeObjectKeys = Set(members.map { JSONMemberName($0.key) }) }
        return !largeObjectKeys!.insert(name).inserted
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array([]) }
        var elements: [JSONNode] = []
        elements.reserveCapacity(Self.initialCapacity)
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw error("expected a digit in a number")
        }
        let integerStart = index
        if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        var mayBeOutOfRange = index - integerStart > JSONNumberRange.digitsAlwaysInRange
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error("expected a digit after the decimal point") }
            let fractionStart = index
            skipDigits()
            if index - fractionStart > JSONNumberRange.digitsAlwaysInRange { mayBeOutOfRange = true }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw error("expected a digit in the exponent") }
            skipDigits()
            mayBeOutOfRange = true
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if mayBeOutOfRange, !sawNumberOutOfRange { sawNumberOutOfRange = JSONNumberRange.excess(literal) != nil }
        return literal
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// The letters from `index` on, so that `NaN` or `Infinity` is named whole, not by its first letter.
    private func wordAtIndex() -> String {
        let letters = bytes[index...].prefix { isLetter($0) }.prefix(Self.longestWordShown)
        return String(decoding: letters, as: UTF8.self)
    }

    /// Past this many letters a word in an error is cut: it is there to recognise, not to read.
    private static let longestWordShown = 20

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while isDigit(current) { index += 1 }
    }
}
