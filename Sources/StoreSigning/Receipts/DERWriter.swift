/// Writes ASN.1 values in DER (X.690), the few kinds an app receipt's payload is made of.
///
/// Each function returns one complete element: tag, definite length, contents.
enum DERWriter {
    static func integer(_ value: Int64) -> [UInt8] {
        // Two's complement, big-endian, without the leading bytes DER forbids.
        var bytes = withUnsafeBytes(of: value.bigEndian, Array.init)
        while bytes.count > 1, (bytes[0] == 0x00 && bytes[1] & 0x80 == 0) || (bytes[0] == 0xFF && bytes[1] & 0x80 != 0) {
            bytes.removeFirst()
        }
        return element(tag: DERTag.integer, contents: bytes)
    }

    static func octetString(_ contents: [UInt8]) -> [UInt8] {
        element(tag: DERTag.octetString, contents: contents)
    }

    static func utf8String(_ text: String) -> [UInt8] {
        element(tag: DERTag.utf8String, contents: Array(text.utf8))
    }

    /// An IA5String; `text` must be ASCII (the receipt writes only dates with it).
    static func ia5String(_ text: String) -> [UInt8] {
        element(tag: DERTag.ia5String, contents: Array(text.utf8))
    }

    static func sequence(_ elements: [[UInt8]]) -> [UInt8] {
        element(tag: DERTag.sequence, contents: elements.flatMap { $0 })
    }

    /// A SET OF: DER orders its elements by their encodings, so equal sets encode equally.
    static func set(_ elements: [[UInt8]]) -> [UInt8] {
        element(tag: DERTag.set, contents: elements.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { $0 })
    }

    static func element(tag: UInt8, contents: [UInt8]) -> [UInt8] {
        [tag] + length(contents.count) + contents
    }

    /// The definite length: short form below 128, else the count of big-endian bytes first.
    private static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}

/// The universal tags of the ASN.1 types a receipt uses.
enum DERTag {
    static let integer: UInt8 = 0x02
    static let octetString: UInt8 = 0x04
    static let utf8String: UInt8 = 0x0C
    static let ia5String: UInt8 = 0x16
    static let sequence: UInt8 = 0x30
    static let set: UInt8 = 0x31
}
