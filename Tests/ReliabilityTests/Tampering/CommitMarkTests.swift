import Foundation
import Glibc
import StoreEngine
import Testing
@testable import StoreLedger
@testable import StorefrontTesting

/// The commit mark in the lock file: lines cut from the end are refused for writing, a mark
/// that lags after a crash is accepted, and recording it never fails a durable commit.
@Suite("Commit mark: lines cut from the end of the ledger")
struct CommitMarkTests {
    struct Note: Codable, Sendable, Equatable {
        var text: String
    }

    /// A ledger of `count` events in `directory`.
    private static func ledger(
        in directory: ScratchDirectory, events count: Int, fileSystem: any FileSystem = POSIXFileSystem()
    ) throws -> LedgerFile<Note> {
        let ledger = LedgerFile<Note>(path: directory.file("entitlements.jsonl"), fileSystem: fileSystem)
        for index in 1...count {
            _ = try ledger.commit { _ in ([Note(text: "event \(index)")], ()) }
        }
        return ledger
    }

    private static func lines(_ path: String) throws -> [[UInt8]] {
        try ScratchDirectory.bytes(path).split(separator: 0x0A).map { Array($0) + [0x0A] }
    }

    private static func append(_ ledger: LedgerFile<Note>, _ text: String) throws {
        _ = try ledger.commit { _ in ([Note(text: text)], ()) }
    }

