import Foundation
import StoreLedger
/// Where the store's events are kept: the ledger file, or memory in tests.
///
/// The calls are the whole contract the store needs from storage: catch up with what others
/// wrote, notice cheaply that they did, and commit new events under an exclusive lock after
/// checking them against the freshest state.
public protocol StoreEventLog: AnyObject, Sendable {
    /// Events appended (by anyone) since the last `readNew` or `commit`; possibly only the
    /// first part of them (`isPartial`), so a long log is folded piece by piece.
    func readNew() throws -> EventBatch

    /// True when `readNew` may have something new (or an error to report, such as a lost
    /// connection); cheap enough to poll several times a second. It also takes in whatever
    /// made `changeSignal` readable, so the descriptor goes quiet until the next change.
    func hasChanged() -> Bool

    /// A descriptor that becomes readable when another writer may have committed, for a reader
    /// to wait on (with `poll(2)`, beside its other input) instead of asking `hasChanged` on a
    /// timer; nil when the log has none and must be asked. Read it afresh before each wait: a
    /// log that reconnects gets a new one.
    var changeSignal: Int32? { get }

    /// How long a reader waiting on `changeSignal` may wait before asking `hasChanged` anyway,
    /// for changes the signal does not announce (a damaged store mended by hand); nil when
    /// the signal announces every change that matters, so the reader waits on it alone.
    var quietRecheckInterval: TimeInterval? { get }

    /// Under an exclusive lock: passes the events others appended since the last read to
    /// `decide`, appends the events it returns durably, and returns its result together with
    /// everything that was read or written, in order.
    ///
    /// A log may call `decide` first with no events, betting that nobody appended since the last
    /// read, and call it again with the fresh events when the bet is lost (see
    /// `PostgresEventLog.commitAtOnce`): only the last call's events are appended and its result
    /// returned, so `decide` must change nothing that a later call would not make right.
    func commit<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch)

    /// `commit` for work nobody waits on: when another session holds the writer lock for longer
    /// than a few commits take, it gives up with `StoreWriterLockHeld`, having read and written
    /// nothing, instead of waiting as long as `commit` would.
    func commitUnlessLockHeld<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch)

    /// Returns once every event read so far is durable: a log whose commits may be seen by
    /// others before they are flushed (PostgreSQL's, see `PostgresEventLog`) waits for the
    /// flush, so what is sent outside on the strength of an event cannot outlive the event.
    func makeReadEventsDurable() throws

    /// Problems found in the stored events; any problem makes the log read-only.
    var problems: [LedgerProblem] { get }

    /// The incomplete last line a commit moved aside, if one did.
    var tornTail: TornTailReport? { get }

    /// What keeps the events, for messages about them.
    var medium: StoreMedium { get }

    /// The saved fold called `name` of the log's first events, if the log keeps one; call
    /// before the first read, and `resume(from:)` when the store can use it.
    func loadCheckpoint(named name: String) -> LedgerCheckpoint?

    /// Makes the reads skip decoding the checkpoint's events; if they turn out not to be the
    /// log's, a read starts over (`restarted`) with every event.
    func resume(from checkpoint: LedgerCheckpoint)

    /// Saves `payload` as the fold called `name` of every event read so far; false when the
    /// log keeps no checkpoints or cannot vouch for what was read.
    @discardableResult
    func saveCheckpoint(named name: String, payload: [UInt8]) -> Bool
}

extension StoreEventLog {
    /// Logs without a way to signal are asked (`hasChanged`) instead.
    public var changeSignal: Int32? { nil }
    public var quietRecheckInterval: TimeInterval? { nil }
    /// Logs are files unless they say otherwise.
    public var medium: StoreMedium { .entitlementsFile }
    /// Commits are durable before others can read them (the file's are synced under its lock).
    public func makeReadEventsDurable() throws {}
    /// A log whose lock only a commit under way holds (the file's `flock`, taken by Storefront
    /// alone) waits for it: that wait is as short as a commit.
    public func commitUnlessLockHeld<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch) {
        try commit(decide)
    }
    public func loadCheckpoint(named name: String) -> LedgerCheckpoint? { nil }
    public func resume(from checkpoint: LedgerCheckpoint) {}
    @discardableResult
    public func saveCheckpoint(named name: String, payload: [UInt8]) -> Bool { false }
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
