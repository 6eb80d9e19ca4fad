import StoreEngine
import StoreLedger

/// A read-only view of a store's first `limit` events, so an opening over it saves the
/// checkpoint a store makes after folding exactly those events.
///
/// `limit` must fall on the end of one of the wrapped log's reads (PostgreSQL delivers 10,000
/// rows per read): a read that goes past it is reported rather than cut, since the wrapped log
/// would then have read more than the checkpoint says.
final class PrefixEventLog: StoreEventLog, @unchecked Sendable {
    private let log: StoreEventLog
    private let limit: Int
    private var delivered = 0

    init(_ log: StoreEventLog, limit: Int) {
        self.log = log
        self.limit = limit
    }

    func readNew() throws -> EventBatch {
        guard delivered < limit else { return EventBatch() }
        var batch = try log.readNew()
        delivered += batch.entries.count
        guard delivered <= limit else {
            throw BenchError.unexpectedResult("a read went past event \(limit); choose a limit on a read's end")
        }
        batch.isPartial = batch.isPartial && delivered < limit
        return batch
    }

    func hasChanged() -> Bool { false }

    func commit<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch) {
        throw BenchError.unexpectedResult("the view of a store's first \(limit) events is not written")
    }

    var problems: [LedgerProblem] { log.problems }
    var tornTail: TornTailReport? { log.tornTail }
    var medium: StoreMedium { log.medium }

    @discardableResult
    func saveCheckpoint(named name: String, payload: [UInt8]) -> Bool {
        log.saveCheckpoint(named: name, payload: payload)
    }
}
