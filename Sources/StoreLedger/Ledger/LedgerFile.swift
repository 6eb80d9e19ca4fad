import Foundation
import Glibc
import Synchronization

/// The entitlements ledger as a local file: JSON Lines, append-only, chained HMAC-SHA256.
///
/// Line 1 is a header, every later line one event:
///
///     {"format":"storefront-ledger","version":1,"created":"2025-01-02T03:04:05Z","mac":"<hex>"}
///     {"seq":1,<the event's fields, sorted>,"mac":"<hex>"}
///
/// A line's MAC is HMAC-SHA256, keyed by the key file `<path>.key`, over the previous
/// line's MAC text (empty for the header) followed by the line's bytes before `,"mac":"`.
/// Writers serialize on an exclusive `flock` of `<path>.lock`; readers take no lock and
/// ignore an incomplete last line. Each instance remembers how far it has read, so reads
/// and commits cost only what is new.
///
/// An instance may be shared between threads; its state is guarded by `lock`.
public final class LedgerFile<Event: Codable & Sendable>: LedgerStorage, @unchecked Sendable {
    /// The ledger file.
    public let path: String
    /// The key file beside it.
    public let keyPath: String
    /// The lock file writers hold while appending; it is never renamed or removed.
    public let lockPath: String

    let fileSystem: any FileSystem
    let dateEncoding: LedgerDateEncoding
    let now: @Sendable () -> Date

    /// Guards `cursor` and `undelivered`, and serializes reads and commits of this instance.
    let lock = NSLock()
    /// How far this instance has read.
    var cursor = LedgerCursor()
    /// Entries read during a commit that failed, delivered by the next read or commit.
    var undelivered: LedgerUpdate<Event>?
    /// The last incomplete line this instance moved aside, kept apart from `undelivered` so
    /// that a commit refused after moving it still lets its caller report the move.
    var lastMovedTail: TornTailReport?
    /// What `hasChanged()` compares with, readable while a commit holds `lock`.
    private let observation = Mutex(Observation())

    struct Observation {
        var identity: FileIdentity?
        var size = 0
        /// Compared too, so a file rewritten at the same length is read again.
        var changeTimes: FileChangeTimes?
        var hasUndelivered = false
        /// The key file as the key was taken from it, so a change of the key alone is noticed.
        var keyFileWatch: LedgerKeyFileWatch?
        /// The lock file was found to be no file of the ledger's own (see `lockPathNotOwnFile`):
        /// its removal is a change, though the ledger stays as it was.
        var lockFileRefused = false
    }

    /// A ledger at `path`. Nothing is read or created until the first read or commit.
    ///
    /// - Parameters:
    ///   - fileSystem: where every file operation goes; tests inject faults here.
    ///   - dateEncoding: how `Date` values inside events are written.
    ///   - now: the clock for the header's creation time and torn-line file names.
    public init(
        path: String,
        fileSystem: any FileSystem = POSIXFileSystem(),
        dateEncoding: LedgerDateEncoding = .iso8601,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.path = path
        self.keyPath = LedgerFamily(ledgerPath: path).keyPath
        self.lockPath = LedgerFamily(ledgerPath: path).lockPath
        self.fileSystem = fileSystem
        self.dateEncoding = dateEncoding
        self.now = now
    }

    public var problems: [LedgerProblem] {
        withLock { cursor.problems }
    }

    /// The last incomplete last line this instance moved aside, whether or not the commit
    /// that moved it went on to succeed.
    public var lastTornTail: TornTailReport? {
        withLock { lastMovedTail }
    }

    public func readNew() throws(LedgerError) -> LedgerUpdate<Event> {
        try read(limit: nil)
    }

    /// Reads like `readNew()`, but only about `maximumBytes` of new lines at a time (always at
    /// least one whole line), so a large ledger can be read and folded in bounded memory; the
    /// update's `isPartial` says that more is waiting.
    public func readNew(upTo maximumBytes: Int) throws(LedgerError) -> LedgerUpdate<Event> {
        try read(limit: max(1, maximumBytes))
    }

