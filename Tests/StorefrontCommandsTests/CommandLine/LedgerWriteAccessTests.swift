import Foundation
@testable import StorefrontCommands
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the write check asks of: what a commit writes, given which of the store's files exist.
@Suite("Commands: whether an entitlements file may be written")
struct LedgerWriteAccessTests {
    static let ledger = "/stores/shop/e.jsonl"
    static let lock = ledger + ".lock"
    static let folder = "/stores/shop"

    /// The check's answer when `existing` paths exist and writing `refused` ones fails with EACCES.
    static func refusal(existing: Set<String>, refused: Set<String>) -> String? {
        LedgerWriteAccess.refusal(ledgerPath: ledger, exists: { existing.contains($0) },
                                  writeError: { refused.contains($0) ? EACCES : nil })
    }

    @Test("An unwritable folder does not matter once the ledger and its lock file exist: commits only append to them")
    func existingFilesNeedNoFolder() {
        #expect(Self.refusal(existing: [Self.folder, Self.ledger, Self.lock], refused: [Self.folder]) == nil)
        #expect(LedgerWriteAccess.targets(ledgerPath: Self.ledger, exists: { _ in true }).map(\.path) == [Self.ledger, Self.lock])
    }

    @Test("A missing lock file in an unwritable folder is refused, naming the folder and the file to create")
    func missingLockNeedsFolder() throws {
        let refusal = try #require(Self.refusal(existing: [Self.folder, Self.ledger], refused: [Self.folder]))
        #expect(refusal.contains("its folder \(Self.folder), where \(Self.lock) must be created"), "\(refusal)")
        #expect(refusal.contains("EACCES"), "\(refusal)")
    }

    @Test("A store not started yet needs its folder for the ledger and the lock file")
    func newStoreNeedsFolder() throws {
        let refusal = try #require(Self.refusal(existing: [Self.folder], refused: [Self.folder]))
        #expect(refusal.contains("where \(Self.ledger) and \(Self.lock) must be created"), "\(refusal)")
        #expect(Self.refusal(existing: [Self.folder], refused: []) == nil)
    }

    @Test("The ledger or its lock file refusing writes is refused whatever the folder allows")
    func unwritableFilesAreRefused() throws {
        let everything: Set<String> = [Self.folder, Self.ledger, Self.lock]
        let ledger = try #require(Self.refusal(existing: everything, refused: [Self.ledger]))
        #expect(ledger.contains("\(Self.ledger) cannot be written (Permission denied (EACCES))"), "the file named once: \(ledger)")
        let lock = try #require(Self.refusal(existing: everything, refused: [Self.lock]))
        #expect(lock.contains("(\(Self.lock): "), "\(lock)")
    }

    @Test("A ledger or lock file of another user is refused though it may be written (before: root's storefront opened writable and failed on its first change)")
    func filesOfAnotherUserAreRefused() throws {
        let everything: Set<String> = [Self.folder, Self.ledger, Self.lock]
        for foreign in [Self.ledger, Self.lock] {
            let refusal = try #require(LedgerWriteAccess.refusal(ledgerPath: Self.ledger, exists: { everything.contains($0) },
                                                                 writeError: { _ in nil }, foreignOwner: { $0 == foreign ? 65534 : nil }))
            #expect(refusal.contains("\(foreign) belongs to another user (uid 65534)"), "\(refusal)")
        }
        #expect(LedgerWriteAccess.refusal(ledgerPath: Self.ledger, exists: { everything.contains($0) }, writeError: { _ in nil },
                                          foreignOwner: { $0 == Self.folder ? 65534 : nil }) == nil,
                "a folder of another user that lets this one write is no file of the store")
    }

    @Test("A folder not made yet is not asked about: the commit makes it")
    func missingFolderIsNotAsked() {
        #expect(LedgerWriteAccess.targets(ledgerPath: Self.ledger, exists: { _ in false }).isEmpty)
    }
}
