import Foundation

/// Builds the bytes of new ledger lines, continuing a MAC chain and a sequence.
struct LedgerLineBuilder<Event: Codable & Sendable> {
    private let key: LedgerKey
    private let dateEncoding: LedgerDateEncoding
    /// Made only for an event the fast path does not write.
    private var encoder: JSONEncoder?
    private var previousMAC: [UInt8]
    private var sequence: Int
    /// The lines built so far, each ending in a newline.
    private(set) var bytes: [UInt8] = []
    /// How many event lines were built.
    private(set) var eventCount = 0

    /// Continues after a line whose MAC text is `previousMAC` and the event numbered `lastSequence`.
    init(key: LedgerKey, dateEncoding: LedgerDateEncoding, previousMAC: [UInt8], lastSequence: Int) {
        self.key = key
        self.dateEncoding = dateEncoding
        self.previousMAC = previousMAC
        self.sequence = lastSequence
    }

    /// Adds a header line, which starts a new chain.
    mutating func appendHeader(_ header: LedgerHeader) throws(LedgerError) {
        previousMAC = []
        sequence = 0
        try appendLine(content: header.content(), macText: try key.macText(previous: previousMAC, content: header.content()))
    }

    /// Adds an event line with the next sequence number.
    mutating func append(_ event: Event) throws(LedgerError) {
        let content = try LedgerLineCodec.eventContent(sequence: sequence + 1, eventJSON: try encode(event))
        try appendLine(content: content, macText: try key.macText(previous: previousMAC, content: content))
        sequence += 1
        eventCount += 1
    }

    private mutating func appendLine(content: [UInt8], macText: [UInt8]) throws(LedgerError) {
        let line = LedgerLineCodec.line(content: content, macText: macText)
        // The newline is not counted, as when reading.
        guard line.count - 1 <= LedgerLineCodec.maximumLineBytes else {
            throw .eventNotStorable(reason: "its line would be \(line.count - 1) bytes, over the limit of "
                + "\(LedgerLineCodec.maximumLineBytes); shorten the names and texts it carries")
        }
        bytes += line
        previousMAC = macText
    }

    private mutating func encode(_ event: Event) throws(LedgerError) -> [UInt8] {
        // The fast path writes only the event's own fields, never a reserved one.
        if let fast = (event as? any LedgerLineEncodable)?.ledgerLineJSON(dateEncoding: dateEncoding) { return fast }
        let json: [UInt8]
        do {
            let encoder = self.encoder ?? dateEncoding.makeEncoder()
            self.encoder = encoder
            json = Array(try encoder.encode(event))
        } catch {
            throw .eventNotStorable(reason: "it does not encode to JSON (\(error))")
        }
        if let reserved = Self.reservedKey(in: json) {
            throw .eventNotStorable(reason: "it has a field named \"\(reserved)\", which the ledger adds to every line")
        }
        return json
    }

    /// The reserved key the event's top-level object uses, if any.
    private static func reservedKey(in json: [UInt8]) -> String? {
        // Encoded keys appear as `"key":`; without such text no full parse is needed.
        let mentionsOne = LedgerLineCodec.reservedKeys.contains { key in
            let pattern = Array("\"\(key)\":".utf8)
            return json.indices.contains { json[$0...].starts(with: pattern) }
        }
        guard mentionsOne,
            let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
        else { return nil }
        return LedgerLineCodec.reservedKeys.sorted().first { object[$0] != nil }
    }
}
