import Foundation
import Testing
@testable import StoreLedger

/// `LedgerFamily` is the one place that names a ledger's files; the ledger itself must create
/// exactly the files it names.
@Suite("Ledger family: every file beside the ledger named once")
struct LedgerFamilyTests {
    @Test("the family names the key, lock, signing key, checkpoints and side files beside the ledger")
    func names() {
        let family = LedgerFamily(ledgerPath: "/data/entitlements.jsonl")
        #expect(family.keyPath == "/data/entitlements.jsonl.key")
        #expect(family.lockPath == "/data/entitlements.jsonl.lock")
        #expect(family.authorityPath == "/data/entitlements.jsonl.authority.pem")
        #expect(family.checkpointPath(named: "com.example.rage") == "/data/entitlements.jsonl.checkpoint-com.example.rage")
        #expect(family.checkpointPath(named: "../x/y") == "/data/entitlements.jsonl.checkpoint-.._x_y")
        #expect(family.sideFilePath(.torn, stamp: "20250102T030405Z") == "/data/entitlements.jsonl.torn-20250102T030405Z")
        #expect(family.sideFilePath(.damaged, stamp: "20250102T030405Z", attempt: 3)
            == "/data/entitlements.jsonl.damaged-20250102T030405Z-3")
        #expect(family.essentialPaths == [family.ledgerPath, family.keyPath])
    }

    @Test("a commit creates exactly the ledger and the files the family names for it")
    func ledgerCreatesTheNamedFiles() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1)])
        let family = LedgerFamily(ledgerPath: directory.ledgerPath)
        let made = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path).map { directory.path + "/" + $0 })
        #expect(made == Set(family.essentialPaths + [family.lockPath]))
        #expect(LedgerFile<LedgerTestEvent>(path: directory.ledgerPath).checkpointPath(named: "app") == family.checkpointPath(named: "app"))
    }
}