    /// A size for `readNew(upTo:)`: a few thousand events, enough to decode them on several
    /// threads, small enough that their decoded form stays a few megabytes.
    public static var readPartBytes: Int { 1 << 20 }

    private func read(limit: Int?) throws(LedgerError) -> LedgerUpdate<Event> {
        try withLock { () throws(LedgerError) in
            // The mark is read before the ledger: a writer updates it only after flushing its
            // lines, so the ledger read afterwards holds at least the lines it records.
            let markBytes = markForReading()
            let file: OpenFile
            do throws(FileSystemError) {
                file = try fileSystem.open(path, access: .readOnly, options: [], permissions: 0)
            } catch where error.isNotFound {
                return deliver(fileVanished())
            } catch {
                throw ledgerOpeningError(error)
            }
            defer { try? fileSystem.close(file) }
            var next = cursor
            let read = try readNewLines(from: file, cursor: &next, limit: limit)
            cursor = next
            if !read.update.isPartial {
                try noteCommitMarkProblem(markBytes, tail: read.incompleteTail)
            }
            return deliver(read.update)
        }
    }

    public func hasChanged() -> Bool {
        let seen = observation.withLock { $0 }
        if seen.hasUndelivered { return true }
        // A key file removed, put back or replaced changes what the same lines mean, so it is
        // a change even while the ledger stays as it was.
        if ledgerHasChanged(since: seen) { return true }
        // A lock file refused, then removed or mended (`rm`, as advised): the next read takes the problem back.
        if seen.lockFileRefused, lockPathNotOwnFile() == nil { return true }
        return seen.keyFileWatch?.hasChanged(keyPath: keyPath, fileSystem: fileSystem) ?? false
    }

    private func ledgerHasChanged(since seen: Observation) -> Bool {
        do throws(FileSystemError) {
            let status = try fileSystem.status(atPath: path)
            return status.identity != seen.identity || status.size != seen.size || status.changeTimes != seen.changeTimes
        } catch where error.isNotFound {
            return seen.identity != nil
        } catch {
            // Let the next read report whatever is wrong.
            return true
        }
    }

    /// What `readNewLines` found: the update to deliver and the incomplete last line.
    struct NewLines {
        var update: LedgerUpdate<Event>
        var incompleteTail: ArraySlice<UInt8>
        /// The file as it was when read.
        var status: FileStatus
    }

