import Foundation
import Glibc
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StoreLedger

/// A reader that stays open notices a ledger written over in place at the same length (a
/// digit changed by hand, an editor saving into the file, a good copy put back), which its
/// size does not show, and is not misled by appends, its own commits or a `chmod`.
@Suite("Ledger following: edits that keep the file's size")
struct LedgerFollowingInPlaceEditTests {
    typealias Ledger = LedgerFollowingDamageTests

    @Test("a line edited in place to the same length is reported at that line, as on opening")
    func sameLengthEdit() throws {
        let directory = try Ledger.fourEventLedger()
        let follower = try Ledger.follower(of: directory)
        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        try LedgerTestFiles.overwrite(#""amount":2"#, with: #""amount":7"#, in: directory.ledgerPath)

        #expect(follower.hasChanged())
        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.problems == [.tampered(line: 3)])
        #expect(update.entries.map(\.event.amount) == [5])
        #expect(try directory.ledger().readNew().problems == update.problems)
    }

    @Test("the same edit undone in place takes the damage away again")
    func sameLengthEditUndone() throws {
        let directory = try Ledger.fourEventLedger()
        let follower = try Ledger.follower(of: directory)
        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        try LedgerTestFiles.overwrite(#""amount":2"#, with: #""amount":7"#, in: directory.ledgerPath)
        #expect(try follower.readNew().problems == [.tampered(line: 3)])

        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        try LedgerTestFiles.overwrite(#""amount":7"#, with: #""amount":2"#, in: directory.ledgerPath)
        #expect(follower.hasChanged())
        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.problems.isEmpty)
        #expect(update.entries.map(\.event.amount) == [5, 2, 1, 3])
        #expect(follower.problems.isEmpty)
    }

    @Test("an edit whose modification time is set back by hand is still noticed (the inode's time moved on)")
    func modificationTimeSetBack() throws {
        let directory = try Ledger.fourEventLedger()
        let follower = try Ledger.follower(of: directory)
        var before = stat()
        #expect(stat(directory.ledgerPath, &before) == 0)
        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        try LedgerTestFiles.overwrite(#""amount":1"#, with: #""amount":4"#, in: directory.ledgerPath)
        let times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, directory.ledgerPath, times, 0) == 0)
        #expect(try POSIXFileSystem().status(atPath: directory.ledgerPath).changeTimes.modified
                    == .seconds(before.st_mtim.tv_sec) + .nanoseconds(before.st_mtim.tv_nsec))

