import Foundation
import Glibc
import Testing
@testable import StoreEngine
@testable import StoreLedger
@testable import StorefrontTesting

/// Failing file operations leave the ledger exactly as it was, and a later commit succeeds.
@Suite("Ledger faults: failing writes, flushes, locks")
struct LedgerFaultTests {
    /// A ledger with two events, written through `fileSystem`, whose counts are then reset.
    private static func twoEventLedger(
        _ directory: borrowing LedgerTestDirectory, _ fileSystem: FaultInjectingFileSystem
    ) throws -> LedgerFile<LedgerTestEvent> {
        let ledger = directory.ledger(fileSystem: fileSystem)
        try ledger.append([.purchase(5), .spend(2)])
        fileSystem.reset()
        return ledger
    }

    /// Checks that the failed commit left the file as `before`, then that a retry works.
    private static func expectUnchangedThenRetry(
        _ directory: borrowing LedgerTestDirectory, _ ledger: LedgerFile<LedgerTestEvent>, before: [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == before, sourceLocation: sourceLocation)
        #expect(try ledger.append([.spend(1)]).map(\.sequence) == [3], sourceLocation: sourceLocation)
        let verification = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(verification.isIntact, sourceLocation: sourceLocation)
        #expect(verification.entryCount == 3, sourceLocation: sourceLocation)
    }

    @Test("a failing write throws and changes nothing", arguments: [EIO, ENOSPC])
    func failingWrite(code: Int32) throws {
        let directory = try LedgerTestDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let ledger = try Self.twoEventLedger(directory, fileSystem)
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)
        fileSystem.failCall(1, of: .write, errno: code)

