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

    /// A file system whose next look at a file, once armed, sees it as during an append: the
    /// new times with the old size, as the kernel shows them between its two updates.
    final class MidAppendFileSystem: PassThroughFileSystem, @unchecked Sendable {
        private let lock = NSLock()
        private var staleSize: Int?
        func showNextStatus(withSize size: Int) { lock.withLock { staleSize = size } }
        override func status(of file: OpenFile) throws(FileSystemError) -> FileStatus {
            var status = try base.status(of: file)
            if let size = lock.withLock({ () -> Int? in defer { staleSize = nil }; return staleSize }) { status.size = size }
            return status
        }
    }

    @Test("a look during an append (new times, the old size) waits for the size instead of reading everything again (before: a restart now and then under load)")
    func lookDuringAnAppendDoesNotStartOver() throws {
        let directory = try Ledger.fourEventLedger()
        let fileSystem = MidAppendFileSystem()
        let follower = directory.ledger(fileSystem: fileSystem)
        #expect(try follower.readNew().entries.count == 4)
        let sizeBefore = try FileManager.default.attributesOfItem(atPath: directory.ledgerPath)[.size] as? Int ?? 0
        try directory.ledger().append([.spend(1)])
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
