/// An event type that reads itself straight from a ledger line, much faster than `JSONDecoder`.
///
/// Opening a ledger decodes every line, so this decides how fast a large ledger opens. The
/// fast path only has to be right for what it accepts: for any line it returns nil on, the
/// ledger falls back to `JSONDecoder`, which also words the errors.
public protocol LedgerLineDecodable {
    /// The event of a whole ledger line (its `seq` and `mac` members ignored), or nil when the
    /// line holds anything the fast path does not handle.
    static func decodeLedgerLine(_ line: UnsafeBufferPointer<UInt8>, dateEncoding: LedgerDateEncoding) -> Self?

    /// The field of a decoded event whose text the event cannot take, and why; nil when every
    /// field is sound. Asked of every line, however it decoded, so text that decodes but means
    /// nothing is a ledger problem naming the line and field rather than a silent default.
    func ledgerFieldProblem() -> LedgerFieldProblem?
}

extension LedgerLineDecodable {
    public func ledgerFieldProblem() -> LedgerFieldProblem? { nil }
}

/// A field of a ledger line whose text decodes but is not a value the event can take.
public struct LedgerFieldProblem: Sendable, Equatable {
    public var field: String
    public var reason: String

    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }
}
