import Foundation
import StoreEngine
import StoreLedger

/// The store's event log kept in a PostgreSQL database, for a team sharing one store.
///
/// Each event is stored as the very line the entitlements file would hold for it (one codec,
/// one MAC chain, keyed by a key file outside the database), one row per event, with the
/// idempotency keys beside it under unique constraints. Every commit runs in one transaction
/// holding a transaction-scoped advisory lock: it reads what others committed, lets the store
/// decide against that fresh state, inserts, and notifies listeners, or changes nothing.
public final class PostgresEventLog: StoreEventLog, @unchecked Sendable {
    public let address: PostgresAddress
    /// The key file that keys the MAC chain.
    public let keyPath: String
    var connection: PostgresConnection
    /// Whether a reader asked for `changeSignal` (a command needs no notifications).
    private var isListening = false
    /// The session that LISTENs on the change channel once a reader asked; nil until it could
    /// connect. It runs no statement after its LISTEN, so libpq never takes a notification in
    /// among a statement's replies, where it would wake nobody: every notification makes its
    /// socket readable.
    private var listener: PostgresConnection?
    /// When the listening session last could not connect while this log's own session stood
    /// (system uptime); nil once it listens. Meanwhile every look reads (nothing announces a
    /// commit), and listening is tried again only `listenRetryInterval` later, so a role at its
    /// connection limit is not asked for a connection on every look.
    private var listenRefusedAt: TimeInterval?
    /// How long a refused listening session is left before it is tried again.
    static let listenRetryInterval: TimeInterval = 2
    /// A commit may have gone unnoticed (before LISTEN took effect, or while reconnecting):
    /// the next `hasChanged` says yes, so the reader looks.
    private var mayHaveMissedChanges = false
    /// The server's count of the store's rows ever updated or deleted (`handChangesQuery`) as
    /// the last look found it; nil before the first.
    private var handChanges: Int?
    /// When that count was last asked for (system uptime).
    private var handChangesAskedAt = ProcessInfo.processInfo.systemUptime
    var chain: LedgerLineChain<StoreEvent> {
        didSet { rowOfProblemLine = [:] }
    }
    /// The `seq` of the row each problem's line came from, by the line's position in `chain`:
    /// the two differ once a row is missing (see `rowProblems`).
    var rowOfProblemLine: [Int: Int] = [:]
    let lock = NSLock()
    /// The highest sequence number fetched; reads continue after it.
    var fetchedThrough = 0
    /// Set when a commit failed after the chain moved on: the next read starts over.
    var mustRestart = false
    /// The checkpoint to resume from, taken up by the first read (see `resume(from:)`).
    var pendingCheckpoint: LedgerCheckpoint?
    /// Rows fetched per read, so a long log is folded piece by piece.
    static let rowsPerRead = 10_000
    /// How often a damaged store (or one whose key is missing or refused) is read again from
    /// its first row when nothing announced a change: a row mended by hand with the triggers
    /// disabled, or a key file put back, sends no notification.
    public static let defaultDamagedRecheckInterval: TimeInterval = 3
    /// This log's `defaultDamagedRecheckInterval`.
    public let damagedRecheckInterval: TimeInterval
    /// When the last read from the first row started (system uptime), to time the next
    /// re-read of a damaged store.
    private var firstRowReadAt = ProcessInfo.processInfo.systemUptime
    /// A change was announced while the store was damaged: the next read starts from the first row.
    private var damagedRecheckRequested = false
    /// The last read returned only part of what waits: the next one continues it, never starts over.
    var isReadingInParts = false
    /// The last commit found rows other sessions had committed since this one looked, or lost
    /// its bet that none had (see `commitAtOnce`): the next commit reads under the lock first.
    var othersAreWriting = false
    /// The session was connected again since the last read: whether the rows read before are
    /// still the store's is confirmed first (see `confirmContinuity`).
    var mustConfirmContinuity = false
    /// The store lay out of the session's sight, or in part (`storeOutOfSight`,
    /// `storeTablesApart`, `incompleteSchema`, `notAStore`, `tableMissing`): a session keeps the
    /// `search_path` it connected with, so the next read connects anew, taking in a setting
    /// mended since.
    var mustConnectAnew = false
    /// Whether this session may write its commit mark (see `PostgresEventLog+Durability.swift`);
    /// nil until a commit asked, and again after connecting anew or making the schema.
    var commitMarksWritable: Bool?
    /// How many times this log waited for the server's WAL writer (`waitForTheServersFlush`).
    var flushWaits = 0
    /// See `readLockWaitMilliseconds`.
    private var readLockWait: Int?
    /// Told the key file's path when a commit made it; see `whenKeyFileMade`.
    private var keyFileMadeObserver: (@Sendable (String) -> Void)?

