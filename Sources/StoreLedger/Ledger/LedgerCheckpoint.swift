import Foundation

/// A fold of a ledger's first events, saved beside the ledger so that opening it need not
/// decode and fold those events again.
///
/// The file `<ledger>.checkpoint-<name>` holds one text line, `storefront-checkpoint 1
/// <sequence> <MAC of that event's line> <payload bytes>`, then the payload (the folded state,
/// opaque to the ledger), then 64 hex digits: HMAC-SHA256 with the ledger's key over the
/// previous bytes, keyed apart from line MACs by a fixed "previous MAC". Only a process
/// holding the key can make one, and it names the exact line it was folded up to: reading
/// still verifies every line's MAC and sequence number, and uses the checkpoint only when
/// that line is there with that MAC and nothing before it is wrong.
public struct LedgerCheckpoint: Sendable, Equatable {
    /// The sequence number of the last event folded into `payload`.
    public let sequence: Int
    /// The MAC text of that event's line.
    let mac: [UInt8]
    /// The folded state, in the store's own format (a part of the file's bytes, not a copy).
    public let payload: ArraySlice<UInt8>

    static let magic = Array("storefront-checkpoint 1 ".utf8)
    static let macDomain = Array("checkpoint".utf8)

    init(sequence: Int, mac: [UInt8], payload: ArraySlice<UInt8>) {
        self.sequence = sequence
        self.mac = mac
        self.payload = payload
    }

    /// The file's bytes, signed with `key`.
    func fileBytes(key: LedgerKey) throws(LedgerError) -> [UInt8] {
        var body = Self.magic + Array("\(sequence) ".utf8) + mac + Array(" \(payload.count)\n".utf8)
        body += payload
        return body + (try key.macText(previous: Self.macDomain, content: body))
    }

    /// The checkpoint in a file's bytes, if `key` made it and it is whole.
    init?(fileBytes bytes: [UInt8], key: LedgerKey) {
        let macLength = 64
        guard bytes.count > macLength, bytes.starts(with: Self.magic) else { return nil }
        let body = bytes[..<(bytes.count - macLength)]
        guard let expected = try? key.macText(previous: Self.macDomain, content: body),
              expected.elementsEqual(bytes[(bytes.count - macLength)...]),
              let newline = body.firstIndex(of: LedgerLineCodec.newline),
              let header = String(validating: body[Self.magic.count..<newline], as: UTF8.self)
        else { return nil }
        let fields = header.split(separator: " ")
        guard fields.count == 3, let sequence = Int(fields[0]), sequence > 0, let count = Int(fields[2]),
              count == body.count - (newline + 1)
        else { return nil }
        self.init(sequence: sequence, mac: Array(fields[1].utf8), payload: body[(newline + 1)...])
    }
}

/// Where a reader stands with the checkpoint it resumes from.
struct LedgerResumePoint {
    /// The checkpoint's sequence number and the MAC of its line (not its payload, which the
    /// store has folded and let go).
    let sequence: Int
    let mac: [UInt8]
    /// Set once the checkpoint's line was read with its MAC and nothing before it was wrong.
    public var isConfirmed = false
    /// Set when the ledger turned out not to match the checkpoint; reading starts over.
    var isBroken = false

    /// Whether the line just checked (with `sequence` and `mac`, `verified` and no problem
    /// found on it or before it) lies inside the checkpoint, so its event need not be decoded.
    mutating func covers(sequence: Int, mac: [UInt8]?, isClean: Bool) -> Bool {
        guard !isConfirmed else { return false }
        guard isClean, sequence <= self.sequence else {
            isBroken = true
            return false
        }
        if sequence == self.sequence {
            if let mac, mac == self.mac { isConfirmed = true } else { isBroken = true }
        }
        return !isBroken
    }
}
