import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StoreLedger

/// Reading a ledger in parts of bounded size, as a store opening a large ledger does.
@Suite("Ledger file: reading in parts")
struct LedgerPartialReadTests {
    @Test("parts hold whole lines, say when more is waiting, and together hold every event once")
    func partsCoverTheLedger() throws {
        let directory = try LedgerTestDirectory()
        let events = (1...50).map { LedgerTestEvent.purchase($0) }
        _ = try directory.ledger().append(events)

        let reader = directory.ledger()
        var parts: [LedgerUpdate<LedgerTestEvent>] = []
        repeat {
            parts.append(try reader.readNew(upTo: 300))
        } while parts.last?.isPartial == true
        #expect(parts.count > 3)
        #expect(parts.dropLast().allSatisfy { $0.isPartial })
        #expect(parts.flatMap(\.entries).map(\.event) == events)
        #expect(parts.flatMap(\.entries).map(\.sequence) == Array(1...50))
        #expect(parts.allSatisfy { $0.problems.isEmpty })
        #expect(reader.hasChanged() == false)
        #expect(try reader.readNew(upTo: 300).entries.isEmpty)
    }

    @Test("a line longer than the part size is read whole")
    func longLine() throws {
        let directory = try LedgerTestDirectory()
        let long = LedgerTestEvent(kind: "purchase", amount: 1, note: String(repeating: "x", count: 2_000))
        _ = try directory.ledger().append([.purchase(1), long, .spend(1)])

        let reader = directory.ledger()
        var events: [LedgerTestEvent] = []
        var reads = 0
        var update: LedgerUpdate<LedgerTestEvent>
        repeat {
            update = try reader.readNew(upTo: 100)
            events += update.entries.map(\.event)
            reads += 1
        } while update.isPartial && reads < 10
        #expect(events == [.purchase(1), long, .spend(1)])
    }

    @Test("verify reads a ledger larger than one part completely")
    func verifyLargeLedger() throws {
        let directory = try LedgerTestDirectory()
        let note = String(repeating: "n", count: 1_000)
        let events = (1...3_000).map { LedgerTestEvent(kind: "purchase", amount: $0, note: note) }
        _ = try directory.ledger().append(events)
        let verification = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(verification.entryCount == 3_000)
        #expect(verification.lastSequence == 3_000)
        #expect(verification.problems.isEmpty)
    }

    @Test("a store folds a ledger larger than one part exactly as the events say")
    func storeFoldsInParts() throws {
        let directory = try LedgerTestDirectory()
        let catalog = try CatalogLoader.loadBundled()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        let writer = try Store(catalog: catalog, log: LedgerEventLog.open(path: directory.ledgerPath), clock: clock)
        var spendEvents: [StoreEvent] = []
        for index in 0..<20_000 {
            var spend = StoreEvent(kind: .spend, time: clock.now(), app: catalog.bundleID, account: "tester", device: "phone")
            spend.credit = "rage-faces"
            spend.amount = 1
            spend.spendId = "spend-\(index)"
            spendEvents.append(spend)
        }
        _ = try writer.purchase("com.example.rage.face.random", buyer: phone, storefront: "USA")
        let file = LedgerFile<StoreEvent>(path: directory.ledgerPath)
        _ = try file.commit { _ in (spendEvents, ()) }
        _ = try writer.purchase("com.example.rage.face.random", buyer: phone, storefront: "USA")
        #expect(try FileManager.default.attributesOfItem(atPath: directory.ledgerPath)[.size] as? Int ?? 0
                > 2 * LedgerFile<StoreEvent>.readPartBytes)

        let reader = try Store(catalog: catalog, log: LedgerEventLog.open(path: directory.ledgerPath), clock: clock)
        #expect(reader.snapshot.eventCount == 20_002)
        #expect(reader.balance(of: "rage-faces", for: phone) == 5)
        #expect(reader.transactions(for: "tester").count == 2)
        #expect(reader.ledgerProblems.isEmpty)
    }
}
