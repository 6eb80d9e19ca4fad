import StoreLedger
/// The ids of the spends already folded, so a spend read twice takes credits once.
///
/// The store names spends with lowercase UUIDs; kept as 16-byte numbers they take a fifth of
/// the memory of the 36-character strings, which a long ledger holds tens of thousands of.
struct SpendIDSet: Sendable {
    private var uuids: Set<UInt128> = []
    /// Ids in any other form (any string is a valid spend id).
    private var others: Set<String> = []

    /// Adds `id`; false when it was there already.
    mutating func insert(_ id: String) -> Bool {
        if let number = Self.lowercaseUUID(id) { return uuids.insert(number).inserted }
        return others.insert(id).inserted
    }

    func contains(_ id: String) -> Bool {
        if let number = Self.lowercaseUUID(id) { return uuids.contains(number) }
        return others.contains(id)
    }

    func write(to writer: inout CheckpointWriter) {
        writer.write(uuids.sorted()) { $0.write($1) }
        writer.write(others.sorted()) { $0.write($1) }
    }

    init() {}

    init(from reader: inout CheckpointReader) throws(CheckpointFormatError) {
        uuids = Set(try reader.readList { reader throws(CheckpointFormatError) in try reader.readUInt128() })
        others = Set(try reader.readList { reader throws(CheckpointFormatError) in try reader.readString() })
    }

    /// The 128 bits of a UUID written in lowercase as 8-4-4-4-12 hex digits. Only that exact
    /// spelling is accepted, so two different ids never become the same number.
    static func lowercaseUUID(_ id: String) -> UInt128? {
        let utf8 = id.utf8
        guard utf8.count == 36 else { return nil }
        var number: UInt128 = 0
        for (offset, byte) in utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let digit = Hex.lowercaseDigitValue(byte) else { return nil }
            number = number << 4 | UInt128(digit)
        }
        return number
    }
}
