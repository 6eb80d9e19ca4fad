import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StoreLedger

/// Checkpoints: a store opened from one folds to exactly the state a full read gives, and
/// any checkpoint that does not fit the ledger (or the catalog) is passed over.
@Suite("Store: checkpoints of the folded state")
struct StoreCheckpointTests {
    let catalog: Catalog
    let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))

    init() throws { catalog = try CatalogLoader.loadBundled() }

    private func open(_ path: String, interval: Int = 5) throws -> (Store, LedgerEventLog) {
        let log = try LedgerEventLog.open(path: path)
        return (try Store(catalog: catalog, log: log, clock: clock, checkpointInterval: interval), log)
    }

    /// Every kind of event the Rage catalog allows, from two accounts on three devices.
    private func shop(in store: Store) throws {
        let other = Buyer(account: "second", device: "laptop")
        for buyer in [phone, other] {
            _ = try store.purchase(Rage.face, buyer: buyer, storefront: "USA")
            _ = try store.purchase(Rage.lives, buyer: buyer, storefront: "DEU")
            _ = try store.purchase(Rage.drummer, buyer: buyer, storefront: "JPN")
            _ = try store.purchase(Rage.monthly, buyer: buyer, storefront: "USA")
            _ = try store.purchase(Rage.season, buyer: buyer, storefront: "GBR")
            _ = try store.purchase(Rage.newsletter, buyer: buyer, storefront: "USA")
            _ = try store.spend("rage-faces", amount: 2, buyer: buyer)
        }
        _ = try store.purchase(Rage.nightly, buyer: phone, storefront: "USA", simulate: .cancel)
        _ = try store.restore(tablet)
        if let face = store.transactions(for: "tester").first(where: { $0.productID == Rage.face }) {
            _ = try store.refund(face.id)
        }
        // A revoked subscription keeps when it was revoked.
        if let monthly = store.transactions(for: "tester").first(where: { $0.productID == Rage.monthly }) {
            _ = try store.refund(monthly.id)
        }
        try store.set(.purchasesAllowed, to: "false", for: Buyer(account: "second", device: "kiosk"))
        try store.set(.askToBuy, to: "true", for: phone)
        // Settled requests keep what they waited in and where they were settled.
        let approved = try #require(try store.purchase(Rage.nightly, buyer: phone, storefront: "USA").transaction)
        _ = try store.approve(approved.id)
        let declined = try #require(try store.purchase(Rage.face, buyer: phone, storefront: "USA").transaction)
        _ = try store.decline(declined.id)
        #expect(store.snapshot.transactions[approved.id]?.settledFrom == .pending && store.snapshot.transactions[declined.id]?.settledFrom == .pending)
        #expect((store.snapshot.transactions[approved.id]?.settledOrder ?? .max) < (store.snapshot.transactions[declined.id]?.settledOrder ?? 0))
        try store.set(.receiptSharedSecret, to: "0123456789abcdef", for: phone)
        try store.inject(InjectedFailure(error: .network, once: true), into: .restore, buyer: phone)
        _ = try store.cancelRenewal(Rage.monthly, buyer: other)
        _ = try store.advance(by: try #require(StoreDuration("40d")), buyer: phone)
        try store.resetDevice(tablet)
    }

    /// The shopping history written at `path` by a store (returned), then opened once more so
    /// that a checkpoint is saved; and where that checkpoint is.
    private func shoppedLedgerWithCheckpoint(at path: String) throws -> (writer: Store, checkpointPath: String) {
        let (writer, _) = try open(path, interval: 1_000)
        try shop(in: writer)
        _ = try open(path)
        return (writer, path + ".checkpoint-" + catalog.bundleID)
    }

    /// Everything a buyer could observe of a state.
    private func digest(_ state: LedgerState) -> String {
        let devices = ["phone", "tablet", "laptop", "kiosk"]
        let delivered = state.transactions.flatMap { id, record in
            devices.filter { state.isDelivered(id, to: Buyer(account: record.account, device: $0)) }.map { "\(id)@\($0)" }
        }
        return [
            "\(state.transactions.values)", "\(state.balances.sorted { "\($0.key)" < "\($1.key)" })",
            "\(state.subscriptions.sorted { $0.key < $1.key })", "\(state.settings)", "\(state.timeline)",
            "\(state.accounts) \(state.devices) \(state.eventCount) \(state.highestTransactionNumber)",
            "\(delivered) \(state.renewalKeys.sorted()) \(state.purchasesDisallowed.sorted())",
            "\(state.nextOutcome.sorted { $0.key < $1.key })",
        ].joined(separator: "\n")
    }

    @Test("a state written into a checkpoint reads back equal in everything a buyer sees")
    func roundTrip() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        try shop(in: store)
        let state = store.snapshot
        let payload = state.checkpointPayload(initialSettings: StoreSettings())
        let back = try LedgerState(checkpointPayload: payload[...], app: catalog.bundleID,
                                   creditScopes: state.creditScopes, initialSettings: StoreSettings())
        #expect(digest(back) == digest(state))
        #expect(back.hasSpend(id: "none") == false)
        #expect(state.transactions.count > 10 && back.transactions == state.transactions)
    }

    /// The shopping history folded anew, each event first changed by `edit` (given its index),
    /// and the store that wrote it.
    private func refolded(editing edit: (Int, inout StoreEvent) -> Void) throws -> (state: LedgerState, store: Store) {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        try shop(in: store)
        var state = LedgerState(app: catalog.bundleID, creditScopes: store.snapshot.creditScopes)
        for (index, original) in fixture.log.allEvents.enumerated() {
            var event = original
            edit(index, &event)
            state.apply(event, sequence: index + 1)
        }
        return (state, store)
    }

    @Test("the other apps whose events the ledger holds are named, and kept through a checkpoint")
    func otherAppsSurviveACheckpoint() throws {
        let (state, store) = try refolded { index, event in
            if index.isMultiple(of: 3) { event.app = index.isMultiple(of: 2) ? "com.example.shooter" : "com.example.magazine" }
        }
        #expect(state.otherApps == ["com.example.shooter", "com.example.magazine"])
        let payload = state.checkpointPayload(initialSettings: StoreSettings())
        let back = try LedgerState(checkpointPayload: payload[...], app: catalog.bundleID,
                                   creditScopes: state.creditScopes, initialSettings: StoreSettings())
        #expect(back.otherApps == state.otherApps)
        #expect(store.snapshot.otherApps.isEmpty, "a ledger of one app names no other")
    }

    /// The payload's bytes for a fixed history; when they change, so must the layout's name.
    @Test("the payload layout is pinned: a change to it needs a new LedgerState.checkpointLayout")
    func layoutIsPinned() throws {
        let (state, _) = try refolded { index, event in
            if event.spendId != nil {
                // Spend ids are random UUIDs; fixed ones of both spellings keep the bytes stable.
                let digits = String(index)
                event.spendId = index.isMultiple(of: 2)
                    ? "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits
                    : "spend-\(index)"
            }
        }
        let payload = state.checkpointPayload(initialSettings: StoreSettings())
        // FNV-1a, 64 bits.
        let digest = payload.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        #expect(String(digest, radix: 16) == "60dcba1636eb0780", """
            The checkpoint payload's layout changed (\(LedgerState.checkpointLayout)). Give \
            LedgerState.checkpointLayout a new name so older checkpoints are passed over, then put \
            the new digest here.
            """)
    }

    @Test("a checkpoint of another app or other catalog settings, or cut short anywhere, is refused")
    func refusals() throws {
        let store = try StoreFixture().store()
        try shop(in: store)
        let state = store.snapshot
        let payload = state.checkpointPayload(initialSettings: StoreSettings())
        #expect(throws: CheckpointFormatError.self) {
            try LedgerState(checkpointPayload: payload[...], app: "com.example.other", creditScopes: state.creditScopes, initialSettings: StoreSettings())
        }
        var askToBuy = StoreSettings()
        askToBuy.askToBuy = true
        #expect(throws: CheckpointFormatError.self) {
            try LedgerState(checkpointPayload: payload[...], app: catalog.bundleID, creditScopes: state.creditScopes,
                            initialSettings: askToBuy)
        }
        for end in stride(from: 0, to: payload.count, by: 7) {
            #expect(throws: CheckpointFormatError.self) {
                try LedgerState(checkpointPayload: payload[..<end], app: catalog.bundleID, creditScopes: state.creditScopes, initialSettings: StoreSettings())
            }
        }
    }

    @Test("opening saves a checkpoint after folding enough events, and the next opening resumes from it")
    func savedAndUsed() throws {
        let directory = try LedgerTestDirectory()
        let (writer, _) = try open(directory.ledgerPath, interval: 1_000)
        try shop(in: writer)
        let checkpointPath = directory.ledgerPath + ".checkpoint-" + catalog.bundleID
        #expect(!FileManager.default.fileExists(atPath: checkpointPath))

        let (first, firstLog) = try open(directory.ledgerPath)
        #expect(firstLog.file.cursor.resumePoint == nil)
        #expect(FileManager.default.fileExists(atPath: checkpointPath))
        let mode = try FileManager.default.attributesOfItem(atPath: checkpointPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        _ = try writer.purchase(Rage.face, buyer: tablet, storefront: "USA")
        let (second, secondLog) = try open(directory.ledgerPath)
        #expect(secondLog.file.cursor.resumePoint?.isConfirmed == true)
        #expect(digest(second.snapshot) == digest(writer.snapshot))
        #expect(digest(first.snapshot) != digest(second.snapshot))
        #expect(second.ledgerProblems.isEmpty)
        // The store resumed from the checkpoint commits as any other (Ask to Buy, set before the
        // checkpoint, still holds the purchase for approval).
        let before = second.snapshot.eventCount
        let outcome = try second.purchase(Rage.lives, buyer: tablet, storefront: "USA")
        #expect(!outcome.isPurchased && outcome.transaction?.state == .pending)
        #expect(second.snapshot.eventCount == before + 1)
        try writer.refresh()
        #expect(digest(writer.snapshot) == digest(second.snapshot))
    }

    @Test("what takes the checkpoint's place and is no checkpoint of this user's is left as it is, and none is saved (before: replaced by the opening's checkpoint, even a FIFO or a file of notes)",
          arguments: ["fifo", "notes", "link", "directory", "checkpoint"])
    func whatTakesTheCheckpointsPlaceIsKept(planted: String) throws {
        let directory = try LedgerTestDirectory()
        let (writer, _) = try open(directory.ledgerPath, interval: 1_000)
        try shop(in: writer)
        let checkpointPath = directory.ledgerPath + ".checkpoint-" + catalog.bundleID
        let target = directory.path + "/target.txt"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("kept".utf8)))
        switch planted {
        case "fifo": #expect(mkfifo(checkpointPath, 0o600) == 0)
        case "notes": #expect(FileManager.default.createFile(atPath: checkpointPath, contents: Data("my notes\n".utf8)))
        case "link": try FileManager.default.createSymbolicLink(atPath: checkpointPath, withDestinationPath: target)
        case "directory": try FileManager.default.createDirectory(atPath: checkpointPath, withIntermediateDirectories: false)
        default: _ = try open(directory.ledgerPath)
        }
        let before = try FileManager.default.attributesOfItem(atPath: checkpointPath)
        let beforeBytes = planted == "notes" ? FileManager.default.contents(atPath: checkpointPath) : nil
        // More events than the interval after any checkpoint, so that the opening saves one
        // (Ask to Buy, which the history turned on, would hold all but the first).
        try writer.set(.askToBuy, to: "false", for: phone)
        for _ in 0..<6 { _ = try writer.purchase(Rage.face, buyer: tablet, storefront: "USA") }
        let (opened, _) = try open(directory.ledgerPath)
        #expect(digest(opened.snapshot) == digest(writer.snapshot))
        let after = try FileManager.default.attributesOfItem(atPath: checkpointPath)
        if planted == "checkpoint" {
            #expect(after[.systemFileNumber] as? Int != before[.systemFileNumber] as? Int, "an older checkpoint is replaced")
        } else {
            #expect(after[.type] as? FileAttributeType == before[.type] as? FileAttributeType)
            #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int, "the planted \(planted) is kept")
            #expect(FileManager.default.contents(atPath: target) == Data("kept".utf8))
            if let beforeBytes { #expect(FileManager.default.contents(atPath: checkpointPath) == beforeBytes) }
        }
    }

    @Test("a changed checkpoint file, or a ledger that no longer holds its line, means a full read")
    func unusableCheckpoints() throws {
        let directory = try LedgerTestDirectory()
        let (writer, checkpointPath) = try shoppedLedgerWithCheckpoint(at: directory.ledgerPath)
        let saved = try Data(contentsOf: URL(fileURLWithPath: checkpointPath))
        let expected = digest(writer.snapshot)

        // One byte of the payload changed: its MAC no longer matches.
        var changed = saved
        changed[changed.count / 2] ^= 0x01
        try changed.write(to: URL(fileURLWithPath: checkpointPath))
        let (afterChange, changedLog) = try open(directory.ledgerPath, interval: 1_000_000)
        #expect(changedLog.file.cursor.resumePoint == nil)
        #expect(digest(afterChange.snapshot) == expected)

        // The ledger cut back before the checkpoint's line: read from the start, no checkpoint.
        try saved.write(to: URL(fileURLWithPath: checkpointPath))
        let ledger = try Data(contentsOf: URL(fileURLWithPath: directory.ledgerPath))
        let lines = ledger.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let shorter = Data(lines.prefix(lines.count - 4).map { Data($0) + Data([UInt8(ascii: "\n")]) }.joined())
        try shorter.write(to: URL(fileURLWithPath: directory.ledgerPath))
        try Data().write(to: URL(fileURLWithPath: directory.ledgerPath + ".lock"))
        let (cut, cutLog) = try open(directory.ledgerPath, interval: 1_000_000)
        #expect(cutLog.file.cursor.resumePoint == nil)
        #expect(cut.snapshot.eventCount == writer.snapshot.eventCount - 3)
    }

    @Test("a FIFO or an oversized file where the checkpoint goes is not read")
    func oddCheckpointFiles() throws {
        let directory = try LedgerTestDirectory()
        let (writer, _) = try open(directory.ledgerPath, interval: 1_000)
        try shop(in: writer)
        let checkpointPath = directory.ledgerPath + ".checkpoint-" + catalog.bundleID
        #expect(mkfifo(checkpointPath, 0o600) == 0)
        let (withFIFO, fifoLog) = try open(directory.ledgerPath, interval: 1_000_000)
        #expect(fifoLog.file.cursor.resumePoint == nil)
        #expect(digest(withFIFO.snapshot) == digest(writer.snapshot))
        try FileManager.default.removeItem(atPath: checkpointPath)

        // A properly signed checkpoint, but larger than any fold of this ledger could be.
        _ = try open(directory.ledgerPath)
        let file = LedgerFile<StoreEvent>(path: directory.ledgerPath)
        let saved = try #require(file.loadCheckpoint(named: catalog.bundleID))
        guard case .key(let key) = try LedgerKey.load(from: file.keyPath, fileSystem: POSIXFileSystem()) else {
            Issue.record("the key does not load")
            return
        }
        let ledgerSize = try #require(try FileManager.default.attributesOfItem(atPath: directory.ledgerPath)[.size] as? Int)
        let huge = LedgerCheckpoint(sequence: saved.sequence, mac: saved.mac,
                                    payload: saved.payload + [UInt8](repeating: 0, count: ledgerSize + (2 << 20)))
        try Data(try huge.fileBytes(key: key)).write(to: URL(fileURLWithPath: checkpointPath))
        #expect(file.loadCheckpoint(named: catalog.bundleID)?.sequence == nil)
    }

    @Test("a line changed before the checkpoint is reported exactly as without one")
    func tamperingBeforeTheCheckpoint() throws {
        let directory = try LedgerTestDirectory()
        let (_, checkpointPath) = try shoppedLedgerWithCheckpoint(at: directory.ledgerPath)
        var ledger = try Data(contentsOf: URL(fileURLWithPath: directory.ledgerPath))
        let secondLine = try #require(ledger.firstIndex(of: UInt8(ascii: "\n")))
        let digit = try #require(ledger[(secondLine + 1)...].firstIndex { (UInt8(ascii: "1")...UInt8(ascii: "8")).contains($0) })
        ledger[digit] += 1
        try ledger.write(to: URL(fileURLWithPath: directory.ledgerPath))

        let (withCheckpoint, _) = try open(directory.ledgerPath, interval: 1_000_000)
        let saved = try Data(contentsOf: URL(fileURLWithPath: checkpointPath))
        try FileManager.default.removeItem(atPath: checkpointPath)
        let (without, _) = try open(directory.ledgerPath, interval: 1_000_000)
        #expect(!withCheckpoint.ledgerProblems.isEmpty)
        #expect(withCheckpoint.ledgerProblems == without.ledgerProblems)
        #expect(digest(withCheckpoint.snapshot) == digest(without.snapshot))
        #expect(!saved.isEmpty)
    }
}
