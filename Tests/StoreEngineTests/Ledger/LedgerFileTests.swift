import Foundation
import Synchronization
import Testing
@testable import StoreEngine
@testable import StoreLedger

/// Creating, appending, reading back and following a ledger file.
@Suite("Ledger file: append and read")
struct LedgerFileTests {
    @Test("appended events read back in order from a new instance, numbered and verified")
    func appendAndReopen() throws {
        let directory = try LedgerTestDirectory()
        let appended = try directory.ledger().append([.purchase(5), .spend(2)])
        #expect(appended.map(\.sequence) == [1, 2])
        #expect(appended.map(\.line) == [2, 3])

        let reopened = try directory.ledger().readNew()
        #expect(reopened.entries.map(\.event) == [.purchase(5), .spend(2)])
        #expect(reopened.entries.map(\.sequence) == [1, 2])
        #expect(reopened.entries.map(\.line) == [2, 3])
        #expect(reopened.entries.allSatisfy { $0.isVerified })
        #expect(reopened.problems.isEmpty)
        #expect(reopened.restarted == false)
    }

    @Test("the file is a header line, then one flat JSON object per event with seq first and mac last")
    func fileFormat() throws {
        let directory = try LedgerTestDirectory()
        let ledger = directory.ledger()
        try ledger.append([LedgerTestEvent(kind: "purchase", amount: 5, note: "a/b \"quoted\"")])
        try ledger.append([.spend(1)])

        let lines = try LedgerTestFiles.lines(directory.ledgerPath)
        #expect(lines.count == 3)
        let mac = #","mac":"[0-9a-f]{64}"\}$"#
        #expect(lines[0].contains(try Regex(
            #"^\{"format":"storefront-ledger","version":1,"created":"2025-01-02T03:04:05Z""# + mac)))
        #expect(lines[1].contains(try Regex(
            #"^\{"seq":1,"amount":5,"kind":"purchase","note":"a/b \\"quoted\\"""# + mac)))
        #expect(lines[2].contains(try Regex(#"^\{"seq":2,"amount":1,"kind":"spend""# + mac)))
    }

    @Test("each MAC is HMAC-SHA256 of the key over the previous MAC text and the line before its MAC")
    func macChain() throws {
        let directory = try LedgerTestDirectory()
        try directory.ledger().append([.purchase(5), .spend(2)])

        let keyText = try LedgerTestFiles.bytes(directory.ledgerPath + ".key")
        #expect(keyText.count == 65)
        let key = try #require(Hex.decode(keyText.dropLast()))
        var previousMAC = ""
        for line in try LedgerTestFiles.lines(directory.ledgerPath) {
            let macStart = try #require(line.range(of: #","mac":""#, options: .backwards))
            let content = line[..<macStart.lowerBound]
            let stored = String(line[macStart.upperBound...].dropLast(2))
            let expected = try HMACSHA256.mac(key: key, message: Array((previousMAC + content).utf8))
            #expect(stored == Hex.string(expected))
            previousMAC = stored
        }
    }

    @Test("a commit passes what another instance appended to the decision and returns it in others")
    func othersSeeEachOther() throws {
        let directory = try LedgerTestDirectory()
        let first = directory.ledger()
        let second = directory.ledger()
        try first.append([.purchase(5)])

        var seen: [LedgerTestEvent] = []
        let commit = try second.commit { others in
            seen = others.entries.map(\.event)
            return ([.spend(1)], "decided")
        }
        #expect(seen == [.purchase(5)])
        #expect(commit.result == "decided")
        #expect(commit.others.entries.map(\.sequence) == [1])
        #expect(commit.appended.map(\.sequence) == [2])

        let firstSees = try first.commit { others in ([.spend(2)], others.entries.map(\.event)) }
        #expect(firstSees.result == [.spend(1)])
        #expect(firstSees.appended.map(\.sequence) == [3])
        #expect(try directory.ledger().readNew().entries.map(\.sequence) == [1, 2, 3])
    }

    @Test("an error thrown by the decision propagates and nothing is written")
    func decisionThrows() throws {
        struct Declined: Error {}
        let directory = try LedgerTestDirectory()
        let ledger = directory.ledger()
        try ledger.append([.purchase(5)])
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)

