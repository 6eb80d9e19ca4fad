import Foundation
import Testing
@testable import StoreLedger

/// What watching the key file costs a reader that stays open: one `lstat` of it per look and
/// per commit, and no reading of it while it stays as it was.
@Suite("Ledger: watching the key file")
struct LedgerKeyFileWatchTests {
    @Test("looks and commits lstat the unchanged key file once each and never open it; a changed one is read again, not the ledger")
    func unchangedKeyFileIsNotRead() throws {
        let directory = try LedgerTestDirectory()
        try directory.ledger().append([.purchase(5)])
        let keyPath = directory.ledgerPath + ".key"
        let counting = KeyFileCountingFileSystem(keyPath: keyPath)
        let follower = directory.ledger(fileSystem: counting)
        #expect(try follower.readNew().entries.count == 1)
        #expect(counting.counts == .init(opens: 1, lstats: 1), "opening reads the key once")

        counting.reset()
        for _ in 0..<5 { #expect(!follower.hasChanged()) }
        for amount in 1...3 { try follower.append([.spend(amount)]) }
        #expect(counting.counts == .init(opens: 0, lstats: 8))

        try LedgerTestFiles.waitForNextChangeTime(after: keyPath)
        #expect(chmod(keyPath, 0o600) == 0)
        counting.reset()
        #expect(follower.hasChanged(), "a key file whose inode changed is looked at again")
        #expect(try !follower.readNew().restarted, "the same key, still private: nothing is read again")
        #expect(counting.counts.opens == 1)
        #expect(!follower.hasChanged(), "looked at once")
        #expect(follower.problems.isEmpty)
    }
}

/// The real file system, counting the openings and `lstat`s of one path.
final class KeyFileCountingFileSystem: PassThroughFileSystem, @unchecked Sendable {
    struct Counts: Equatable {
        var opens = 0
        var lstats = 0
    }

    private let keyPath: String
    private let lock = NSLock()
    private var tally = Counts()

    init(keyPath: String) {
        self.keyPath = keyPath
    }

    var counts: Counts { lock.withLock { tally } }

    func reset() { lock.withLock { tally = Counts() } }

    override func open(_ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32) throws(FileSystemError) -> OpenFile {
        if path == keyPath { lock.withLock { tally.opens += 1 } }
        return try base.open(path, access: access, options: options, permissions: permissions)
    }

    override func status(atPath path: String) throws(FileSystemError) -> FileStatus {
        if path == keyPath { lock.withLock { tally.lstats += 1 } }
        return try base.status(atPath: path)
    }
}
