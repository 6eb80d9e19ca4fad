import Foundation
import StoreEngine
import StoreLedger

/// An event log held in memory, shared by the stores that use the same instance.
///
/// For tests and previews: it has the file's semantics (sequence numbers, each reader catches
/// up on what others committed) without any I/O.
public final class InMemoryEventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(sequence: Int, event: StoreEvent)] = []

    public init() {}

    /// A reader/writer with its own position, as a separate process would have.
    public func connection() -> StoreEventLog { Connection(log: self) }

    public var allEvents: [StoreEvent] {
        lock.lock(); defer { lock.unlock() }
        return entries.map(\.event)
    }

    fileprivate func withLock<T>(_ body: (inout [(sequence: Int, event: StoreEvent)]) throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body(&entries)
    }

    private final class Connection: StoreEventLog, @unchecked Sendable {
        let log: InMemoryEventLog
        var position = 0

        init(log: InMemoryEventLog) { self.log = log }

        let problems: [LedgerProblem] = []
        let tornTail: TornTailReport? = nil

        func readNew() throws -> EventBatch {
            log.withLock { entries in
                defer { position = entries.count }
                return EventBatch(entries: Array(entries[position...]))
            }
        }

        func hasChanged() -> Bool {
            log.withLock { entries in entries.count != position }
        }

        func commit<Result>(
            _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
        ) throws -> (result: Result, batch: EventBatch) {
            try log.withLock { entries in
                let fresh = Array(entries[position...])
                let (events, result) = try decide(EventBatch(entries: fresh))
                let appended = events.enumerated().map { (sequence: entries.count + $0.offset + 1, event: $0.element) }
                entries.append(contentsOf: appended)
                position = entries.count
                return (result, EventBatch(entries: fresh + appended))
            }
        }
    }
}
