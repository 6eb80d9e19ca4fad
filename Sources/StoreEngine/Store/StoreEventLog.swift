/// Where the store's events are kept: the ledger file, or memory in tests.
///
/// The calls are the whole contract the store needs from storage: catch up with what others
/// wrote, notice cheaply that they did, and commit new events under an exclusive lock after
/// checking them against the freshest state.
public protocol StoreEventLog: AnyObject, Sendable {
    /// Events appended (by anyone) since the last `readNew` or `commit`; possibly only the
    /// first part of them (`isPartial`), so a long log is folded piece by piece.
    func readNew() throws -> EventBatch

    /// True when `readNew` may have something new; cheap enough to poll several times a second.
    func hasChanged() -> Bool

    /// Under an exclusive lock: passes the events others appended since the last read to
    /// `decide`, appends the events it returns durably, and returns its result together with
    /// everything that was read or written, in order.
    func commit<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch)

    /// Problems found in the stored events; any problem makes the log read-only.
    var problems: [LedgerProblem] { get }

    /// The incomplete last line a commit moved aside, if one did.
    var tornTail: TornTailReport? { get }
}

/// Events read from a log, in order.
public struct EventBatch: Sendable {
    public var entries: [(sequence: Int, event: StoreEvent)]
    /// The log was replaced or shrank: `entries` start from the first event again and
    /// everything derived from earlier reads must be discarded.
    public var restarted: Bool
    /// More entries are waiting: read again for the rest.
    public var isPartial: Bool

    public init(entries: [(sequence: Int, event: StoreEvent)] = [], restarted: Bool = false, isPartial: Bool = false) {
        self.entries = entries
        self.restarted = restarted
        self.isPartial = isPartial
    }
}
