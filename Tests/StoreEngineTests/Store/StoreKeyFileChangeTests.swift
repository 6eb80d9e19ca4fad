import Foundation
import Glibc
import Testing
@testable import StoreEngine
import StoreLedger

/// A store that stays open (the storefront, `serve`) over a key file that changes under it:
/// removed, replaced by another key, made readable by others or turned into a link, the next
/// commit is refused as a store opened then would refuse it, and nothing is written; mended,
/// the store writes again without being opened anew, and a look notices either change while
/// the events themselves stay as they were.
@Suite("Store: the key file changing under an open store", .serialized)
struct StoreKeyFileChangeTests {
    /// An open store over `backend` that bought one pack of rage faces, and its key file.
    static func openStore(_ backend: StoreBackend) throws -> (fixture: StoreFixture, store: Store, keyPath: String) {
        let fixture = try StoreFixture(backend: backend)
        let store = try fixture.store()
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        return (fixture, store, try #require(fixture.keyPath))
    }

    /// How `commit` was refused: the problems named (by the file's error or the database's)
    /// and the error's words; nil when it went through.
    static func refusal(of commit: () throws -> Void) -> (problems: [LedgerProblem], message: String)? {
        do {
            try commit()
            return nil
        } catch LedgerError.refusedForWriting(let path, let problems) {
            return (problems, "\(LedgerError.refusedForWriting(path: path, problems: problems))")
        } catch let damaged as StoreDamaged {
            return (damaged.problems, "\(damaged)")
        } catch {
            return ([], "\(error)")
        }
    }

    /// How the open `store`'s next purchase is refused, once checked to be worded as the
    /// refusal of a store opened now over the same files.
    static func refusalAsAtStart(of store: Store, in fixture: StoreFixture) throws -> (problems: [LedgerProblem], message: String) {
        let refused = try #require(refusal { try buy(store) }, "the open store's purchase went through")
        let atStart = try #require(refusal { try buy(try fixture.store()) }, "a store opened now bought")
        #expect(refused.message == atStart.message, "worded as a store opened now is refused")
        return refused
    }

    static func buy(_ store: Store) throws {
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
    }

    /// A key file of 64 random hex digits, mode 0600, put at `path` by a rename: another key.
    static func replaceWithAnotherKey(at path: String) throws {
        let digits = (0..<64).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
        let fresh = path + ".other"
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data((digits + "\n").utf8),
                                               attributes: [.posixPermissions: 0o600]))
        #expect(rename(fresh, path) == 0)
    }

    @Test("removed: the next commit is refused with the missing-key problem and writes nothing; put back, it writes",
          arguments: StoreBackend.shipped)
    func removedThenPutBack(backend: StoreBackend) throws {
        let (fixture, store, keyPath) = try Self.openStore(backend)
        let aside = keyPath + ".aside"
        #expect(rename(keyPath, aside) == 0)

        let refused = try Self.refusalAsAtStart(of: store, in: fixture)
        #expect(refused.problems == [.keyMissing(keyPath: keyPath)], "\(refused.message)")
        #expect(store.ledgerProblems == [.keyMissing(keyPath: keyPath)])

        #expect(rename(aside, keyPath) == 0)
        try Self.buy(store)
        #expect(store.ledgerProblems.isEmpty)
        #expect(store.balance(of: "rage-faces", for: phone) == 10)
        #expect(try fixture.allEvents().count == 2, "only the purchases before and after the key was away are stored")
    }

    @Test("replaced by another key: refused as a key from another ledger, as at start; the right key back, it writes",
          arguments: StoreBackend.shipped)
    func replacedByAnotherKey(backend: StoreBackend) throws {
        let (fixture, store, keyPath) = try Self.openStore(backend)
        let original = try Data(contentsOf: URL(fileURLWithPath: keyPath))
        try Self.replaceWithAnotherKey(at: keyPath)

        let refused = try Self.refusalAsAtStart(of: store, in: fixture)
        #expect(refused.problems == [.keyMismatch(keyPath: keyPath)], "\(refused.message)")

        try FileManager.default.removeItem(atPath: keyPath)
        #expect(FileManager.default.createFile(atPath: keyPath, contents: original, attributes: [.posixPermissions: 0o600]))
        try Self.buy(store)
        #expect(try fixture.allEvents().count == 2)
    }

    @Test("made readable by others: refused as not private; made private again, it writes", arguments: StoreBackend.shipped)
    func madeReadableByOthers(backend: StoreBackend) throws {
        let (fixture, store, keyPath) = try Self.openStore(backend)
        // A chmod moves the inode's change time, but only in ticks of the kernel's file clock.
        try LedgerTestFiles.waitForNextChangeTime(after: keyPath)
        #expect(chmod(keyPath, 0o644) == 0)

        let refused = try #require(Self.refusal { try Self.buy(store) }, "the purchase went through with a key others can read")
        guard case .keyNotPrivate(keyPath, _)? = refused.problems.first, refused.problems.count == 1 else {
            Issue.record("refused for another reason: \(refused.message)")
            return
        }
        #expect(store.balance(of: "rage-faces", for: phone) == 5, "a key others can read still checks every line")

        try LedgerTestFiles.waitForNextChangeTime(after: keyPath)
        #expect(chmod(keyPath, 0o600) == 0)
        try Self.buy(store)
        #expect(try fixture.allEvents().count == 2)
    }

    @Test("turned into a link: refused with the words a store gives at start for a linked key file; the file back, it writes",
          arguments: StoreBackend.shipped)
    func turnedIntoALink(backend: StoreBackend) throws {
        let (fixture, store, keyPath) = try Self.openStore(backend)
        let real = keyPath + ".real"
        #expect(rename(keyPath, real) == 0)
        #expect(symlink(real, keyPath) == 0)

        let refused = try Self.refusalAsAtStart(of: store, in: fixture)
        #expect(refused.message.contains("\(keyPath): it is a symbolic link"), "\(refused.message)")

        #expect(unlink(keyPath) == 0 && rename(real, keyPath) == 0)
        try Self.buy(store)
        #expect(try fixture.allEvents().count == 2)
    }

    @Test("a look notices a key file removed and put back while the events stay as they were", arguments: StoreBackend.shipped)
    func looksNoticeTheKeyFile(backend: StoreBackend) throws {
        let (fixture, store, keyPath) = try Self.openStore(backend)
        defer { withExtendedLifetime(fixture) {} }
        #expect(!store.hasExternalChanges(), "nothing changed yet")
        let aside = keyPath + ".aside"
        #expect(rename(keyPath, aside) == 0)

        #expect(store.hasExternalChanges(), "a removed key file is a change though no event came")
        #expect(try store.refresh())
        #expect(store.ledgerProblems == [.keyMissing(keyPath: keyPath)])
        #expect(store.balance(of: "rage-faces", for: phone) == 0, "without the key no line is trusted, as at start")

        #expect(rename(aside, keyPath) == 0)
        #expect(store.hasExternalChanges(), "a key file put back is a change though no event came")
        #expect(try store.refresh())
        #expect(store.ledgerProblems.isEmpty)
        #expect(store.balance(of: "rage-faces", for: phone) == 5)
    }
}
