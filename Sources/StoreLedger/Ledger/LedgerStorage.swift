/// Durable, ordered storage of ledger events shared by several writers.
///
/// The file implementation is `LedgerFile`; a server backend offers the same semantics:
/// appends are serialized, each writer first sees what the others appended, and readers
/// follow changes without blocking writers.
public protocol LedgerStorage<Event>: AnyObject, Sendable {
    associatedtype Event: Codable & Sendable

    /// Every problem found so far; any problem refuses further commits.
    var problems: [LedgerProblem] { get }

    /// Returns the complete entries added since this instance's last read or commit.
    func readNew() throws(LedgerError) -> LedgerUpdate<Event>

    /// Cheaply tells whether `readNew()` may have something new to return.
    func hasChanged() -> Bool

    /// Appends the events `decide` returns, atomically with respect to other writers.
    ///
    /// Under an exclusive lock, reads what other writers appended since this instance's last
    /// read and passes it to `decide`, which returns the events to append (possibly none)
    /// and a result. The events are appended and flushed to disk before the lock is released.
    /// When `decide` throws, or the commit fails, nothing is appended, the error is rethrown,
    /// and the entries `decide` saw are delivered again by the next read or commit, so
    /// `decide` should only compute: apply `others` and `appended` after the commit returns.
    /// `decide` must not call back into the same storage. The call blocks while another
    /// writer holds the lock and while the disk flushes.
    func commit<Result>(
        _ decide: (_ others: LedgerUpdate<Event>) throws -> (events: [Event], result: Result)
    ) throws -> LedgerCommit<Event, Result>
}
