import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StoreLedger

/// A reader that stays open (the storefront) notices damage done to the ledger while it
/// follows it, at the line a fresh reader would name, and notices the ledger mended again.
@Suite("Ledger following: damage and repair while a reader is open")
struct LedgerFollowingDamageTests {
    /// A ledger of four events (lines 2...5).
    static func fourEventLedger() throws -> LedgerTestDirectory {
        let directory = try LedgerTestDirectory()
        try directory.ledger().append([.purchase(5), .spend(2), .spend(1), .purchase(3)])
        return directory
    }

    /// A reader that has read all of `directory`'s ledger.
    static func follower(of directory: borrowing LedgerTestDirectory) throws -> LedgerFile<LedgerTestEvent> {
        let follower = directory.ledger()
        #expect(try follower.readNew().entries.count == 4)
        return follower
    }

    /// A store following `directory`'s ledger, opened after another store bought `purchases`
    /// packs of rage faces there.
    static func followingStore(in directory: borrowing LedgerTestDirectory, purchases: Int) throws -> Store {
        let catalog = try CatalogLoader.loadBundled()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        let writer = try Store(catalog: catalog, log: try LedgerEventLog.open(path: directory.ledgerPath), clock: clock)
        for _ in 0..<purchases { _ = try writer.purchase(Rage.face, buyer: phone, storefront: "USA") }
        return try Store(catalog: catalog, log: try LedgerEventLog.open(path: directory.ledgerPath), clock: clock)
    }

    @Test("a line before the reader's position edited to another length is reported at that line, as on opening")
    func earlierLineLengthened() throws {
        let directory = try Self.fourEventLedger()
        let follower = try Self.follower(of: directory)
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines[2] = lines[2].replacingOccurrences(of: #""amount":2"#, with: #""amount":22"#)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)

        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.problems == [.tampered(line: 3)])
        #expect(update.entries.map(\.event.amount) == [5])
        #expect(follower.problems == [.tampered(line: 3)])
    }

    @Test("a commit after such an edit is refused and moves nothing aside as a torn line")
    func earlierLineLengthenedRefusesCommit() throws {
        let directory = try Self.fourEventLedger()
        let follower = try Self.follower(of: directory)
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines[1] = lines[1].replacingOccurrences(of: #""amount":5"#, with: #""amount":555"#)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)

        #expect(throws: LedgerError.self) { try follower.append([.spend(1)]) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == before)
        #expect(follower.lastTornTail == nil)
        #expect(follower.problems == [.tampered(line: 2)])
    }

    @Test("a damaged ledger restored in place from a longer copy is read again from its first line, clean")
    func restoredFromLongerCopy() throws {
        let directory = try LedgerTestDirectory()
        let writer = directory.ledger()
        try writer.append([.purchase(5), .spend(2), .spend(1), .purchase(3)])
        let fourEvents = try LedgerTestFiles.bytes(directory.ledgerPath)
        try writer.append([.spend(1), .spend(1)])
        let sixEvents = try LedgerTestFiles.bytes(directory.ledgerPath)
        try LedgerTestFiles.write(fourEvents + Array("{\"seq\":5}\n".utf8), to: directory.ledgerPath)
        let follower = directory.ledger()
        #expect(!(try follower.readNew().problems.isEmpty))

        try LedgerTestFiles.write(sixEvents, to: directory.ledgerPath)
        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.problems.isEmpty)
        #expect(update.entries.count == 6)
        #expect(follower.problems.isEmpty)
    }

    @Test("an appended line that does not verify is reported by a follower, and `repair` clears it")
    func appendedLineThenRepair() throws {
        let directory = try Self.fourEventLedger()
        let follower = try Self.follower(of: directory)
        try LedgerTestFiles.append(Array("{\"seq\":5,\"kind\":\"purchase\",\"amount\":9}\n".utf8), to: directory.ledgerPath)
        #expect(try follower.readNew().problems == [.malformed(line: 6, reason: "it does not end with a MAC field")])

        _ = try LedgerFile<LedgerTestEvent>.repair(path: directory.ledgerPath)
        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.entries.count == 4)
        #expect(follower.problems.isEmpty)
    }

    @Test("the store's refresh says something changed when damage arrives with no event, and again when it is mended")
    func storeRefreshReportsProblems() throws {
        let directory = try LedgerTestDirectory()
        let follower = try Self.followingStore(in: directory, purchases: 1)
        #expect(try follower.refresh() == false)

        try LedgerTestFiles.append(Array("{\"seq\":2}\n".utf8), to: directory.ledgerPath)
        #expect(follower.hasExternalChanges())
        #expect(try follower.refresh())
        #expect(follower.ledgerProblems.count == 1)

        _ = try LedgerEventLog.repair(path: directory.ledgerPath)
        #expect(try follower.refresh())
        #expect(follower.ledgerProblems.isEmpty)
        #expect(follower.snapshot.balance(of: "rage-faces", for: phone) == 5)
    }
}