    /// Connects to the store at `address`; the schema is checked on the first read and created
    /// by the first commit when missing.
    public init(address: PostgresAddress, keyPath: String,
                damagedRecheckInterval: TimeInterval = PostgresEventLog.defaultDamagedRecheckInterval) throws(PostgresStoreError) {
        self.address = address
        self.keyPath = keyPath
        self.damagedRecheckInterval = damagedRecheckInterval
        connection = try PostgresConnection(address)
        chain = LedgerLineChain(keyPath: keyPath)
    }

    public var problems: [LedgerProblem] { lock.withLock { rowProblems } }

    /// `problem`, a missing key, said with the key file lying under the name earlier versions
    /// gave it, or under another spelling of the host, when there is one: taken quietly it
    /// could be another database's key.
    private func namingFormerKey(_ problem: LedgerProblem) -> LedgerProblem {
        // Gone while the store was open: said in the words a start gives, keeping what was read.
        if case .keyChangedWhileOpen(let found, let firstUnverifiedLine) = problem {
            return .keyChangedWhileOpen(namingFormerKey(found), firstUnverifiedLine: firstUnverifiedLine)
        }
        guard case .keyMissing(let missing) = problem, missing == keyPath else { return problem }
        if let former = PostgresStoreFiles.formerKeyPath(beside: keyPath, for: address), FileManager.default.fileExists(atPath: former) {
            return .keyUnderFormerName(keyPath: keyPath, formerKeyPath: former)
        }
        if let other = PostgresStoreFiles.otherHostKeyPath(beside: keyPath, for: address) {
            return .keyUnderOtherHost(keyPath: keyPath, otherKeyPath: other)
        }
        return problem
    }

    /// The chain's problems named by the rows they were found in: a chain counts the lines it
    /// was fed, so after a deleted row its line N is no longer the row with `seq` N − 1, the
    /// number the store's words give. Call under `lock`.
    ///
    /// A row that follows missing rows fails its MAC because of them (its line was chained onto
    /// the row before it): the missing rows are named, not a row changed by hand.
    var rowProblems: [LedgerProblem] {
        let renumbered = chain.problems.map { $0.renumberingLines { line in rowOfProblemLine[line].map { $0 + 1 } ?? line } }
            .map(namingFormerKey)
        let followingMissingRows = Set(renumbered.compactMap { problem -> Int? in
            guard case .sequenceGap(let line, let expected, let found) = problem, line - 1 == found, found > expected else { return nil }
            return line
        })
        return renumbered.filter { problem in
            guard case .tampered(let line) = problem else { return true }
            return !followingMissingRows.contains(line)
        }
    }

    /// Has `observer` told the key file's path when a commit of this log makes it (the first
    /// change to a new store), so a process that stays open (`serve`) can say where it is as
    /// it happens. It is called under this log's lock: it must not call the log.
    public func whenKeyFileMade(_ observer: @escaping @Sendable (String) -> Void) {
        lock.withLock { keyFileMadeObserver = observer }
    }

    /// A database has no torn lines: a transaction is stored whole or not at all.
    public var tornTail: TornTailReport? { nil }

    public var medium: StoreMedium { .database(address: address.shown) }

    /// The role this log connected as.
    public var user: String { lock.withLock { connection.user } }

    /// How long a statement of this log waits behind another session's lock before it fails,
    /// in milliseconds (0: for ever); see `PostgresConnection.defaultLockTimeoutMilliseconds`.
    public var lockTimeoutMilliseconds: Int { lock.withLock { connection.lockTimeoutMilliseconds } }

    /// How long a read waits for a lock on the store's tables (a `LOCK TABLE` in ACCESS EXCLUSIVE
    /// mode, a change to the tables under way) before it fails with `readLockTimeout`, in
    /// milliseconds; nil for the session's `lock_timeout`. A storefront sets it short: its
    /// reads run on the loop that draws the screen, which would stand still meanwhile, and a
    /// read that gives up shows as a banner and is tried again.
    public var readLockWaitMilliseconds: Int? {
        get { lock.withLock { readLockWait } }
        set { lock.withLock { readLockWait = newValue } }
    }