    @Test("deleting the last line is refused for writing with the line, and nothing is moved aside")
    func deletedLastLineIsRefused() throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 3)
        let path = ledger.path
        try ScratchDirectory.write(Array(try Self.lines(path).dropLast().joined()), to: path)
        let before = try ScratchDirectory.bytes(path)

        let verification = try LedgerFile<Note>.verify(path: path)
        #expect(verification.problems.map(\.line) == [4])
        #expect(verification.problems.first?.description.hasPrefix(
            "line 4 is missing or incomplete, but \(path).lock records that the ledger held 3 events") == true)
        #expect {
            try Self.append(LedgerFile<Note>(path: path), "after the cut")
        } throws: { error in
            "\(error)".contains("line 4 is missing") && "\(error)".contains("empty \(path).lock to accept it")
        }
        #expect(try ScratchDirectory.bytes(path) == before)
        #expect(directory.names().allSatisfy { !$0.contains(".torn") })
    }

    @Test("a committed last line whose newline was removed is reported, not moved aside as torn")
    func damagedLastLineIsNotMovedAside() throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 2)
        var bytes = try ScratchDirectory.bytes(ledger.path)
        bytes.removeLast()
        try ScratchDirectory.write(bytes, to: ledger.path)

        #expect(try LedgerFile<Note>.verify(path: ledger.path).problems.map(\.line) == [3])
        #expect(throws: LedgerError.self) { try Self.append(LedgerFile<Note>(path: ledger.path), "more") }
        #expect(try ScratchDirectory.bytes(ledger.path) == bytes)
        #expect(directory.names().allSatisfy { !$0.contains(".torn") })
    }

    @Test("a ledger cut inside its header is refused beside a mark", arguments: [1, 40])
    func emptiedLedgerIsRefused(keptBytes: Int) throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 2)
        try ScratchDirectory.write(Array(try ScratchDirectory.bytes(ledger.path).prefix(keptBytes)), to: ledger.path)
        let cut = try ScratchDirectory.bytes(ledger.path)

        #expect(try LedgerFile<Note>.verify(path: ledger.path).problems.map(\.line) == [1])
        #expect(throws: LedgerError.self) { try Self.append(LedgerFile<Note>(path: ledger.path), "again") }
        #expect(try ScratchDirectory.bytes(ledger.path) == cut)
    }

    @Test("an emptied ledger starts over, as a deleted one does")
    func emptiedLedgerStartsOver() throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 2)
        try ScratchDirectory.write([], to: ledger.path)
        try Self.append(LedgerFile<Note>(path: ledger.path), "new first")
        #expect(try LedgerFile<Note>.verify(path: ledger.path).lastSequence == 1)
    }

    /// A new ledger's first write can be cut short (and not cut back), or emptying the old
    /// mark can fail; either way a mark left by an older ledger that was moved aside must not
    /// make the new ledger look like it lost lines.
    @Test("a new ledger whose creation failed beside an old ledger's mark starts over", arguments: [1, 2])
    func failedNewLedgerBesideAnOldMark(failingTruncate: Int) throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 3)
        try FileManager.default.moveItem(atPath: ledger.path, toPath: ledger.path + ".old")
        let faults = FaultInjectingFileSystem()
        // Truncate call 1 empties the old mark, call 2 would cut the short write back.
        faults.shortenWrite(1, toByteCount: 30)
        faults.failCall(failingTruncate, of: .truncate, errno: EIO)
        let fresh = LedgerFile<Note>(path: ledger.path, fileSystem: faults)
        #expect(throws: LedgerError.self) { try Self.append(fresh, "first") }
        #expect(try ScratchDirectory.bytes(ledger.path).count == (failingTruncate == 1 ? 0 : 30))

        try Self.append(LedgerFile<Note>(path: ledger.path), "first, again")
        let verification = try LedgerFile<Note>.verify(path: ledger.path)
        #expect(verification.isIntact && verification.lastSequence == 1)
    }

    @Test("restoring an older copy on purpose is accepted once the lock file is emptied")
    func olderCopyAcceptedAfterEmptyingTheMark() throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 2)
        let older = try ScratchDirectory.bytes(ledger.path)
        try Self.append(ledger, "third")
        try ScratchDirectory.write(older, to: ledger.path)
        #expect(try !LedgerFile<Note>.verify(path: ledger.path).isIntact)

        try ScratchDirectory.write([], to: ledger.lockPath)
        #expect(try LedgerFile<Note>.verify(path: ledger.path).isIntact)
        try Self.append(LedgerFile<Note>(path: ledger.path), "third again")
        #expect(try LedgerFile<Note>.verify(path: ledger.path).isIntact)
        #expect(try ScratchDirectory.bytes(ledger.lockPath).starts(with: Array("storefront-ledger-mark 1 3 ".utf8)))
    }

    /// A writer that dies after flushing its lines but before recording the mark leaves the
    /// mark one commit behind: the ledger still verifies, and the next commit catches up.
    @Test("a mark lagging behind the ledger, as after a crash, is accepted and caught up")
    func laggingMarkIsAccepted() throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 2)
        let lagging = try ScratchDirectory.bytes(ledger.lockPath)
        try Self.append(ledger, "third")
        try ScratchDirectory.write(lagging, to: ledger.lockPath)

        #expect(try LedgerFile<Note>.verify(path: ledger.path).isIntact)
        try Self.append(LedgerFile<Note>(path: ledger.path), "fourth")
        #expect(try ScratchDirectory.bytes(ledger.lockPath).starts(with: Array("storefront-ledger-mark 1 4 ".utf8)))
        #expect(try LedgerFile<Note>.verify(path: ledger.path).isIntact)
    }

    @Test("a mark that was edited or comes from another ledger is reported with what to do")
    func damagedMarkIsReported() throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 3)
        var mark = try ScratchDirectory.bytes(ledger.lockPath)
        // Move the mark back to sequence 2 without its MAC: what a hand edit hiding a cut would do.
        let text = String(decoding: mark, as: UTF8.self).replacingOccurrences(of: " 3 ", with: " 2 ")
        mark = Array(text.utf8)
        try ScratchDirectory.write(mark, to: ledger.lockPath)

        let problems = try LedgerFile<Note>.verify(path: ledger.path).problems
        #expect(problems.count == 1)
        #expect(problems.first?.description.contains("the commit mark in \(ledger.lockPath) is damaged") == true)
        #expect(throws: LedgerError.self) { try Self.append(LedgerFile<Note>(path: ledger.path), "more") }
        try ScratchDirectory.write([], to: ledger.lockPath)
        #expect(try LedgerFile<Note>.verify(path: ledger.path).isIntact)
    }

    @Test("a ledger moved aside starts again beside the old mark")
    func newLedgerBesideAnOldMark() throws {
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 3)
        try FileManager.default.moveItem(atPath: ledger.path, toPath: ledger.path + ".old")
        try Self.append(LedgerFile<Note>(path: ledger.path), "first of the new ledger")
        let verification = try LedgerFile<Note>.verify(path: ledger.path)
        #expect(verification.isIntact)
        #expect(verification.lastSequence == 1)
        #expect(try ScratchDirectory.bytes(ledger.lockPath).starts(with: Array("storefront-ledger-mark 1 1 ".utf8)))
    }

    /// Recording the mark comes after the flush: a failure there must not report a durable
    /// commit as failed (a retry would buy twice); the lock file is emptied instead.
    @Test("a failing or short write of the mark keeps the commit and empties the mark", arguments: [0, 10])
    func failingMarkWriteKeepsTheCommit(shortByteCount: Int) throws {
        let faults = FaultInjectingFileSystem()
        let directory = try ScratchDirectory("mark")
        defer { withExtendedLifetime(directory) {} }
        let ledger = try Self.ledger(in: directory, events: 2, fileSystem: faults)
        faults.reset()
        // Write 1 appends the line; write 2 records the mark.
        if shortByteCount == 0 {
            faults.failCall(2, of: .write, errno: ENOSPC)
        } else {
            faults.shortenWrite(2, toByteCount: shortByteCount)
        }
        try Self.append(ledger, "third")
        #expect(faults.firedFaultCount == 1)
        #expect(try ScratchDirectory.bytes(ledger.lockPath).isEmpty)
        let verification = try LedgerFile<Note>.verify(path: ledger.path)
        #expect(verification.isIntact && verification.lastSequence == 3)
        try Self.append(ledger, "fourth")
        #expect(try ScratchDirectory.bytes(ledger.lockPath).starts(with: Array("storefront-ledger-mark 1 4 ".utf8)))
    }
}
