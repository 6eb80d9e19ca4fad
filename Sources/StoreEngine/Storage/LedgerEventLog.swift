import Foundation
import StoreLedger

/// The store's event log kept in a ledger file (`LedgerFile<StoreEvent>`).
public final class LedgerEventLog: StoreEventLog, @unchecked Sendable {
    public let file: LedgerFile<StoreEvent>

    public init(file: LedgerFile<StoreEvent>) {
        self.file = file
    }

    /// Opens (without creating) the ledger at `path`; it is created by the first commit.
    public static func open(path: String, fileSystem: any FileSystem = POSIXFileSystem()) throws -> LedgerEventLog {
        LedgerEventLog(file: LedgerFile<StoreEvent>(path: path, fileSystem: fileSystem))
    }

    /// Checks every line of the store's ledger at `path` (MACs, sequence, events) without writing.
    public static func verify(path: String) throws(LedgerError) -> LedgerVerification {
        try LedgerFile<StoreEvent>.verify(path: path)
    }

    /// Keeps the intact prefix of the store's ledger at `path` and moves the rest into a side file.
    public static func repair(path: String) throws(LedgerError) -> LedgerRepair {
        try LedgerFile<StoreEvent>.repair(path: path)
    }

    public var problems: [LedgerProblem] { file.problems }

    /// Read from the file, which records the move itself: a commit refused after moving a
    /// torn line aside returns no report, yet the line was moved and must be reported.
    public var tornTail: TornTailReport? { file.lastTornTail }

    public func hasChanged() -> Bool { file.hasChanged() }

    public func readNew() throws -> EventBatch {
        Self.batch(try file.readNew(upTo: LedgerFile<StoreEvent>.readPartBytes))
    }

    public func commit<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch) {
        let commit = try file.commit { others in try decide(Self.batch(others)) }
        var batch = Self.batch(commit.others)
        batch.entries += commit.appended.map { (sequence: $0.sequence, event: $0.event) }
        return (commit.result, batch)
    }

    /// Commits unless another process has held the file's lock for over 100 ms, which it
    /// then throws as `StoreWriterLockHeld`, naming the holder when it can be told.
    public func commitUnlessLockHeld<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch) {
        do {
            let commit = try file.commit(givingUpAfter: 0.1) { others in try decide(Self.batch(others)) }
            var batch = Self.batch(commit.others)
            batch.entries += commit.appended.map { (sequence: $0.sequence, event: $0.event) }
            return (commit.result, batch)
        } catch LedgerError.writerLockHeld(let lockPath, let milliseconds) {
            let holder = LockHolder.of(path: lockPath).map { "process \($0.processID)" + ($0.command.map { " (\($0))" } ?? "") }
            throw StoreWriterLockHeld(store: ShownStoreAddress(file.path), waitedMilliseconds: milliseconds, lockFile: lockPath,
                                      holder: holder)
        }
    }

    public func loadCheckpoint(named name: String) -> LedgerCheckpoint? { file.loadCheckpoint(named: name) }

    public func resume(from checkpoint: LedgerCheckpoint) { file.resume(from: checkpoint) }

    @discardableResult
    public func saveCheckpoint(named name: String, payload: [UInt8]) -> Bool {
        file.saveCheckpoint(named: name, payload: payload)
    }

    private static func batch(_ update: LedgerUpdate<StoreEvent>) -> EventBatch {
        EventBatch(entries: update.entries.map { (sequence: $0.sequence, event: $0.event) }, restarted: update.restarted,
                   isPartial: update.isPartial)
    }
}
