import Foundation
import StoreCatalog

/// Writes a folded state's values as bytes, for a checkpoint file.
///
/// Integers are variable-length (7 bits a byte, zigzag for the sign), so the small numbers a
/// state is mostly made of take a byte or two; dates and other doubles are 8 bytes, little-
/// endian; strings and lists carry their length first. The
/// format is private to one version of the program: a checkpoint names its format, and one
/// in another format is simply not used.
struct CheckpointWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: Int64) {
        var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func writeFixed(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Int) { write(Int64(value)) }
    mutating func write(_ value: UInt32) { write(Int64(value)) }
    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func write(_ value: Double) { writeFixed(value.bitPattern) }
    mutating func write(_ value: Date) { write(value.timeIntervalSinceReferenceDate) }

    mutating func write(_ value: String) {
        write(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func write(bytes more: [UInt8]) {
        write(more.count)
        bytes.append(contentsOf: more)
    }

    mutating func write(_ value: UInt128) {
        writeFixed(UInt64(truncatingIfNeeded: value))
        writeFixed(UInt64(truncatingIfNeeded: value >> 64))
    }

    /// A price, as the exact decimal text it prints as.
    mutating func write(_ value: Decimal) { write(value.description) }

    /// A case of a small enum, as its position in `cases` (all of them, fetched once by the
    /// caller: `allCases` builds a new array on every call). The layout test notices a reordering.
    mutating func write<Value: Equatable>(case value: Value, of cases: [Value]) {
        write(cases.firstIndex(of: value) ?? -1)
    }

    mutating func write<Value>(_ value: Value?, _ writeValue: (inout CheckpointWriter, Value) -> Void) {
        write(value != nil)
        if let value { writeValue(&self, value) }
    }

    mutating func write<Element>(_ list: some Collection<Element>, _ writeElement: (inout CheckpointWriter, Element) -> Void) {
        write(list.count)
        for element in list { writeElement(&self, element) }
    }
}

/// Why a checkpoint's bytes could not be read back; the checkpoint is then not used.
struct CheckpointFormatError: Error, CustomStringConvertible {
    var reason: String
    var description: String { "the checkpoint cannot be read: \(reason)" }
}

/// Reads back what a `CheckpointWriter` wrote, checking every length against what is left.
struct CheckpointReader {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset == bytes.endIndex }

    mutating func readInt64() throws(CheckpointFormatError) -> Int64 {
        var raw: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.endIndex, shift < 64 else { throw CheckpointFormatError(reason: "a number is cut off") }
            let byte = bytes[offset]
            offset += 1
            raw |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func readFixed() throws(CheckpointFormatError) -> UInt64 {
        guard bytes.endIndex - offset >= 8 else { throw CheckpointFormatError(reason: "it ends early") }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += 8
        return value
    }

    mutating func readInt() throws(CheckpointFormatError) -> Int {
        Int(try readInt64())
    }

    /// A count of items that each take at least one byte, so it cannot exceed what is left.
    mutating func readCount() throws(CheckpointFormatError) -> Int {
        let count = try readInt64()
        guard count >= 0, count <= bytes.endIndex - offset else { throw CheckpointFormatError(reason: "a length is out of range") }
        return Int(count)
    }

    mutating func readUInt32() throws(CheckpointFormatError) -> UInt32 {
        let value = try readInt64()
        guard let number = UInt32(exactly: value) else { throw CheckpointFormatError(reason: "a number is out of range") }
        return number
    }

    mutating func readBool() throws(CheckpointFormatError) -> Bool {
        guard offset < bytes.endIndex, bytes[offset] <= 1 else { throw CheckpointFormatError(reason: "a flag is not 0 or 1") }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func readDouble() throws(CheckpointFormatError) -> Double {
        Double(bitPattern: try readFixed())
    }

    mutating func readDate() throws(CheckpointFormatError) -> Date {
        Date(timeIntervalSinceReferenceDate: try readDouble())
    }

    mutating func readString() throws(CheckpointFormatError) -> String {
        let count = try readCount()
        defer { offset += count }
        guard let text = String(validating: bytes[offset..<offset + count], as: UTF8.self) else {
            throw CheckpointFormatError(reason: "a text is not UTF-8")
        }
        return text
    }

    mutating func readBytes() throws(CheckpointFormatError) -> ArraySlice<UInt8> {
        let count = try readCount()
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func readUInt128() throws(CheckpointFormatError) -> UInt128 {
        let low = try readFixed()
        let high = try readFixed()
        return UInt128(high) << 64 | UInt128(low)
    }

    mutating func readDecimal() throws(CheckpointFormatError) -> Decimal {
        guard let value = ExactDecimal.parse(try readString()) else { throw CheckpointFormatError(reason: "a price is not a number") }
        return value
    }

    mutating func readEnum<Value: RawRepresentable<String>>(_: Value.Type) throws(CheckpointFormatError) -> Value {
        let raw = try readString()
        guard let value = Value(rawValue: raw) else { throw CheckpointFormatError(reason: "\"\(raw)\" is not a known \(Value.self)") }
        return value
    }

    mutating func readCase<Value>(of cases: [Value]) throws(CheckpointFormatError) -> Value {
        let position = try readInt()
        guard cases.indices.contains(position) else {
            throw CheckpointFormatError(reason: "\(position) is not a known \(Value.self)")
        }
        return cases[position]
    }

    mutating func readOptional<Value>(_ readValue: (inout CheckpointReader) throws(CheckpointFormatError) -> Value) throws(CheckpointFormatError) -> Value? {
        try readBool() ? try readValue(&self) : nil
    }

    mutating func readList<Element>(_ readElement: (inout CheckpointReader) throws(CheckpointFormatError) -> Element) throws(CheckpointFormatError) -> [Element] {
        let count = try readCount()
        var list: [Element] = []
        list.reserveCapacity(count)
        for _ in 0..<count { list.append(try readElement(&self)) }
        return list
    }
}