    /// The listening session's socket; asking for it starts listening. Nil while either session
    /// is lost or the listening one could not connect (the next read connects them again).
    public var changeSignal: Int32? {
        lock.withLock {
            if !isListening {
                isListening = true
                // Where the server cannot be reached now, listening starts with the reconnect,
                // before its read, rather than after that read with a commit possibly in between.
                try? listenAgainIfLost()
            }
            guard let listener, !listener.isBroken, !connection.isBroken else { return nil }
            return listener.socket
        }
    }

    public func hasChanged() -> Bool {
        lock.withLock {
            // After a failed commit the next read starts over; the sequence numbers announced
            // meanwhile may be the very ones that commit had taken, so they tell nothing.
            let announced = hasAnnouncedChanges() || mustRestart
            // A key file removed, put back or replaced is announced by nothing; the next read
            // takes it in.
            let keyFileChanged = chain.keyFileHasChanged
            guard mayBeMendedByReadingAgain else { return announced || keyFileChanged || haveRowsBeenChangedByHand() }
            // Damage found may have been mended: what was announced, or the timer, has the
            // next read start from the first row and check every MAC again.
            if announced { damagedRecheckRequested = true }
            return announced || keyFileChanged || isDamagedRecheckDue
        }
    }

    /// How long a reader waiting on `changeSignal` waits before asking `hasChanged` anyway: a
    /// key file changed, or a store damaged or mended by hand, sends no notification. On a
    /// sound store that look costs one `lstat` of the key file and, once an interval, one small
    /// statement (`handChangesQuery`).
    public var quietRecheckInterval: TimeInterval? { damagedRecheckInterval }

    /// Whether a commit may have happened since the last read; call under `lock`.
    private func hasAnnouncedChanges() -> Bool {
        if isListening {
            // Notifications say what changed; a lost connection must be heard from a read.
            let notified = listener.map { $0.takeNotifications() || $0.isBroken } ?? true
            defer { mayHaveMissedChanges = false }
            return notified || connection.isBroken || mayHaveMissedChanges
        }
        let waitLimit = readLockWait.map { [PostgresSchema.waitForLocks($0)] } ?? []
        let lastRow = PostgresConnection.Statement("SELECT coalesce(max(seq), 0) FROM storefront_events")
        guard let rows = try? connection.pipeline(waitLimit + [lastRow]).all()[waitLimit.count] else {
            // No table yet, or the server is gone: either way a read tells more.
            return true
        }
        return rows.first?.first.flatMap { $0.flatMap(Int.init) } != fetchedThrough
    }

    /// Whether rows read before may have been changed by hand since (see `handChangesQuery`),
    /// or rows were inserted that no notification announced (a row appended by hand, which a
    /// plain INSERT can do), asked at most once a `damagedRecheckInterval`; when rows were
    /// changed, the next read starts from the first row and checks every MAC again, as an
    /// opening would, and new rows are read and checked as any others. Call under `lock`.
    private func haveRowsBeenChangedByHand() -> Bool {
        guard handChanges != nil, !connection.isBroken,
              ProcessInfo.processInfo.systemUptime - handChangesAskedAt >= damagedRecheckInterval else { return false }
        let answer: PostgresConnection.Rows
        do {
            // It waits for a lock on the tables no longer than a read would: a storefront asks
            // it on the loop that takes keys.
            let waitLimit = readLockWait.map { [PostgresSchema.waitForLocks($0)] } ?? []
            answer = try connection.pipeline(waitLimit + [PostgresSchema.handChangesAndLastRowQuery]).all()[waitLimit.count]
        } catch .lockTimeout {
            // The tables are locked: the read this asks for says so, and is tried again.
            handChangesAskedAt = ProcessInfo.processInfo.systemUptime
            return true
        } catch .statementFailed(_, PostgresSchema.undefinedTable, _) {
            // A table of the store was dropped (no statistic counts that): the next read says
            // which, rather than the screen going on showing the store as it was.
            handChangesAskedAt = ProcessInfo.processInfo.systemUptime
            mustRestart = true
            return true
        } catch {
            return false
        }
        noteHandChanges(answer, readFromFirstRow: false)
        let row = answer.first ?? []
        let lastRow = row.count > 1 ? row[1].flatMap { Int($0) } : nil
        // The header row gone (its table dropped and made again empty, say) while the chain read
        // it: read again from the first row, which finds it missing.
        let headerGone = row.count > 2 && row[2] == "0" && chain.hasHeader
        if headerGone { mustRestart = true }
        // A relation named like one of the store's made since in a schema earlier in the
        // search_path: the next read says so (see `PostgresSchema.tablesTogether`).
        let tablesApart = row.count > 3 && (row[3].flatMap { Int($0) } ?? 0) > 1
        return mustRestart || tablesApart || lastRow.map { $0 != fetchedThrough } ?? false
    }