        #expect(follower.hasChanged())
        #expect(try follower.readNew().problems == [.tampered(line: 4)])
    }

    @Test("a writer's own commit is not taken for someone else's change")
    func ownCommitIsNoChange() throws {
        let directory = try Ledger.fourEventLedger()
        let writer = try Ledger.follower(of: directory)
        try writer.append([.spend(1)])
        #expect(!writer.hasChanged())
        let nothingNew = try writer.readNew()
        #expect(!nothingNew.restarted && nothingNew.entries.isEmpty)
    }

    @Test("an edit in place right after the writer's own commit is noticed by that writer")
    func editAfterOwnCommit() throws {
        let directory = try Ledger.fourEventLedger()
        let writer = try Ledger.follower(of: directory)
        try writer.append([.spend(1)])
        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        try LedgerTestFiles.overwrite(#""amount":5"#, with: #""amount":8"#, in: directory.ledgerPath)
        #expect(writer.hasChanged())
        #expect(try writer.readNew().problems == [.tampered(line: 2)])
    }

    @Test("a change of attributes alone is read again and found sound")
    func attributesOnly() throws {
        let directory = try Ledger.fourEventLedger()
        let follower = try Ledger.follower(of: directory)
        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        #expect(chmod(directory.ledgerPath, 0o600) == 0)

        #expect(follower.hasChanged())
        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.problems.isEmpty)
        #expect(update.entries.count == 4)
    }

    /// A file system whose next looks at a file, once armed, see it as during an append: the
    /// new times with the old size, as the kernel shows them between its two updates. It
    /// counts the looks at the writer lock.
    final class MidAppendFileSystem: PassThroughFileSystem, @unchecked Sendable {
        private let lock = NSLock()
        private var staleSize: Int?
        private var staleLooksLeft = 0
        private var lockLooks = 0
        func showNextStatus(withSize size: Int, looks: Int = 1) {
            lock.withLock { staleSize = size; staleLooksLeft = looks }
        }
        var looksAtTheLock: Int { lock.withLock { lockLooks } }
        override func status(of file: OpenFile) throws(FileSystemError) -> FileStatus {
            var status = try base.status(of: file)
            let size = lock.withLock { () -> Int? in
                guard staleLooksLeft > 0 else { return nil }
                staleLooksLeft -= 1
                return staleSize
            }
            if let size { status.size = size }
            return status
        }
        override func isLockedExclusivelyByAnother(_ file: OpenFile) throws(FileSystemError) -> Bool {
            lock.withLock { lockLooks += 1 }
            return try base.isLockedExclusivelyByAnother(file)
        }
    }

    /// A reader of `directory`'s four-event ledger that has read it, and its file system.
    private static func watchedFollower(
        of directory: borrowing LedgerTestDirectory
    ) throws -> (LedgerFile<LedgerTestEvent>, MidAppendFileSystem) {
        let fileSystem = MidAppendFileSystem()
        let follower = directory.ledger(fileSystem: fileSystem)
        #expect(try follower.readNew().entries.count == 4)
        return (follower, fileSystem)
    }

    /// Appends a spend through another instance; returns the ledger's size before it.
    private static func appendSpendByAnother(to directory: borrowing LedgerTestDirectory) throws -> Int {
        let sizeBefore = try FileManager.default.attributesOfItem(atPath: directory.ledgerPath)[.size] as? Int ?? 0
        try directory.ledger().append([.spend(1)])
        return sizeBefore
    }

    /// Holds the writer lock of `directory`'s ledger, as a writer in the middle of a commit.
    private static func holdWriterLock(of directory: borrowing LedgerTestDirectory) throws -> OpenFile {
        let fileSystem = POSIXFileSystem()
        let lockFile = try fileSystem.openCreatingIfMissing(
            directory.ledger().lockPath, access: .readWrite, options: [], permissions: 0o600).file
        try fileSystem.lockExclusively(lockFile)
        return lockFile
    }

    /// Changes the first spend's amount (line 3) by hand, keeping the file's size.
    private static func editFirstSpendInPlace(in directory: borrowing LedgerTestDirectory) throws {
        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        try LedgerTestFiles.overwrite(#""amount":2"#, with: #""amount":7"#, in: directory.ledgerPath)
    }

    @Test("a look during an append held up longer than the settling time, while its writer holds the lock, waits for the size (before: it read everything again after 20 ms)")
    func lookDuringAnAppendHeldUpUnderTheLock() throws {
        let directory = try Ledger.fourEventLedger()
        let (follower, fileSystem) = try Self.watchedFollower(of: directory)
        let sizeBefore = try Self.appendSpendByAnother(to: directory)
        let writerLock = try Self.holdWriterLock(of: directory)
        defer { try? POSIXFileSystem().close(writerLock) }
        // Five times as many looks as the settling time allows without a writer.
        let staleLooks = 5 * Int(LedgerFile<LedgerTestEvent>.appendSettleMicroseconds / LedgerFile<LedgerTestEvent>.appendSettleStepMicroseconds)
        fileSystem.showNextStatus(withSize: sizeBefore, looks: staleLooks)
        let update = try follower.readNew()
        #expect(!update.restarted, "an append held up under the lock was taken for an edit in place")
        #expect(update.entries.count == 1)
        #expect(update.problems.isEmpty)
        #expect(fileSystem.looksAtTheLock >= staleLooks - 1)
    }

    @Test("an edit in place while a writer holds the lock for ever is still found, once the wait for an append ends")
    func editWhileTheLockIsHeld() throws {
        let directory = try Ledger.fourEventLedger()
        let follower = try Ledger.follower(of: directory)
        let writerLock = try Self.holdWriterLock(of: directory)
        defer { try? POSIXFileSystem().close(writerLock) }
        try Self.editFirstSpendInPlace(in: directory)

        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.problems == [.tampered(line: 3)])
    }

    @Test("a writer reading under its own lock finds an edit in place without waiting on itself")
    func writerDoesNotWaitOnItsOwnLock() throws {
        let directory = try Ledger.fourEventLedger()
        let (writer, fileSystem) = try Self.watchedFollower(of: directory)
        try Self.editFirstSpendInPlace(in: directory)

        #expect(throws: LedgerError.self) { try writer.append([.spend(1)]) }
        #expect(fileSystem.looksAtTheLock == 0)
        #expect(writer.problems == [.tampered(line: 3)])
    }

    @Test("a look during an append (new times, the old size) waits for the size instead of reading everything again (before: a restart now and then under load)")
    func lookDuringAnAppendDoesNotStartOver() throws {
        let directory = try Ledger.fourEventLedger()
        let (follower, fileSystem) = try Self.watchedFollower(of: directory)
        let sizeBefore = try Self.appendSpendByAnother(to: directory)
        fileSystem.showNextStatus(withSize: sizeBefore)
        let update = try follower.readNew()
        #expect(!update.restarted, "an append seen halfway was taken for an edit in place")
        #expect(update.entries.count == 1)
        #expect(update.problems.isEmpty)
    }

    @Test("a follower polling while another instance appends never starts over and finds nothing wrong")
    func appendsNeverStartOver() throws {
        let directory = try Ledger.fourEventLedger()
        let follower = try Ledger.follower(of: directory)
        let commits = 200
        let writing = DispatchSemaphore(value: 0)
        let writer = directory.ledger()
        let failure = WriterFailure()
        Thread {
            do {
                for _ in 0..<commits { try writer.append([.spend(1)]) }
            } catch {
                failure.set("\(error)")
            }
            writing.signal()
        }.start()

        var received = 0
        var restarts = 0
        var problems: [LedgerProblem] = []
        var writerDone = false
        repeat {
            writerDone = writing.wait(timeout: .now()) == .success
            // The last pass reads whatever the writer left, changed or not.
            guard writerDone || follower.hasChanged() else { usleep(200); continue }
            let update = try follower.readNew()
            received += update.entries.count
            if update.restarted { restarts += 1 }
            problems += update.problems
        } while !writerDone
        #expect(failure.message == nil)
        #expect(restarts == 0)
        #expect(problems.isEmpty)
        #expect(received == commits)
    }

    @Test("an open store sees a same-length edit as damage, and the edit undone as mended")
    func storeFollowerSeesSameLengthEdit() throws {
        let directory = try LedgerTestDirectory()
        let follower = try Ledger.followingStore(in: directory, purchases: 2)
        #expect(!follower.hasExternalChanges())

        // The first purchase's account, renamed in place (the first match is on line 2).
        let original = #""account":"tester""#
        let edited = #""account":"testes""#
        #expect(try LedgerTestFiles.lines(directory.ledgerPath)[1].contains(original))
        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        try LedgerTestFiles.overwrite(original, with: edited, in: directory.ledgerPath)
        #expect(follower.hasExternalChanges())
        #expect(try follower.refresh())
        #expect(follower.ledgerProblems == [.tampered(line: 2)])
        #expect(follower.snapshot.balance(of: "rage-faces", for: phone) == 0)

        try LedgerTestFiles.waitForNextChangeTime(after: directory.ledgerPath)
        try LedgerTestFiles.overwrite(edited, with: original, in: directory.ledgerPath)
        #expect(follower.hasExternalChanges())
        #expect(try follower.refresh())
        #expect(follower.ledgerProblems.isEmpty)
        #expect(follower.snapshot.balance(of: "rage-faces", for: phone) == 10)
    }
}

/// What the writer thread of a test failed with, read once it is done.
private final class WriterFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?

    func set(_ message: String) { lock.withLock { text = message } }
    var message: String? { lock.withLock { text } }
}
