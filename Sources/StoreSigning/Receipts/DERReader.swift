/// Reads DER elements out of bytes that may be damaged or hostile: every length is checked
/// against what is left, so a bad input ends in `DERError`, never a crash.
struct DERReader {
    /// One element: its tag and the range of its contents in the reader's bytes.
    struct Element {
        var tag: UInt8
        var contents: ArraySlice<UInt8>
    }

    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    init(_ bytes: [UInt8]) {
        self.init(bytes[...])
    }

    var isAtEnd: Bool { offset == bytes.endIndex }

    /// The next element; throws when the bytes end early or the length is not DER's.
    mutating func next() throws(DERError) -> Element {
        guard offset < bytes.endIndex else { throw .truncated(at: offset) }
        let tag = bytes[offset]
        // High-tag-number form (low five bits all set) is never used in a receipt.
        guard tag & 0x1F != 0x1F else { throw .unexpectedTag(tag, at: offset) }
        var cursor = offset + 1
        guard cursor < bytes.endIndex else { throw .truncated(at: cursor) }
        let first = bytes[cursor]
        cursor += 1
        var length = 0
        if first & 0x80 == 0 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            // Indefinite length (0x80) is BER, not DER; more than four length bytes is no receipt.
            guard count > 0, count <= 4 else { throw .badLength(at: cursor - 1) }
            guard bytes.endIndex - cursor >= count else { throw .truncated(at: cursor) }
            for byte in bytes[cursor..<cursor + count] { length = length << 8 | Int(byte) }
            cursor += count
            guard length >= 0x80, bytes[cursor - count] != 0 else { throw .badLength(at: cursor - count - 1) }
        }
        guard bytes.endIndex - cursor >= length else { throw .truncated(at: cursor) }
        offset = cursor + length
        return Element(tag: tag, contents: bytes[cursor..<cursor + length])
    }

    /// The next element, which must carry `tag`.
    mutating func next(_ tag: UInt8) throws(DERError) -> Element {
        let start = offset
        let element = try next()
        guard element.tag == tag else { throw .unexpectedTag(element.tag, at: start) }
        return element
    }
}

extension DERReader.Element {
    /// The contents as a signed integer of at most 64 bits.
    func integer() throws(DERError) -> Int64 {
        guard tag == DERTag.integer else { throw .unexpectedTag(tag, at: contents.startIndex) }
        guard !contents.isEmpty, contents.count <= 8 else { throw .badInteger(at: contents.startIndex) }
        var value: Int64 = contents.first! & 0x80 == 0 ? 0 : -1
        for byte in contents { value = value << 8 | Int64(byte) }
        return value
    }

    /// The contents of a UTF8String (or IA5String), which must be valid UTF-8.
    func text() throws(DERError) -> String {
        guard tag == DERTag.utf8String || tag == DERTag.ia5String else { throw .unexpectedTag(tag, at: contents.startIndex) }
        guard let text = String(validating: contents, as: UTF8.self) else { throw .badText(at: contents.startIndex) }
        return text
    }
}

/// Why bytes are not the DER a receipt is made of; `at` is the byte offset.
enum DERError: Error, Equatable, Sendable {
    case truncated(at: Int)
    case badLength(at: Int)
    case unexpectedTag(UInt8, at: Int)
    case badInteger(at: Int)
    case badText(at: Int)
    /// Bytes follow the last element where none may.
    case trailingBytes(at: Int)
}