    /// Takes in the count `handChangesQuery` answered: one that moved since the last look,
    /// while the rows read then are kept, has the next read start from the first row. Call
    /// under `lock`.
    func noteHandChanges(_ answer: PostgresConnection.Rows?, readFromFirstRow: Bool) {
        handChangesAskedAt = ProcessInfo.processInfo.systemUptime
        guard let count = answer?.first?.first.flatMap({ $0.flatMap(Int.init) }) else { return }
        if let seen = handChanges, seen != count, !readFromFirstRow, fetchedThrough > 0 { mustRestart = true }
        handChanges = count
    }

    /// Whether the store has problems that reading it again from its first row may find gone
    /// (rows mended by hand); not while rows verified before the key file became unusable are
    /// kept, which only a mended key file ends. Call under `lock`.
    private var mayBeMendedByReadingAgain: Bool {
        !chain.problems.isEmpty && !chain.keptLinesThroughKeyChange
    }

    /// Whether a damaged store is due to be read again from its first row; call under `lock`.
    private var isDamagedRecheckDue: Bool {
        ProcessInfo.processInfo.systemUptime - firstRowReadAt >= damagedRecheckInterval
    }

    public func readNew() throws -> EventBatch {
        try lock.withLock { () throws -> EventBatch in
            var restarted = false
            do {
                try reconnectIfLost()
                try takeKeyFileChange()
                try confirmContinuity()
                restarted = restartIfNeeded(rereadingDamage: damagedRecheckRequested || isDamagedRecheckDue)
                var batch = try readVersionAndRows()
                batch.restarted = batch.restarted || restarted
                isReadingInParts = batch.isPartial
                return batch
            } catch {
                // The chain started over but its reader never heard, or it may have stopped inside
                // a line (a key file that cannot be opened fails its header): the next read starts over.
                if restarted || error is LedgerError { mustRestart = true }
                // A session keeps the search_path it connected with: a store out of its sight, or
                // tables it finds only some of, may be a setting mended since.
                switch error as? PostgresStoreError {
                case .storeOutOfSight?, .storeTablesApart?, .incompleteSchema?, .notAStore?, .tableMissing?: mustConnectAnew = true
                default: break
                }
                if case .lockTimeout(let store, let milliseconds, let holders)? = error as? PostgresStoreError {
                    // A read takes no writer lock: only a lock on the tables holds it up, and then nothing could be read.
                    throw PostgresStoreError.readLockTimeout(store: store, milliseconds: readLockWait ?? milliseconds,
                                                             isLockTimeout: readLockWait == nil, holders: holders)
                }
                throw (error as? PostgresStoreError).map(Self.portError) ?? error
            }
        }
    }

