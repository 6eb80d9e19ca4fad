/// Lowercase hexadecimal text for byte strings, as used in the ledger's MACs and key file.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Returns the lowercase hex digits of `bytes` as ASCII bytes.
    public static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        // Not through init(unsafeUninitializedCapacity:) when empty: see LedgerEventDecoding.
        guard !bytes.isEmpty else { return [] }
        return digits.withUnsafeBufferPointer { digits in
            [UInt8](unsafeUninitializedCapacity: bytes.count * 2) { text, count in
                count = 0
                for byte in bytes {
                    text[count] = digits[Int(byte >> 4)]
                    text[count + 1] = digits[Int(byte & 0x0F)]
                    count += 2
                }
            }
        }
    }

    /// Returns the lowercase hex digits of `bytes` as a string.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: encode(bytes), as: UTF8.self)
    }

    /// Decodes hex digits (either case); nil when the text has an odd length or a non-hex byte.
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        guard text.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var high: UInt8?
        for character in text {
            guard let value = nibble(character) else { return nil }
            if let pending = high {
                bytes.append(pending << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }

    /// Whether `byte` is a lowercase hex digit, the only form the ledger writes.
    static func isLowercaseDigit(_ byte: UInt8) -> Bool {
        lowercaseDigitValue(byte) != nil
    }

    /// The value of a lowercase hex digit; nil for any other byte.
    public static func lowercaseDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}
