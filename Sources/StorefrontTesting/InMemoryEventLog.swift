import Foundation
import StoreEngine
import StoreLedger

/// An event log held in memory, shared by the stores that use the same instance.
///
/// For tests and previews: it has the file's semantics (sequence numbers, each reader catches
/// up on what others committed) without any I/O. Made with `signalsChanges`, each connection
/// also has a `changeSignal` that a commit on another connection makes readable, as a server's
/// notification would; `isReachable` stands in for a server that went away, `writeRefusal`
/// for a file that may no longer be written.
public final class InMemoryEventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(sequence: Int, event: StoreEvent)] = []
    private let signalsChanges: Bool
    private var signals: [ChangePipe] = []
    private var reachable = true
    private var outageReason = InMemoryEventLog.unreachable.reason
    private var damage: [LedgerProblem] = []
    private var refusedCode: Int32?
    private var lockHeldElsewhere = false
    private var heldCommits: DispatchSemaphore?
    /// Counts changes to `writeRefusal`, which connections notice as a change of the store.
    private var attributeChanges = 0
    /// Counts the calls of `makeReadEventsDurable` on every connection.
    private var durabilityRequestCount = 0

    /// What a connection reports while the log is unreachable.
    public static let unreachable = StoreUnreachable(store: ShownStoreAddress("memory"), reason: "connection refused")

    public init(signalsChanges: Bool = false) {
        self.signalsChanges = signalsChanges
    }

    /// How many times a connection was asked to make what it read durable (a PostgreSQL log
    /// then waits for the server's flush); a memory log has nothing to wait for.
    public var durabilityRequests: Int { withLock { _ in durabilityRequestCount } }

    /// A reader/writer with its own position, as a separate process would have.
    public func connection() -> StoreEventLog {
        let signal = signalsChanges ? ChangePipe() : nil
        if let signal { withLock { _ in signals.append(signal) } }
        return Connection(log: self, signal: signal)
    }

    public var allEvents: [StoreEvent] {
        lock.lock(); defer { lock.unlock() }
        return entries.map(\.event)
    }

    /// False makes every read and commit throw `unreachable`, and wakes every connection, as a
    /// dropped server connection does; true lets them through again.
    public var isReachable: Bool {
        get { withLock { _ in reachable } }
        set {
            withLock { _ in
                reachable = newValue
                if !newValue { signals.forEach { $0.signal() } }
            }
        }
    }

    /// What the connection says while unreachable; changing it during an outage stands for a
    /// server that fails in a new way (refusing connections, then asking for a password).
    public var unreachableReason: String {
        get { withLock { _ in outageReason } }
        set { withLock { _ in outageReason = newValue } }
    }

    /// Problems every connection finds on its next read, as a ledger damaged by hand would
    /// show; while there are any, commits are refused. Empty stands for the ledger mended.
    public var problems: [LedgerProblem] {
        get { withLock { _ in damage } }
        set { withLock { _ in damage = newValue } }
    }

    /// The `errno` every commit fails with, as the file system's refusal (`EPERM` for a file
    /// made immutable, `EROFS` for a read-only file system); nil lets commits write. Every
    /// connection notices a change of it, as a `chattr` or `chmod` moves a file's change time.
    public var writeRefusal: Int32? {
        get { withLock { _ in refusedCode } }
        set {
            withLock { _ in
                refusedCode = newValue
                attributeChanges += 1
            }
        }
    }

    /// True stands for another session sitting on the writer lock: `commitUnlessLockHeld` then
    /// gives up with `StoreWriterLockHeld`, while `commit` goes through, as after a wait.
    public var isWriterLockHeld: Bool {
        get { withLock { _ in lockHeldElsewhere } }
        set { withLock { _ in lockHeldElsewhere = newValue } }
    }

    /// While true, every commit waits before it starts, as one waiting for another session's
    /// lock does; false lets the waiting commits go on.
    public var holdsCommits: Bool {
        get { withLock { _ in heldCommits != nil } }
        set {
            let released: DispatchSemaphore? = withLock { _ in
                if newValue, heldCommits == nil { heldCommits = DispatchSemaphore(value: 0) }
                defer { if !newValue { heldCommits = nil } }
                return newValue ? nil : heldCommits
            }
            // Wakes every waiting commit: each one passes the signal on.
            released?.signal()
        }
    }

    /// Waits while commits are held (see `holdsCommits`).
    fileprivate func waitWhileCommitsHeld() {
        guard let gate = withLock({ _ in heldCommits }) else { return }
        gate.wait()
        gate.signal()
    }

    fileprivate func withLock<T>(_ body: (inout [(sequence: Int, event: StoreEvent)]) throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body(&entries)
    }

    /// Under the lock: fails while unreachable.
    fileprivate func checkReachable() throws {
        if !reachable { throw StoreUnreachable(store: Self.unreachable.store, reason: outageReason) }
    }

    /// Under the lock: wakes every connection but `committer`.
    fileprivate func signalOthers(than committer: ChangePipe?) {
        for signal in signals where signal !== committer { signal.signal() }
    }

    private final class Connection: StoreEventLog, @unchecked Sendable {
        let log: InMemoryEventLog
        let signal: ChangePipe?
        var position = 0

        init(log: InMemoryEventLog, signal: ChangePipe?) {
            self.log = log
            self.signal = signal
        }

        /// The log's problems as of this connection's last read or commit; kept under the
        /// log's lock, since a reader asks for them while a worker commits.
        private var problemsSeen: [LedgerProblem] = []
        var problems: [LedgerProblem] { log.withLock { _ in problemsSeen } }
        /// The log's `attributeChanges` as of this connection's last read.
        var seenAttributeChanges = 0
        let tornTail: TornTailReport? = nil

        var changeSignal: Int32? { signal?.readDescriptor }

        func makeReadEventsDurable() throws {
            log.withLock { _ in log.durabilityRequestCount += 1 }
        }

        func readNew() throws -> EventBatch {
            try log.withLock { entries in
                try log.checkReachable()
                problemsSeen = log.damage
                seenAttributeChanges = log.attributeChanges
                defer { position = entries.count }
                return EventBatch(entries: Array(entries[position...]))
            }
        }

        func hasChanged() -> Bool {
            signal?.drain()
            return log.withLock { entries in
                !log.reachable || entries.count != position || log.damage != problemsSeen
                    || log.attributeChanges != seenAttributeChanges
            }
        }

        func commit<Result>(
            _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
        ) throws -> (result: Result, batch: EventBatch) {
            log.waitWhileCommitsHeld()
            return try log.withLock { entries in
                try log.checkReachable()
                problemsSeen = log.damage
                guard problemsSeen.isEmpty else { throw LedgerError.refusedForWriting(path: "memory", problems: problemsSeen) }
                if let code = log.refusedCode {
                    throw LedgerError.fileSystem(FileSystemError(operation: .open, path: "memory", code: code))
                }
                let fresh = Array(entries[position...])
                let (events, result) = try decide(EventBatch(entries: fresh))
                let appended = events.enumerated().map { (sequence: entries.count + $0.offset + 1, event: $0.element) }
                entries.append(contentsOf: appended)
                position = entries.count
                if !appended.isEmpty { log.signalOthers(than: signal) }
                return (result, EventBatch(entries: fresh + appended))
            }
        }

        func commitUnlessLockHeld<Result>(
            _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
        ) throws -> (result: Result, batch: EventBatch) {
            if log.isWriterLockHeld { throw StoreWriterLockHeld(store: ShownStoreAddress("memory"), waitedMilliseconds: 100) }
            return try commit(decide)
        }
    }
}
