/// The last committed line of a ledger, kept in its lock file so that lines cut from the end
/// are noticed.
///
/// The MAC chain shows that every line follows the one before it, but not that nothing
/// followed the last one: deleting the last lines leaves a valid chain. So once a commit is
/// flushed, the writer, still holding the lock, overwrites the lock file with one line:
///
///     storefront-ledger-mark 1 <sequence> <MAC text of that line> <MAC of the mark>
///
/// The last field is the ledger key's HMAC over the text before it, so the mark cannot be
/// moved back by hand. The mark itself is not flushed: after a crash it may lag behind the
/// ledger, which is accepted, but it never runs ahead of it, because it is written only once
/// the ledger's flush has returned. An empty lock file (a new ledger, or one written before
/// marks existed) records nothing.
struct LedgerCommitMark: Equatable {
    /// The sequence number of the last committed line; 0 when the ledger holds only its header.
    var sequence: Int
    /// That line's MAC text.
    var lineMAC: [UInt8]

    /// What the lock file holds.
    enum Reading: Equatable {
        case absent
        case mark(LedgerCommitMark)
        case damaged(reason: String)
    }

    /// More bytes than any mark takes; a longer lock file does not hold a mark.
    static let maximumLength = 256
    private static let name = Array("storefront-ledger-mark".utf8)
    private static let version = Array("1".utf8)
    private static let space = UInt8(ascii: " ")

    /// The mark's line, newline included.
    func line(key: LedgerKey) throws(LedgerError) -> [UInt8] {
        let content = Self.name + [Self.space] + Self.version + [Self.space] + Array(String(sequence).utf8)
            + [Self.space] + lineMAC
        return content + [Self.space] + (try key.macText(previous: [UInt8](), content: content))
            + [LedgerLineCodec.newline]
    }

    /// Reads a lock file's content, checking the mark's MAC with `key`.
    static func read(_ bytes: [UInt8], key: LedgerKey) throws(LedgerError) -> Reading {
        if bytes.isEmpty { return .absent }
        guard let fields = fields(of: bytes) else {
            return .damaged(reason: isMarkLike(bytes) ? "it does not hold one commit mark line" : "it holds something that is no commit mark")
        }
        guard try key.macText(previous: [UInt8](), content: fields.content).elementsEqual(fields.markMAC) else {
            return .damaged(reason: "its MAC does not match: it was edited, or it belongs to another ledger")
        }
        return .mark(LedgerCommitMark(sequence: fields.sequence, lineMAC: Array(fields.lineMAC)))
    }

    /// Whether `bytes` begin as a commit mark does (or are the start of its name): a mark cut
    /// short or edited, rather than something else written at the lock file's path, which
    /// must not be emptied or written over.
    static func isMarkLike(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: name) || name.starts(with: bytes)
    }

    /// The sequence number a well-formed mark claims, before its MAC is checked (the key is
    /// only known once the ledger's header has been read).
    static func claimedSequence(in bytes: [UInt8]) -> Int? {
        fields(of: bytes)?.sequence
    }

    private struct Fields {
        var content: ArraySlice<UInt8>
        var sequence: Int
        var lineMAC: ArraySlice<UInt8>
        var markMAC: ArraySlice<UInt8>
    }

    private static func fields(of bytes: [UInt8]) -> Fields? {
        guard bytes.count < maximumLength, bytes.last == LedgerLineCodec.newline else { return nil }
        let text = bytes.dropLast()
        let fields = text.split(separator: space, omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0].elementsEqual(name), fields[1].elementsEqual(version),
            let sequence = number(fields[2]), isMACText(fields[3]), isMACText(fields[4])
        else { return nil }
        return Fields(
            content: text[..<(fields[4].startIndex - 1)], sequence: sequence, lineMAC: fields[3], markMAC: fields[4])
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (0x30...0x39).contains($0) }),
            digits.count == 1 || digits.first != UInt8(ascii: "0")
        else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func isMACText(_ field: ArraySlice<UInt8>) -> Bool {
        field.count == LedgerLineCodec.macTextLength && field.allSatisfy(Hex.isLowercaseDigit)
    }
}