        #expect {
            try ledger.append([.spend(1)])
        } throws: { error in
            guard case LedgerError.appendFailed(let path, let cause) = error else { return false }
            return path == directory.ledgerPath && cause.code == code
                && "\(error)".hasSuffix("Nothing was written; the ledger is unchanged")
        }
        #expect(fileSystem.firedFaultCount == 1)
        try Self.expectUnchangedThenRetry(directory, ledger, before: before)
    }

    @Test("a short write is cut back, throws, and changes nothing")
    func shortWrite() throws {
        let directory = try LedgerTestDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let ledger = try Self.twoEventLedger(directory, fileSystem)
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)
        fileSystem.shortenWrite(1, toByteCount: 10)

        #expect {
            try ledger.append([.spend(1), .spend(1)])
        } throws: { error in
            guard case LedgerError.shortWrite(_, let written, _) = error else { return false }
            return written == 10
        }
        #expect(fileSystem.firedFaultCount == 1)
        try Self.expectUnchangedThenRetry(directory, ledger, before: before)
    }

    @Test("a failing fdatasync fails the commit and the appended lines are cut off", arguments: [EIO, ENOSPC])
    func failingFlush(code: Int32) throws {
        let directory = try LedgerTestDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let ledger = try Self.twoEventLedger(directory, fileSystem)
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)
        fileSystem.failCall(1, of: .synchronize, errno: code)

        #expect {
            try ledger.append([.spend(1)])
        } throws: { error in
            guard case LedgerError.appendFailed(_, let cause) = error else { return false }
            return cause.operation == .synchronize && cause.code == code
        }
        #expect(fileSystem.firedFaultCount == 1)
        try Self.expectUnchangedThenRetry(directory, ledger, before: before)
    }

    @Test("when cutting back fails too, the error says so and the next writer moves the rest aside")
    func failingRollback() throws {
        let directory = try LedgerTestDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let ledger = try Self.twoEventLedger(directory, fileSystem)
        fileSystem.shortenWrite(1, toByteCount: 10)
        fileSystem.failCall(1, of: .truncate, errno: EIO)

        #expect {
            try ledger.append([.spend(1)])
        } throws: { error in
            guard case LedgerError.rollbackFailed(_, _, let cause, let rollback) = error else { return false }
            return cause == "only 10 of \(LedgerFaultTests.lineLength(sequence: 3)) bytes were written"
                && rollback.operation == .truncate
        }
        let commit = try ledger.commit { _ in ([LedgerTestEvent.spend(1)], ()) }
        #expect(commit.others.tornTails.map(\.byteCount) == [10])
        #expect(commit.appended.map(\.sequence) == [3])
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).isIntact)
    }

    @Test("a failing lock throws before anything is read or written")
    func failingLock() throws {
        let directory = try LedgerTestDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let ledger = try Self.twoEventLedger(directory, fileSystem)
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)
        fileSystem.failCall(1, of: .lock, errno: ENOLCK)

        #expect {
            try ledger.append([.spend(1)])
        } throws: { error in
            guard case LedgerError.fileSystem(let cause) = error else { return false }
            return cause.operation == .lock && cause.path == directory.ledgerPath + ".lock"
        }
        #expect(fileSystem.callCount(of: .write) == 0)
        try Self.expectUnchangedThenRetry(directory, ledger, before: before)
    }

    @Test("a failing unlock does not fail a commit that is already durable")
    func failingUnlock() throws {
        let directory = try LedgerTestDirectory()
        let fileSystem = FaultInjectingFileSystem()
        let ledger = try Self.twoEventLedger(directory, fileSystem)
        fileSystem.failCall(1, of: .unlock, errno: EIO)

        #expect(try ledger.append([.spend(1)]).map(\.sequence) == [3])
        #expect(fileSystem.firedFaultCount == 1)
        #expect(try ledger.append([.spend(1)]).map(\.sequence) == [4])
    }

    @Test("a failing read throws and the next read returns everything")
    func failingRead() throws {
        let directory = try LedgerTestDirectory()
        try directory.ledger().append([.purchase(5), .spend(2)])
        let fileSystem = FaultInjectingFileSystem()
        let reader = directory.ledger(fileSystem: fileSystem)
        // Reads 1 and 2 are the commit mark's (the second finds its end), read before the ledger.
        fileSystem.failCall(3, of: .read, errno: EIO)

        #expect(throws: LedgerError.self) { try reader.readNew() }
        #expect(try reader.readNew().entries.map(\.sequence) == [1, 2])
    }

    /// The byte length of the line `LedgerTestEvent.spend(1)` gets as event `sequence`.
    private static func lineLength(sequence: Int) -> Int {
        #"{"seq":\#(sequence),"amount":1,"kind":"spend","mac":""#.utf8.count + 64 + 3
    }

    /// Starting a ledger in a new directory and appending to it, with each call of one
    /// operation failing in turn (and once with no failure).
    ///
    /// Whatever fails, a fault-free reader must then find exactly the events of the commits
    /// that succeeded, no problems, and a fault-free writer must be able to continue.
    @Test("every single failing call leaves a consistent ledger", arguments: FileOperation.allCases)
    func everyFailingCall(operation: FileOperation) throws {
        let counting = FaultInjectingFileSystem()
        do {
            let directory = try LedgerTestDirectory(ledgerName: "data/entitlements.jsonl")
            try Self.startAndAppend(directory, counting)
        }
        let callCount = counting.callCount(of: operation)
        for call in 0..<(callCount + 1) {
            let directory = try LedgerTestDirectory(ledgerName: "data/entitlements.jsonl")
            let fileSystem = FaultInjectingFileSystem()
            fileSystem.failCall(call + 1, of: operation, errno: EIO)
            let expected = try Self.startAndAppend(directory, fileSystem)
            #expect(fileSystem.firedFaultCount == (call < callCount ? 1 : 0))

            let reader = directory.ledger()
            let update = try reader.readNew()
            #expect(update.entries.map(\.event) == expected, "failing \(operation) call \(call + 1)")
            #expect(update.problems.isEmpty, "failing \(operation) call \(call + 1)")
            let next = try reader.append([.purchase(7)])
            #expect(next.map(\.sequence) == [expected.count + 1], "failing \(operation) call \(call + 1)")
            #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).isIntact)
        }
    }

    /// Two commits by two instances sharing `fileSystem`, then a read by a third; returns
    /// the events of the commits that succeeded.
    @discardableResult
    private static func startAndAppend(
        _ directory: borrowing LedgerTestDirectory, _ fileSystem: FaultInjectingFileSystem
    ) throws -> [LedgerTestEvent] {
        var committed: [LedgerTestEvent] = []
        for events in [[LedgerTestEvent.purchase(5)], [.spend(1), .spend(2)]] {
            let ledger = directory.ledger(fileSystem: fileSystem)
            let before = try currentBytes(directory)
            do {
                try ledger.append(events)
                committed += events
            } catch {
                #expect(try currentBytes(directory) == before, "a failed commit changed the file: \(error)")
            }
        }
        let reader = directory.ledger(fileSystem: fileSystem)
        if let update = try? reader.readNew() {
            #expect(update.entries.map(\.event) == committed)
        }
        return committed
    }

    private static func currentBytes(_ directory: borrowing LedgerTestDirectory) throws -> [UInt8] {
        LedgerTestFiles.exists(directory.ledgerPath) ? try LedgerTestFiles.bytes(directory.ledgerPath) : []
    }
}
