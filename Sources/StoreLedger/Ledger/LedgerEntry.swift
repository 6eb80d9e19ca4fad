/// One event read from or appended to the ledger, with where it sits in the file.
public struct LedgerEntry<Event: Codable & Sendable>: Sendable {
    /// The event's sequence number: 1 for the first event, then one more per line.
    public var sequence: Int
    /// The 1-based line of the file holding the event (line 1 is the header).
    public var line: Int
    public var event: Event
    /// Whether the line's MAC was checked and matched. False when the key is missing or
    /// wrong, or the line (or the one before it) is damaged.
    public var isVerified: Bool

    public init(sequence: Int, line: Int, event: Event, isVerified: Bool) {
        self.sequence = sequence
        self.line = line
        self.event = event
        self.isVerified = isVerified
    }
}

extension LedgerEntry: Equatable where Event: Equatable {}