    /// The schema version and what the chain lacks (see `rowsRequest`), in one round trip; an
    /// unknown schema is refused before any row is taken in, and a database without a store
    /// reads as empty. Call under `lock`.
    private func readVersionAndRows() throws -> EventBatch {
        let request = rowsRequest()
        // The statements up to the pipeline's end run in one implicit transaction, which the setting lasts for.
        let waitLimit = readLockWait.map { [PostgresSchema.waitForLocks($0)] } ?? []
        // The count of hand changes is asked before the rows: a change made after it is counted
        // by the next look, never taken for one this read saw.
        let statements = waitLimit + [PostgresSchema.tablesTogether, PostgresSchema.versionQuery, PostgresSchema.handChangesQuery]
            + request.statements
        // A read that may wait the whole lock_timeout behind a table lock (a command's) says for whom, as a change does.
        let answers = readLockWait != nil ? try connection.pipeline(statements) : try pipelineWaitingForLocks(statements)
        try PostgresSchema.refuseTablesApart(answeredIn: answers, at: waitLimit.count, inTransaction: false, on: connection)
        guard let found = try PostgresSchema.version(answeredIn: answers, at: waitLimit.count + 1) else {
            // No schema as this session saw it, or no version row: `version(on:)` tells an empty
            // database from tables without their version, and sees a schema made a moment ago.
            let found = try PostgresSchema.version(on: connection)
            try refuseUnknownSchema(found)
            return found > 0 ? try fetch() : EventBatch()
        }
        try refuseUnknownSchema(found)
        // The schema's version is there, so a table the read asks for was dropped since.
        if case .statementFailed(let store, PostgresSchema.undefinedTable, let message)? = answers.failure {
            throw PostgresStoreError.tableMissing(store: store, reason: message)
        }
        let all = try answers.all()
        let readFromFirstRow = fetchedThrough == 0
        let batch = try takeIn(Array(all.dropFirst(waitLimit.count + 3)), for: request)
        noteHandChanges(all[waitLimit.count + 2], readFromFirstRow: readFromFirstRow || batch.restarted)
        return batch
    }

    public func makeReadEventsDurable() throws {
        try lock.withLock {
            try reconnectIfLost()
            do {
                try makeEverythingCommittedDurable()
            } catch let error as PostgresStoreError {
                throw Self.portError(error)
            }
        }
    }

