import Foundation

/// Line 1 of a ledger: the format name, its version and when the ledger was created.
struct LedgerHeader: Sendable, Hashable {
    static let formatName = "storefront-ledger"
    /// The newest format this build reads and the one it writes.
    static let supportedVersion = 1

    var version: Int
    var created: String

    /// How every header line begins, whatever its version.
    static let opening = Array(#"{"format":"\#(formatName)","version":"#.utf8)

    /// The header line's content: everything before its MAC field.
    func content() -> [UInt8] {
        Self.opening + Array(#"\#(version),"created":"\#(created)""#.utf8)
    }

    /// A header for a ledger created at `date`.
    static func new(createdAt date: Date) -> LedgerHeader {
        LedgerHeader(version: supportedVersion, created: date.formatted(Date.ISO8601FormatStyle()))
    }

    /// Why line 1 cannot be used.
    enum Rejection: Error {
        case notALedger(reason: String)
        case newerVersion(Int)
        case malformed(reason: String)
    }

    /// Reads the header from the whole text of line 1.
    static func parse(line: ArraySlice<UInt8>, decoder: JSONDecoder) throws(Rejection) -> LedgerHeader {
        let fields: Fields
        do {
            fields = try decoder.decode(Fields.self, from: Data(line))
        } catch {
            throw .notALedger(reason: "it is not a JSON object with a format name")
        }
        guard fields.format == formatName else {
            throw .notALedger(reason: "its format is \(fields.format.map { "\"\($0)\"" } ?? "missing")")
        }
        guard let version = fields.version, version >= 1 else {
            throw .malformed(reason: "the header has no valid format version")
        }
        guard version <= supportedVersion else {
            throw .newerVersion(version)
        }
        return LedgerHeader(version: version, created: fields.created ?? "")
    }

    private struct Fields: Decodable {
        var format: String?
        var version: Int?
        var created: String?
    }
}
