import Foundation

/// A ledger's lines kept somewhere other than a file, such as a database row per line: the
/// same header, event lines, MAC chain and checks as the file, fed and produced line by line.
///
/// The store decides where lines live; this type decides what they hold, so a database store
/// and the file can never disagree on the format or on what counts as tampering. Line numbers
/// in problems count as in a file: the header is line 1 and the event numbered N is line N + 1.
/// Not `Sendable`: its owner serializes reads and writes.
public final class LedgerLineChain<Event: Codable & Sendable> {
    /// The key file that keys the chain.
    public let keyPath: String
    let fileSystem: any FileSystem
    private let dateEncoding: LedgerDateEncoding
    var cursor = LedgerCursor()

    /// - Parameter readingAgain: whether an open store reads its lines again from the header:
    ///   a key file that cannot be opened is then a problem of the chain, not an error.
    public init(keyPath: String, fileSystem: any FileSystem = POSIXFileSystem(), dateEncoding: LedgerDateEncoding = .iso8601,
                readingAgain: Bool = false) {
        self.keyPath = keyPath
        self.fileSystem = fileSystem
        self.dateEncoding = dateEncoding
        cursor.isReadingAgain = readingAgain
    }

    /// Every problem found so far; any one of them makes the store read-only.
    public var problems: [LedgerProblem] { cursor.problems }

    /// The sequence number of the last event line read or built, 0 before the first.
    public var lastSequence: Int { cursor.lastSequence }

    /// How many lines were read, the header included: the position of the last one.
    public var linesRead: Int { cursor.lineCount }

    /// Records that a database holds event rows (from `firstRowSequence` on) but no header
    /// row, and stops reading: nothing can be verified without the header.
    public func haltWithoutHeader(firstRowSequence: Int) {
        guard !cursor.hasReadHeader, !cursor.isHalted else { return }
        cursor.problems.append(.headerMissing(firstRowSequence: firstRowSequence))
        cursor.isHalted = true
    }

    /// Whether the header line was read (or built).
    public var hasHeader: Bool { cursor.hasReadHeader }

    /// The MAC text of the last line read, nil before the header.
    public var headMAC: String? { cursor.previousMAC.map { String(decoding: $0, as: UTF8.self) } }

    /// Reads complete lines (without newlines) continuing from the last one read; the header
    /// first. Entries after a problem are withheld, as the file withholds them.
    public func read(_ lines: [[UInt8]]) throws(LedgerError) -> [LedgerEntry<Event>] {
        guard !lines.isEmpty else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
        for line in lines {
            bytes += line
            bytes.append(LedgerLineCodec.newline)
        }
        let keyPath = keyPath
        let fileSystem = fileSystem
        let scan: LedgerScan<Event> = try cursor.scan(bytes, dateEncoding: dateEncoding, keyPath: keyPath) {
            () throws(LedgerError) in try LedgerKey.loadWatched(from: keyPath, fileSystem: fileSystem)
        }
        return scan.entries
    }

    /// The header line of a new store, keyed by the key file (made when missing); `storeName`
    /// names the store in a refusal. Call `read` with it once it is stored.
    public func newHeaderLine(createdAt date: Date, storeName: String) throws(LedgerError) -> [UInt8] {
        let key = try LedgerKey.forNewLedger(keyPath: keyPath, storeName: storeName, fileSystem: fileSystem)
        var builder = LedgerLineBuilder<Event>(key: key, dateEncoding: dateEncoding, previousMAC: [], lastSequence: 0)
        try builder.appendHeader(LedgerHeader.new(createdAt: date))
        return Array(builder.bytes.dropLast())
    }

    /// The lines for `events`, continuing the chain after the last line read; refused while
    /// there are problems or no verified key. Call `read` with them once they are stored.
    public func lines(for events: [Event], storeName: String) throws(LedgerError) -> [[UInt8]] {
        guard cursor.problems.isEmpty else { throw .refusedForWriting(path: storeName, problems: cursor.problems) }
        guard case .loaded(let key) = cursor.key, cursor.isVerifying, let previousMAC = cursor.previousMAC else {
            throw .refusedForWriting(path: storeName, problems: [.keyMissing(keyPath: keyPath)])
        }
        var builder = LedgerLineBuilder<Event>(
            key: key, dateEncoding: dateEncoding, previousMAC: previousMAC, lastSequence: cursor.lastSequence)
        for event in events { try builder.append(event) }
        return builder.bytes.split(separator: LedgerLineCodec.newline, omittingEmptySubsequences: false)
            .dropLast().map(Array.init)
    }

    /// Whether the key file is no longer the one the chain took its key from (removed, put
    /// back, replaced, its mode or names changed), so `takeKeyFileChange` has something to
    /// take in. One `lstat`; false before the header was read.
    public var keyFileHasChanged: Bool {
        cursor.keyFileHasChanged(keyPath: keyPath, fileSystem: fileSystem)
    }

    /// Takes in a change of the key file: one that became unusable or another key keeps the
    /// rows read so far, withholds the rows read after, and refuses writes with its problem;
    /// true when the chain must be read again from its header instead (the key file mended).
    public func takeKeyFileChange() throws(LedgerError) -> Bool {
        try cursor.takeKeyFileChange(keyPath: keyPath, fileSystem: fileSystem)
    }

    /// Whether the chain keeps rows verified before its key file became unusable (or another
    /// key): reading it again before the key file is mended would lose them.
    public var keptLinesThroughKeyChange: Bool { cursor.keptLinesThroughKeyChange }

    /// The sequence number an event line's content starts with, for storing it beside the line.
    public static func sequenceNumber(ofLine line: [UInt8]) -> Int? {
        LedgerLineCodec.split(line[...]).flatMap { LedgerLineCodec.sequenceNumber(in: $0.content) }
    }

    /// The MAC text a well-formed line ends with.
    public static func mac(ofLine line: [UInt8]) -> String? {
        LedgerLineCodec.split(line[...]).map { String(decoding: $0.mac, as: UTF8.self) }
    }
}
