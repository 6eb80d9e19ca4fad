/// Where the store's events are kept: the ledger file, or memory in tests.
///
/// The two calls are the whole contract the store needs from storage: catch up with what
/// others wrote, and commit new events under an exclusive lock after checking them against the
/// freshest state.
public protocol StoreEventLog: AnyObject, Sendable {
    /// Events appended (by anyone) since the last `readNew` or `commit`, with their sequence numbers.
    func readNew() throws -> [(sequence: Int, event: StoreEvent)]

    /// Under an exclusive lock: passes the events others appended since the last read to
    /// `decide`, appends the events it returns durably, and returns its result together with
    /// everything that was read or written, in order.
    func commit<Result>(
        _ decide: ([(sequence: Int, event: StoreEvent)]) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, entries: [(sequence: Int, event: StoreEvent)])
}
