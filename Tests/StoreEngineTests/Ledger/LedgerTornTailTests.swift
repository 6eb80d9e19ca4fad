import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger

/// An incomplete last line, as a crash mid-write leaves it, is moved aside, never lost.
@Suite("Ledger torn tail")
struct LedgerTornTailTests {
    @Test("the next writer moves an incomplete last line into a side file and the ledger verifies")
    func tornTailMovedAside() throws {
        let directory = try LedgerTestDirectory()
        try directory.ledger().append([.purchase(5), .spend(2)])
        let intact = try LedgerTestFiles.bytes(directory.ledgerPath)
        let torn = Array(#"{"seq":3,"amount":1,"ki"#.utf8)
        try LedgerTestFiles.append(torn, to: directory.ledgerPath)

        let before = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(before.isIntact)
        #expect(before.incompleteLastLineBytes == torn.count)
        #expect(try directory.ledger().readNew().entries.count == 2)

        let commit = try directory.ledger().commit { _ in ([LedgerTestEvent.spend(1)], ()) }
        #expect(commit.others.tornTails.count == 1)
        let report = try #require(commit.others.tornTails.first)
        #expect(report.movedTo == directory.ledgerPath + ".torn-20250102T030405Z")
        #expect(report.byteCount == torn.count)
        #expect(report.line == 4)
        #expect("\(report)".contains("moved to \(report.movedTo)"))
        #expect(try LedgerTestFiles.bytes(report.movedTo) == torn)
        #expect(try LedgerTestFiles.permissions(report.movedTo) == 0o600)
        #expect(commit.appended.map(\.sequence) == [3])
        #expect(commit.appended.map(\.line) == [4])

        let after = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(after.isIntact)
        #expect(after.incompleteLastLineBytes == 0)
        #expect(after.entryCount == 3)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath).starts(with: intact))
    }

    @Test("a second torn line in the same second gets its own side file")
    func sideFilesDoNotCollide() throws {
        let directory = try LedgerTestDirectory()
        let ledger = directory.ledger()
        try ledger.append([.purchase(5)])
        try LedgerTestFiles.append(Array("{\"seq\":2".utf8), to: directory.ledgerPath)
        let first = try #require(try ledger.commit { _ in ([LedgerTestEvent.spend(1)], ()) }.others.tornTails.first)
        try LedgerTestFiles.append(Array("{\"seq\":3,".utf8), to: directory.ledgerPath)
        let second = try #require(try ledger.commit { _ in ([LedgerTestEvent.spend(1)], ()) }.others.tornTails.first)

        #expect(first.movedTo == directory.ledgerPath + ".torn-20250102T030405Z")
        #expect(second.movedTo == directory.ledgerPath + ".torn-20250102T030405Z-2")
        #expect(try LedgerTestFiles.bytes(second.movedTo) == Array("{\"seq\":3,".utf8))
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).entryCount == 3)
    }

    @Test("a header torn while the ledger was being created is moved aside and the ledger started again")
    func tornHeader() throws {
        let directory = try LedgerTestDirectory()
        try LedgerTestFiles.write(Array(#"{"format":"storefront-le"#.utf8), to: directory.ledgerPath)

        let commit = try directory.ledger().commit { others in ([LedgerTestEvent.purchase(5)], others.entries.count) }
        #expect(commit.result == 0)
        #expect(commit.others.tornTails.map(\.line) == [1])
        #expect(commit.appended.map(\.sequence) == [1])
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).isIntact)
    }

    @Test("when the decision fails after a torn line was moved aside, the next read still reports it")
    func tornTailReportSurvivesFailedCommit() throws {
        struct Declined: Error {}
        let directory = try LedgerTestDirectory()
        let ledger = directory.ledger()
        try ledger.append([.purchase(5)])
        try LedgerTestFiles.append(Array("{\"seq\":2".utf8), to: directory.ledgerPath)

        var seen: [TornTailReport] = []
        #expect(throws: Declined.self) {
            try ledger.commit { others in
                seen = others.tornTails
                throw Declined()
            } as LedgerCommit<LedgerTestEvent, Void>
        }
        #expect(seen.map(\.byteCount) == [8])
        #expect(try ledger.readNew().tornTails == seen)
        #expect(try ledger.readNew().tornTails.isEmpty)
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).incompleteLastLineBytes == 0)
    }

    @Test("reports count one byte in the singular")
    func oneByteInTheSingular() {
        let torn = TornTailReport(ledgerPath: "e.jsonl", movedTo: "e.jsonl.torn", line: 3, byteCount: 1)
        #expect(torn.description.contains("(1 byte, probably"), "\(torn)")
        let repair = LedgerRepair(path: "e.jsonl", keptLines: 2, lastKeptSequence: 1, movedTo: "e.jsonl.damaged", firstMovedLine: 3,
                                  movedLines: 1, movedBytes: 1, firstProblem: nil, markRewritten: false)
        #expect(repair.description.contains("(1 byte) to e.jsonl.damaged"), "\(repair)")
        let verification = LedgerVerification(path: "e.jsonl", lineCount: 2, entryCount: 1, lastSequence: 1,
                                              problems: [], incompleteLastLineBytes: 1)
        #expect(verification.description.contains("intact, 1 event,") && verification.description.contains("(1 byte)"),
                "\(verification)")
    }
}
