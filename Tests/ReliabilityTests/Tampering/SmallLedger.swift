import Foundation
import StoreEngine
import Testing
@testable import StoreLedger

/// A small ledger written by the store, held in memory so it can be damaged and verified
/// many thousand times without touching the disk.
struct SmallLedger {
    static let path = "/ledger/entitlements.jsonl"

    /// The ledger's bytes as the store wrote them.
    let bytes: [UInt8]
    /// The key file and the lock file beside it.
    let companions: [String: [UInt8]]

    /// Writes six events through the store: purchases, a spend, a refund and a restore.
    static func make() throws -> SmallLedger {
        let directory = try ScratchDirectory("tamper")
        let path = directory.file("entitlements.jsonl")
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        let store = try Store(catalog: try Rage.catalog(), log: try LedgerEventLog.open(path: path), clock: clock)
        let phone = Buyer(account: "tester", device: "phone")
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        let drummer = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        _ = try store.spend(Rage.faces, amount: 2, buyer: phone)
        _ = try store.purchase(Rage.lives, buyer: phone, storefront: "USA")
        if let id = drummer.transaction?.id { _ = try store.refund(id) }
        _ = try store.purchase(Rage.noAds, buyer: phone, storefront: "USA")
        _ = try store.restore(Buyer(account: "tester", device: "tablet"))
        var companions: [String: [UInt8]] = [:]
        for suffix in [".key", ".lock"] where FileManager.default.fileExists(atPath: path + suffix) {
            companions[Self.path + suffix] = try ScratchDirectory.bytes(path + suffix)
        }
        return SmallLedger(bytes: try ScratchDirectory.bytes(path), companions: companions)
    }

    /// The ledger's lines, each with its newline.
    var lines: [[UInt8]] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Array($0) + [0x0A] }
    }

    /// The 1-based line holding byte `offset` (a line's newline belongs to it).
    func line(ofByte offset: Int) -> Int {
        bytes[..<offset].count { $0 == 0x0A } + 1
    }

    /// A file system holding this ledger, its key and its lock file.
    func fileSystem() -> MemoryFileSystem {
        var files = companions
        files[Self.path] = bytes
        return MemoryFileSystem(files: files)
    }
}

/// Verifies damaged versions of a small ledger and tells whether each was found where it was made.
struct TamperCheck {
    let fileSystem: MemoryFileSystem
    private(set) var checked = 0
    private(set) var misses: [String] = []

    init(_ ledger: SmallLedger) {
        fileSystem = ledger.fileSystem()
    }

    /// Records a test issue listing the first few misses, if there were any.
    func expectNoMisses(sourceLocation: SourceLocation = #_sourceLocation) {
        let missed = misses.count
        #expect(missed == 0, "first misses: \(misses.prefix(5))", sourceLocation: sourceLocation)
    }

    /// Verifies `damaged`; records a miss unless a problem is reported and the first one is on `line`.
    mutating func expect(_ damaged: [UInt8], reportedAt line: Int, _ what: @autoclosure () -> String) {
        checked += 1
        fileSystem.set(SmallLedger.path, to: damaged)
        do {
            let verification = try LedgerFile<StoreEvent>.verify(path: SmallLedger.path, fileSystem: fileSystem)
            guard let first = verification.problems.first else {
                misses.append("\(what()): not detected")
                return
            }
            if first.line != line {
                misses.append("\(what()): reported at line \(first.line.map(String.init) ?? "none"), not \(line): \(first)")
            }
        } catch {
            misses.append("\(what()): verify threw \(error)")
        }
    }
}
