/// An event type that reads itself straight from a ledger line, much faster than `JSONDecoder`.
///
/// Opening a ledger decodes every line, so this decides how fast a large ledger opens. The
/// fast path only has to be right for what it accepts: for any line it returns nil on, the
/// ledger falls back to `JSONDecoder`, which also words the errors.
public protocol LedgerLineDecodable {
    /// The event of a whole ledger line (its `seq` and `mac` members ignored), or nil when the
    /// line holds anything the fast path does not handle.
    static func decodeLedgerLine(_ line: UnsafeBufferPointer<UInt8>, dateEncoding: LedgerDateEncoding) -> Self?
}