        #expect(throws: Declined.self) {
            try ledger.commit { _ in throw Declined() } as LedgerCommit<LedgerTestEvent, Void>
        }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == before)
        #expect(try ledger.append([.spend(1)]).map(\.sequence) == [2])
    }

    @Test("entries a failed commit's decision saw are delivered again by the next read")
    func undeliveredEntriesComeBack() throws {
        struct Declined: Error {}
        let directory = try LedgerTestDirectory()
        try directory.ledger().append([.purchase(5)])
        let follower = directory.ledger()

        #expect(throws: Declined.self) {
            try follower.commit { _ in throw Declined() } as LedgerCommit<LedgerTestEvent, Void>
        }
        #expect(follower.hasChanged())
        #expect(try follower.readNew().entries.map(\.event) == [.purchase(5)])
        #expect(try follower.readNew().entries.isEmpty)
    }

    @Test("a commit with no events on a missing ledger creates nothing: no folder, lock file, key or empty ledger")
    func emptyCommitOnMissingLedgerCreatesNothing() throws {
        let directory = try LedgerTestDirectory()
        let nested = directory.path + "/share/storefront/entitlements.jsonl"
        var decisions = 0
        let commit = try directory.ledger(at: nested).commit { others in
            decisions += 1
            return ([], others.entries.count)
        }
        #expect(commit.result == 0)
        #expect(commit.appended.isEmpty)
        #expect(decisions == 1, "decided once, on the empty ledger, without the lock")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a decision refused on a missing ledger creates nothing, and its error is the one thrown")
    func refusedCommitOnMissingLedgerCreatesNothing() throws {
        struct Declined: Error {}
        let directory = try LedgerTestDirectory()
        let nested = directory.path + "/share/storefront/entitlements.jsonl"
        #expect(throws: Declined.self) {
            try directory.ledger(at: nested).commit { _ in throw Declined() } as LedgerCommit<LedgerTestEvent, Void>
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a commit with events on a missing ledger is decided again under the lock, on what another writer started")
    func commitOnMissingLedgerDecidesAgainOnFreshLines() throws {
        let directory = try LedgerTestDirectory()
        let other = directory.ledger()
        var seen: [[LedgerTestEvent]] = []
        let commit = try directory.ledger().commit { others in
            // Another process starts the ledger between the first decision and the lock (a
            // decision already under the lock would wait for itself here, so none is made then).
            if seen.isEmpty, !LedgerTestFiles.exists(directory.ledgerPath + ".lock") { try other.append([.purchase(5)]) }
            seen.append(others.entries.map(\.event))
            return ([.spend(others.entries.count)], ())
        }
        #expect(seen == [[], [.purchase(5)]])
        #expect(commit.others.entries.map(\.event) == [.purchase(5)])
        #expect(commit.appended.map(\.event) == [.spend(1)])
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).isIntact)
    }

    @Test("repair of a missing ledger says it is missing and creates nothing, not even its folder or lock file")
    func repairOfMissingLedgerCreatesNothing() throws {
        let directory = try LedgerTestDirectory()
        let nested = directory.path + "/share/storefront/entitlements.jsonl"
        #expect {
            try LedgerFile<LedgerTestEvent>.repair(path: nested)
        } throws: { error in
            guard case LedgerError.ledgerMissing(let path) = error else { return false }
            return path == nested
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("repair of an empty ledger says it is intact and makes nothing beside it (before: its lock file)")
    func repairOfEmptyLedgerCreatesNothing() throws {
        let directory = try LedgerTestDirectory()
        #expect(FileManager.default.createFile(atPath: directory.ledgerPath, contents: Data()))
        let repair = try LedgerFile<LedgerTestEvent>.repair(path: directory.ledgerPath)
        #expect(!repair.changedAnything)
        #expect(repair.keptLines == 0 && repair.movedLines == 0 && repair.firstProblem == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [(directory.ledgerPath as NSString).lastPathComponent])
        // Emptied after a commit, it starts over as documented: the lock file's mark is left as it was.
        try directory.ledger().commit { _ in ([.purchase(1)], ()) }
        let lockPath = LedgerFamily(ledgerPath: directory.ledgerPath).lockPath
        let mark = try Data(contentsOf: URL(fileURLWithPath: lockPath))
        #expect(truncate(directory.ledgerPath, 0) == 0)
        #expect(try !LedgerFile<LedgerTestEvent>.repair(path: directory.ledgerPath).changedAnything)
        #expect(try Data(contentsOf: URL(fileURLWithPath: lockPath)) == mark)
    }

    @Test("a reader ignores an incomplete last line until it is completed")
    func readerIgnoresIncompleteLine() throws {
        let directory = try LedgerTestDirectory()
        let writer = directory.ledger()
        let lockPath = directory.ledgerPath + ".lock"
        try writer.append([.purchase(5)])
        let markBeforeSecondCommit = try LedgerTestFiles.bytes(lockPath)
        try writer.append([.spend(1)])
        let full = try LedgerTestFiles.bytes(directory.ledgerPath)
        let fullMark = try LedgerTestFiles.bytes(lockPath)
        // Mid-write, the commit mark still records the first event: it is written after the flush.
        let lastLineStart = try #require(full.dropLast().lastIndex(of: UInt8(ascii: "\n"))) + 1
        try LedgerTestFiles.write(Array(full[..<(lastLineStart + 10)]), to: directory.ledgerPath)
        try LedgerTestFiles.write(markBeforeSecondCommit, to: lockPath)

        let reader = directory.ledger()
        #expect(try reader.readNew().entries.map(\.sequence) == [1])
        try LedgerTestFiles.write(full, to: directory.ledgerPath)
        try LedgerTestFiles.write(fullMark, to: lockPath)
        let rest = try reader.readNew()
        #expect(rest.entries.map(\.sequence) == [2])
        #expect(rest.problems.isEmpty)
    }

    @Test("hasChanged reports appends by others and is quiet after reading them")
    func hasChanged() throws {
        let directory = try LedgerTestDirectory()
        let follower = directory.ledger()
        #expect(follower.hasChanged() == false)
        let writer = directory.ledger()
        try writer.append([.purchase(5)])
        #expect(follower.hasChanged())
        _ = try follower.readNew()
        #expect(follower.hasChanged() == false)
        try follower.append([.spend(1)])
        #expect(follower.hasChanged() == false)
        try writer.append([.spend(1)])
        #expect(follower.hasChanged())
    }

    @Test("commits from several threads through two instances get distinct consecutive sequence numbers")
    func concurrentCommits() throws {
        let directory = try LedgerTestDirectory()
        let instances = [directory.ledger(), directory.ledger()]
        let threads = 4
        let commitsPerThread = 25
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for commit in 0..<commitsPerThread {
                do {
                    try instances[thread % instances.count].append([.purchase(thread * 1000 + commit)])
                } catch {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)

        let entries = try directory.ledger().readNew().entries
        #expect(entries.map(\.sequence) == Array(1...(threads * commitsPerThread)))
        #expect(Set(entries.map(\.event.amount)).count == threads * commitsPerThread)
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).isIntact)
    }

    @Test("a replaced file is read again from its start, flagged as restarted")
    func replacedFileRestarts() throws {
        let directory = try LedgerTestDirectory()
        let follower = directory.ledger()
        try directory.ledger().append([.purchase(5), .spend(1)])
        #expect(try follower.readNew().entries.count == 2)

        let other = directory.path + "/other.jsonl"
        try directory.ledger(at: other).append([.purchase(9)])
        try FileManager.default.removeItem(atPath: directory.ledgerPath)
        try FileManager.default.moveItem(atPath: other, toPath: directory.ledgerPath)
        try FileManager.default.removeItem(atPath: directory.ledgerPath + ".key")
        try FileManager.default.moveItem(atPath: other + ".key", toPath: directory.ledgerPath + ".key")

        #expect(follower.hasChanged())
        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.entries.map(\.event) == [.purchase(9)])
        #expect(update.problems.isEmpty)
    }

    @Test("a deleted ledger is reported as a restart with no entries")
    func vanishedFileRestarts() throws {
        let directory = try LedgerTestDirectory()
        let follower = directory.ledger()
        try follower.append([.purchase(5)])
        try FileManager.default.removeItem(atPath: directory.ledgerPath)
        #expect(follower.hasChanged())
        let update = try follower.readNew()
        #expect(update.restarted)
        #expect(update.entries.isEmpty)
    }

    @Test("files are created with mode 0600 and missing directories with 0700")
    func modes() throws {
        let directory = try LedgerTestDirectory()
        let nested = directory.path + "/share/storefront/entitlements.jsonl"
        try directory.ledger(at: nested).append([.purchase(5)])
        for path in [nested, nested + ".key", nested + ".lock"] {
            #expect(try LedgerTestFiles.permissions(path) == 0o600, "\(path)")
        }
        for path in [directory.path + "/share", directory.path + "/share/storefront"] {
            #expect(try LedgerTestFiles.permissions(path) == 0o700, "\(path)")
        }
    }

    @Test("dates in events round-trip with millisecond precision when asked")
    func millisecondDates() throws {
        struct Stamped: Codable, Equatable, Sendable { var at: Date }
        let directory = try LedgerTestDirectory()
        let date = Date(timeIntervalSince1970: 1_735_787_045.5)
        let ledger = LedgerFile<Stamped>(path: directory.ledgerPath, dateEncoding: .iso8601WithMilliseconds)
        try ledger.append([Stamped(at: date)])
        #expect(try LedgerTestFiles.lines(directory.ledgerPath)[1].contains(#""at":"2025-01-02T03:04:05.500Z""#))
        let reread = LedgerFile<Stamped>(path: directory.ledgerPath, dateEncoding: .iso8601WithMilliseconds)
        #expect(try reread.readNew().entries.map(\.event) == [Stamped(at: date)])
    }

    @Test("an event using a reserved field name is refused before anything is written")
    func reservedFieldRefused() throws {
        struct Clashing: Codable, Sendable { var seq: Int }
        let directory = try LedgerTestDirectory()
        let ledger = LedgerFile<Clashing>(path: directory.ledgerPath)
        #expect {
            try ledger.append([Clashing(seq: 3)])
        } throws: { error in
            "\(error)".contains(#"a field named "seq""#)
        }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath).isEmpty)
    }
}