    /// Reads the lines appended to `file` since `cursor`, starting over when the file was
    /// replaced or shrank; with a `limit`, only about that many bytes of them. A caller
    /// `holdingWriterLock` knows no append is under way.
    func readNewLines(
        from file: OpenFile, cursor: inout LedgerCursor, limit: Int? = nil, holdingWriterLock: Bool = false
    ) throws(LedgerError) -> NewLines {
        var status: FileStatus
        do {
            status = try fileSystem.status(of: file)
            if !holdingWriterLock, wasRewrittenInPlace(status, cursor: cursor) {
                status = try statusOnceAppendShows(file, seen: status, cursor: cursor)
            }
        } catch {
            throw .fileSystem(error)
        }
        guard status.isRegularFile else {
            throw .notAFile(path: path, isDirectory: status.isDirectory, found: status.kind)
        }
        if status.size == 0, cursor.offset == 0, try holdsDataItsSizeDoesNotCount(file) {
            throw .sizeNotKept(path: path)
        }
        var restarted = false
        // A key file that changed gives its problem (missing, another key, not private, a link)
        // while what was read stays read; a mended one has everything read again.
        var readsFromStart = try mustReadFromStart(file, status: status, cursor: cursor)
        if !readsFromStart {
            readsFromStart = try cursor.takeKeyFileChange(keyPath: keyPath, fileSystem: fileSystem)
        }
        if readsFromStart {
            cursor = LedgerCursor(isReadingAgain: true)
            restarted = true
        }
        cursor.identity = status.identity
        cursor.fileSize = status.size
        cursor.changeTimes = status.changeTimes
        var bytes: [UInt8] = []
        var isPartial = false
        if !cursor.isHalted, status.size > cursor.offset {
            let available = status.size - cursor.offset
            do {
                if let limit, available > limit {
                    bytes = try fileSystem.readAll(file, count: limit, at: cursor.offset)
                    isPartial = true
                }
                // A part without a newline is read again long enough to hold the longest line
                // allowed, so every read makes progress; a line longer than that is reported
                // by the scan, never read whole.
                if !isPartial {
                    bytes = try fileSystem.readAll(file, count: available, at: cursor.offset)
                } else if !bytes.contains(LedgerLineCodec.newline) {
                    let count = min(available, max(bytes.count, LedgerLineCodec.maximumLineBytes + 1))
                    bytes = try fileSystem.readAll(file, count: count, at: cursor.offset)
                    isPartial = count < available
                }
            } catch {
                throw .fileSystem(error)
            }
        }
        cursor.observedSize = cursor.offset + bytes.count
        cursor.readStopsShortOfTheEnd = isPartial
        let scan: LedgerScan<Event> = try cursor.scan(
            bytes, dateEncoding: dateEncoding, keyPath: keyPath, ledgerPath: path
        ) { () throws(LedgerError) in
            try LedgerKey.loadWatched(from: keyPath, fileSystem: fileSystem)
        }
        if cursor.mustStartOver(atEnd: !isPartial) {
            // The checkpoint does not fit this ledger: fold everything, as if there were none.
            var fresh = LedgerCursor(isReadingAgain: cursor.isReadingAgain)
            fresh.watchedSequence = cursor.watchedSequence
            var again = try readNewLines(from: file, cursor: &fresh, limit: limit, holdingWriterLock: holdingWriterLock)
            again.update.restarted = true
            cursor = fresh
            return again
        }
        return NewLines(
            update: LedgerUpdate(entries: scan.entries, problems: scan.problems, restarted: restarted, isPartial: isPartial),
            incompleteTail: isPartial ? [] : scan.incompleteTail,
            status: status
        )
    }

    /// Whether `file`, whose size said 0, still gives bytes and says 0 after giving them: a file
    /// under /proc or /sys, never an entitlements file. One appended to meanwhile says its new size.
    func holdsDataItsSizeDoesNotCount(_ file: OpenFile) throws(LedgerError) -> Bool {
        do throws(FileSystemError) {
            guard !(try fileSystem.read(file, upTo: 1, at: 0)).isEmpty else { return false }
            return try fileSystem.status(of: file).size == 0
        } catch {
            throw .fileSystem(error)
        }
    }

    /// The error for a failed opening of the ledger itself: one naming the ledger when the
    /// path holds something other than an ordinary file.
    func ledgerOpeningError(_ error: FileSystemError) -> LedgerError {
        switch error.code {
        case EISDIR: .notAFile(path: path, isDirectory: true)
        case FileSystemError.notOrdinaryFile: .notAFile(path: path, isDirectory: false, found: (try? fileSystem.status(atPath: path))?.kind)
        default: .fileSystem(error)
        }
    }

    /// The update for a file that does not exist (any more).
    private func fileVanished() -> LedgerUpdate<Event> {
        guard cursor.identity != nil else { return LedgerUpdate() }
        cursor = LedgerCursor(isReadingAgain: true)
        return LedgerUpdate(restarted: true)
    }

    /// Returns `update` after anything left undelivered, and forgets both.
    func deliver(_ update: LedgerUpdate<Event>) -> LedgerUpdate<Event> {
        let delivered = undelivered.map { $0.followed(by: update) } ?? update
        undelivered = nil
        publishObservation()
        return delivered
    }

    /// Records what the file looked like after the last read or commit, for `hasChanged()`.
    func publishObservation() {
        let current = Observation(
            identity: cursor.identity, size: cursor.observedSize, changeTimes: cursor.changeTimes,
            hasUndelivered: undelivered != nil, keyFileWatch: cursor.keyFileWatch,
            lockFileRefused: cursor.problems.contains(where: \.isAboutLockFileNotOwn))
        observation.withLock { $0 = current }
    }

    func withLock<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