    public func commit<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch) {
        let committed = try commitFindingSchema(decide)
        return (committed.result, committed.batch)
    }

    /// Waits for the writer lock at most `lockHeldWaitMilliseconds` (or the session's shorter
    /// `lock_timeout`); see `StoreEventLog.commitUnlessLockHeld`.
    public func commitUnlessLockHeld<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch) {
        let committed = try commitFindingSchema(waitingForLock: false, decide)
        return (committed.result, committed.batch)
    }

    /// How long `commitUnlessLockHeld` waits for the writer lock: many commits' worth (a commit
    /// holds it for a millisecond or two), so only a session that sits on it makes it give up.
    public static let lockHeldWaitMilliseconds = 100

    /// `commit`, also returning the schema version found under the writer lock (0 when this
    /// commit created the schema), which only a reader holding the lock can know for sure.
    /// Unless `waitingForLock`, it gives up with `StoreWriterLockHeld` while another session
    /// holds the lock.
    private func commitFindingSchema<Result>(
        waitingForLock: Bool = true, _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result)
    ) throws -> (result: Result, batch: EventBatch, schemaFound: Int) {
        try lock.withLock {
            do {
                try reconnectIfLost()
            } catch var lost as StoreUnreachable {
                lost.change = .notSent
                throw lost
            }
            try takeKeyFileChange()
            try confirmContinuity()
            if chain.keptLinesThroughKeyChange {
                // Refused before any row is read: rows a refused commit read would have to be
                // delivered again, and only reading from the first row does that, which would
                // lose the rows verified before the key file changed.
                throw StoreDamaged(store: address.shown, problems: rowProblems)
            }
            // A commit is refused by damage only as the store is now, not as it was last read.
            let restarted = restartIfNeeded(rereadingDamage: true)
            // From here statements go to the server, and a commit sent whole may be recorded
            // however this process ends.
            try ChangeSent.markBegun()
            do {
                return try commitLocked(decide, restarted: restarted, waitingForLock: waitingForLock)
            } catch let held as StoreWriterLockHeld {
                // Nothing was read: only a read this commit started over is still to be made.
                if restarted { mustRestart = true }
                throw held
            } catch PostgresStoreError.readOnlyServer(let store, let reason, let role, nil) {
                mustRestart = true
                // Rolled back: the session can say why it is read-only, and so what turns it off.
                throw PostgresStoreError.readOnlyServer(store: store, reason: reason, role: role, cause: readOnlySessionCause())
            } catch let error as PostgresStoreError {
                mustRestart = true
                // A connection lost after COMMIT was sent is reported by `commitLocked` itself.
                guard var lost = Self.portError(error) as? StoreUnreachable else { throw Self.portError(error) }
                lost.change = .notSent
                throw lost
            } catch LedgerError.refusedForWriting(_, let problems) {
                // The chain refuses in a file's words (lines, `repair`); a database has rows and backups.
                mustRestart = true
                throw StoreDamaged(store: address.shown, problems: problems == chain.problems ? rowProblems : problems)
            } catch {
                // What this commit read or built may not be in the database: read it all again.
                mustRestart = true
                throw error
            }
        }
    }

    /// The commit in one round trip where the store is as last read (see `commitAtOnce`), or else
    /// in two: `beginCommit` (BEGIN, the writer lock, the schema version, the rows committed
    /// since the last read), the decision in Swift, then `finishCommit` (the inserts, the
    /// notification, COMMIT). Any failure rolls the transaction back.
    private func commitLocked<Result>(
        _ decide: (EventBatch) throws -> (events: [StoreEvent], result: Result), restarted: Bool, waitingForLock: Bool
    ) throws -> (result: Result, batch: EventBatch, schemaFound: Int) {
        do {
            if waitingForLock, !restarted, let committed = try commitAtOnce(decide) {
                return (committed.result, committed.batch, PostgresSchema.currentVersion)
            }
            let opening = try beginCommit(waitingForLock: waitingForLock)
            var others = try fetchAll(startingWith: opening.rowsRead)
            isReadingInParts = false
            othersAreWriting = !others.entries.isEmpty
            others.restarted = others.restarted || restarted
            try storeHeaderIfMissing()
            // Refused before the decision, as a file refuses: made on the events before the damage
            // only, it could refuse for a reason that is not there ("no such transaction").
            guard chain.problems.isEmpty else { throw LedgerError.refusedForWriting(path: address.display, problems: chain.problems) }
            let decision = try decide(others)
            let lines = try chain.lines(for: decision.events, storeName: address.display)
            var batch = others
            batch.entries += try appendRead(lines)
            // Rows of others read under the lock tell that writers take turns: only then is it
            // worth letting the lock go before the flush, for a transaction more (the mark).
            do {
                try finishCommit(decision.events, lines: lines, flushAfterUnlock: !others.entries.isEmpty && commitMarksWritable == true)
            } catch PostgresStoreError.statementFailed(let store, "23514", let message)
                        where PostgresSchema.gaplessRefusalNumbers(in: message) != nil {
                // Every row after the last one read was read under the lock: the numbers were changed.
                let (given, expected) = PostgresSchema.gaplessRefusalNumbers(in: message) ?? (0, 0)
                throw PostgresStoreError.rowsOutOfStep(store: store, lastEvent: given - 1, lastRow: expected - 1)
            } catch PostgresStoreError.readOnlyRole(let store, let reason, let role) {
                // The rows were read under the lock: only the INSERT of this change was refused.
                throw PostgresStoreError.insertRefused(store: store, reason: reason, role: role)
            } catch PostgresStoreError.unreachable(let store, let reason) {
                try settleCutOffCommit(store: store, reason: reason, events: decision.events, lines: lines)
            }
            // A commit that made the schema made the marks too: the next one looks again.
            if opening.schemaFound == 0 { commitMarksWritable = nil }
            return (decision.result, batch, opening.schemaFound)
        } catch {
            // A broken connection has no transaction left to roll back (the server drops it),
            // and after a failed COMMIT the server has rolled back already.
            _ = try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Returns when the commit of `lines`, whose connection went once its COMMIT was sent, was
    /// recorded (and is durable), as if the answer had arrived; throws the loss otherwise, saying
    /// whether the change was not recorded or may have been. Call under `lock`.
    func settleCutOffCommit(store: ShownStoreAddress, reason: String, events: [StoreEvent], lines: [[UInt8]]) throws {
        // Whether the server ran the COMMIT before the connection went is asked on a new one.
        let outcome = outcomeOfCutOffCommit(lines: lines)
        guard outcome != .recorded else { return }
        var lost = Self.portError(.unreachable(store: store, reason: reason)) as? StoreUnreachable
            ?? StoreUnreachable(store: store, reason: reason)
        lost.change = outcome == .notRecorded ? .notRecorded
            : .cutOff(account: events.first?.account, transactionIds: Self.transactionIds(in: events))
        throw lost
    }

    /// The transaction ids `events` name, in order, each once: what a user looks for after their
    /// commit was cut off.
    private static func transactionIds(in events: [StoreEvent]) -> [String] {
        var seen = Set<String>()
        return events.compactMap(\.transactionId).filter { seen.insert($0).inserted }
    }

    /// Connects again when the server dropped a connection, the listening session first (so a
    /// commit after this read's snapshot is announced); throws `StoreUnreachable` while the
    /// server cannot be reached. Call under `lock`.
    private func reconnectIfLost() throws {
        do {
            do {
                try listenAgainIfLost()
            } catch where !connection.isBroken && !mustConnectAnew {
                // This session stands (a role at its connection limit refused the second): the
                // store is still read and written, and followed by reading on every look.
                listenRefusedAt = ProcessInfo.processInfo.systemUptime
            }
            connection.noticeLossWhileIdle()
            guard connection.isBroken || mustConnectAnew else { return }
            connection = try PostgresConnection(address)
            mustConnectAnew = false
            mustConfirmContinuity = fetchedThrough > 0
            commitMarksWritable = nil
        } catch {
            throw Self.portError(error)
        }
    }

    /// After connecting again, reads the last row this log read, and has the next read start
    /// from the first row when it is gone or another: a server that crashed has lost the commits
    /// it had not flushed, which may have been read (see `finishCommit`), and a database restored
    /// from a backup may hold other rows under the same numbers. Taking the rows after them in
    /// would report damage that is not there. Call under `lock`.
    private func confirmContinuity() throws {
        guard mustConfirmContinuity else { return }
        let line: String?
        do {
            line = try connection.execute(Self.row(fetchedThrough)).first?.first ?? nil
        } catch .statementFailed(_, PostgresSchema.undefinedTable, _) {
            // The tables are gone (the database dropped and made again, say): the row read last
            // is gone with them, and the store is read again from its start, as a new one.
            line = nil
        } catch .statementFailed(_, PostgresSchema.undefinedColumn, _) {
            // A relation of another shape answers to the events' name (one made in a schema
            // earlier in the search_path): the read that follows says which, and where.
            line = nil
        } catch {
            throw Self.portError(error)
        }
        if !isLastRowRead(line) { mustRestart = true }
        mustConfirmContinuity = false
    }

    /// Connects the listening session and LISTENs, when a reader asked for the change signal and
    /// that session is missing or lost; a commit made meanwhile went unannounced, so the next
    /// look says yes. Call under `lock`.
    private func listenAgainIfLost() throws(PostgresStoreError) {
        guard isListening, listener?.isBroken ?? true else { return }
        listener = nil
        if let refused = listenRefusedAt, ProcessInfo.processInfo.systemUptime - refused < Self.listenRetryInterval,
           !connection.isBroken { return }
        let fresh = try PostgresConnection(address)
        try fresh.listen(PostgresSchema.changeChannel)
        listener = fresh
        listenRefusedAt = nil
        mayHaveMissedChanges = true
    }

    /// A lost or refused connection as the store port reports it (`StoreUnreachable`), so the
    /// storefront shows its banner and retries; other errors as they are.
    static func portError(_ error: PostgresStoreError) -> any Error {
        if case .unreachable(let store, let reason) = error {
            guard PostgresStoreError.namesAConnectionLimit(reason) else { return StoreUnreachable(store: store, reason: reason) }
            // Waiting alone mends this only when another session ends: say what else does.
            return StoreUnreachable(store: store, reason: reason + " (a storefront holds three connections, storefront serve four "
                + "for each app: close other sessions or raise the role's CONNECTION LIMIT)")
        }
        return error
    }

    /// After a failed commit, when `rereadingDamage` a store found damaged, or once the key
    /// file was mended, forgets what was read so this read delivers everything again (as
    /// `restarted`), every MAC checked anew with the key file as it is now; call under `lock`.
    ///
    /// A read that continues one in parts goes on over damage: the parts after a damaged row
    /// withhold their events, and starting over there would never reach the end.
    private func restartIfNeeded(rereadingDamage: Bool) -> Bool {
        let damageMayBeMended = rereadingDamage && mayBeMendedByReadingAgain && !isReadingInParts
        guard mustRestart || damageMayBeMended else { return false }
        startOver()
        return true
    }

    /// Has the next read start from the header row, with every MAC checked anew; call under `lock`.
    func startOver() {
        chain = LedgerLineChain(keyPath: keyPath, readingAgain: true)
        fetchedThrough = 0
        pendingCheckpoint = nil
        mustRestart = false
        damagedRecheckRequested = false
        isReadingInParts = false
        firstRowReadAt = ProcessInfo.processInfo.systemUptime
    }

    /// Takes in a change of the key file (see `LedgerLineChain.takeKeyFileChange`): a mended
    /// one has this read or commit start from the first row. Call under `lock`.
    private func takeKeyFileChange() throws(LedgerError) {
        if try chain.takeKeyFileChange() { mustRestart = true }
    }

    /// Everything committed since the last read, in as many parts as it takes, the first from
    /// `prefetched` when the commit's first round trip read it already; call under `lock`.
    private func fetchAll(startingWith prefetched: (request: RowsRequest, answers: [PostgresConnection.Rows])?) throws -> EventBatch {
        var batch = EventBatch()
        var prefetched = prefetched
        repeat {
            let part = try prefetched.take().map { try takeIn($0.answers, for: $0.request) } ?? fetch()
            batch.entries += part.entries
            batch.isPartial = part.isPartial
            batch.restarted = batch.restarted || part.restarted
        } while batch.isPartial
        return batch
    }

    /// Starts the chain with a header row when the store has none; call under the writer lock.
    private func storeHeaderIfMissing() throws {
        // A store whose header row was deleted keeps its rows: a new header would orphan them.
        guard !chain.hasHeader, chain.problems.isEmpty else { return }
        let keyWasMissing = !FileManager.default.fileExists(atPath: keyPath)
        // Taking the key of the former name quietly could share it with another database.
        if keyWasMissing,
           let former = PostgresStoreFiles.formerKeyPath(beside: keyPath, for: address), FileManager.default.fileExists(atPath: former) {
            throw PostgresStoreError.keyUnderFormerName(store: address.shown, keyPath: keyPath, formerKeyPath: former)
        }
        try FileManager.default.createDirectory(
            atPath: (keyPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let line = try chain.newHeaderLine(createdAt: Date(), storeName: address.display)
        // Said even if this commit then fails: the key stays, and the next commit uses it.
        if keyWasMissing { keyFileMadeObserver?(keyPath) }
        try connection.execute("INSERT INTO storefront_header (line) VALUES ($1)", [String(decoding: line, as: UTF8.self)])
        _ = try chain.read([line])
    }

    /// Reads back the lines just inserted, which moves the chain past them.
    func appendRead(_ lines: [[UInt8]]) throws -> [(sequence: Int, event: StoreEvent)] {
        let entries = try chain.read(lines)
        if let last = entries.last { fetchedThrough = last.sequence }
        return entries.map { (sequence: $0.sequence, event: $0.event) }
    }

    func refuseUnknownSchema(_ version: Int) throws(PostgresStoreError) {
        if version > PostgresSchema.currentVersion {
            throw .newerSchema(store: address.shown, found: version, supported: PostgresSchema.currentVersion)
        }
        if version > 0, version < PostgresSchema.currentVersion {
            throw .olderSchema(store: address.shown, found: version, supported: PostgresSchema.currentVersion)
        }
    }
}

extension PostgresEventLog {
    /// Creates the schema, the header row and the key file when missing; returns the schema
    /// version found before (0 when this call created the store, so of several at once only one
    /// says it did).
    @discardableResult
    public func initialize() throws -> Int {
        // A whole, sound store needs nothing written: said without the writer lock, so a role
        // that may only read is told it is there, as `store migrate` tells it.
        if try isWholeAndSound() { return PostgresSchema.currentVersion }
        return try commitFindingSchema { _ in (events: [StoreEvent](), result: ()) }.schemaFound
    }

    /// Whether the store has this build's schema with every table, its header row, and a key
    /// file under which every row read verifies: what `initialize` would otherwise make.
    private func isWholeAndSound() throws -> Bool {
        let complete = try lock.withLock {
            try PostgresSchema.version(on: connection) == PostgresSchema.currentVersion
                && PostgresSchema.tablesPresent(on: connection).isSuperset(of: PostgresSchema.tables)
        }
        guard complete, FileManager.default.fileExists(atPath: keyPath) else { return false }
        while try readNew().isPartial {}
        return lock.withLock { chain.hasHeader && rowProblems.isEmpty }
    }
}
