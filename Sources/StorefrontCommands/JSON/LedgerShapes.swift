import Foundation
import StoreEngine

/// The shapes of `verify --json` and `repair --json`, and the ledger's state inside
/// `entitlements --json`.
extension JSONShapes {
    /// Whether the ledger is intact; when damaged, what a listing shows stops before its first bad line.
    public struct LedgerState: Codable, Sendable {
        /// "intact", or "damaged" when the ledger has problems and is read-only.
        public var state: String
        /// The first line whose event is not shown; nothing from it on is folded.
        public var firstBadLine: Int?
        /// On a PostgreSQL store, in place of `firstBadLine`: the `seq` of the first row not
        /// shown (0 for the header row, when no row can be trusted).
        public var firstBadSeq: Int?
        /// Every problem found, as `storefront verify` words it.
        public var problems: [String]
    }

    public struct VerifyResult: Codable, Sendable {
        public var path: String
        public var intact: Bool
        public var events: Int
        public var lastSequence: Int
        public var headMac: String?
        public var problems: [VerifyProblem]
    }

    public struct VerifyProblem: Codable, Sendable {
        /// The line it was found on; nil for a problem of the whole file (an expected sequence number missing).
        public var line: Int?
        /// On a PostgreSQL store, in place of `line`: the `seq` of the row it was found on (0 for
        /// the header row); nil for a problem of the whole store.
        public var seq: Int?
        @AdvisedMessage public var message: String
    }

    public struct RepairResult: Codable, Sendable {
        public var path: String
        public var changed: Bool
        public var keptLines: Int
        public var lastKeptSequence: Int
        public var movedTo: String?
        public var firstMovedLine: Int?
        public var movedLines: Int
        public var movedBytes: Int
        public var firstProblem: String?
    }
}
