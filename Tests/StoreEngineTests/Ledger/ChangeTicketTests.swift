import Foundation
import Testing
@testable import StoreLedger

/// A change run under a ticket can be dropped until it begins (its writer lock taken), and
/// dropping it never lets it, or another change, through.
@Suite("Ledger file: changes dropped before they begin")
struct ChangeTicketTests {
    @Test("a commit under a ticket dropped while it waited for the lock throws changeAbandoned and writes nothing")
    func droppedCommitWritesNothing() throws {
        let directory = try LedgerTestDirectory()
        try directory.ledger().append([.purchase(5)])
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)
        let ticket = ChangeTicket()
        #expect(ticket.abandonUnlessBegun())
        #expect(ticket.isAbandoned && ticket.abandonUnlessBegun(), "asked again, it is still dropped")
        var decided = false
        #expect {
            try ticket.run {
                try directory.ledger().commit { _ in
                    decided = true
                    return ([LedgerTestEvent.spend(1)], ())
                }
            }
        } throws: { error in
            guard case LedgerError.changeAbandoned = error else { return false }
            return true
        }
        #expect(!decided, "nothing was decided, so nothing could be written")
        #expect(ticket.isFinished)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == before)
        #expect(try directory.ledger().append([.spend(1)]).map(\.sequence) == [2], "the lock was let go")
    }

    @Test("once its change began, a ticket cannot be dropped, and the change is recorded")
    func begunChangeCannotBeDropped() throws {
        let directory = try LedgerTestDirectory()
        // A ledger that is there: a missing one is first decided on before the lock is taken.
        try directory.ledger().append([.purchase(1)])
        let ticket = ChangeTicket()
        var droppedInside: Bool?
        let commit = try ticket.run {
            try directory.ledger().commit { _ in
                droppedInside = ticket.abandonUnlessBegun()
                return ([LedgerTestEvent.purchase(5)], ())
            }
        }
        #expect(droppedInside == false)
        #expect(!ticket.isAbandoned && ticket.isFinished)
        #expect(commit.appended.map(\.event) == [.purchase(5)])
    }

    @Test("a dropped ticket is its own change's only: a change on another thread, or after it, goes through")
    func droppedTicketStopsNoOtherChange() throws {
        let directory = try LedgerTestDirectory()
        let dropped = ChangeTicket()
        #expect(dropped.abandonUnlessBegun())
        // The dropped ticket is this thread's while its body runs; another thread commits meanwhile.
        let appended = try dropped.run { () throws -> [LedgerEntry<LedgerTestEvent>] in
            final class Outcome: @unchecked Sendable { var value: Result<[LedgerEntry<LedgerTestEvent>], any Error>? }
            let outcome = Outcome()
            let done = DispatchSemaphore(value: 0)
            let path = directory.ledgerPath
            Thread {
                outcome.value = Result { try LedgerFile<LedgerTestEvent>(path: path, now: { LedgerTestClock.fixed }).append([.purchase(1)]) }
                done.signal()
            }.start()
            done.wait()
            return try #require(outcome.value).get()
        }
        #expect(appended.map(\.sequence) == [1])
        let next = ChangeTicket()
        let after = try next.run { try directory.ledger().append([.purchase(2)]) }
        #expect(after.map(\.sequence) == [2])
    }
}
