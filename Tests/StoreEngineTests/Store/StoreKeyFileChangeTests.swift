import Foundation
import Glibc
import Testing
@testable import StoreEngine
import StoreLedger

/// A store that stays open (the storefront, `serve`) over a key file that changes under it:
/// removed, replaced by another key, made readable by others or turned into a link. The store
/// keeps what it read and verified with the key as it was (a balance, a comic bought), refuses
/// its next commit with the problem a store opened then finds, in the same words (for a link,
/// the words an opening fails with), and withholds lines that arrive meanwhile; once the key
/// file is mended it reads everything again and writes, without being opened anew.
@Suite("Store: the key file changing under an open store", .serialized)
struct StoreKeyFileChangeTests {
    /// What is done to the key file of an open store, and how it is mended.
    enum KeyFileChange: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case removed = "removed"
        case anotherKey = "replaced by another key"
        case madeReadableByOthers = "made readable by others"
        case link = "turned into a link"

        var testDescription: String { rawValue }

        /// Where the key file waits while it is away.
        static func aside(_ keyPath: String) -> String { keyPath + ".aside" }

        func make(at keyPath: String) throws {
            switch self {
            case .removed:
                #expect(rename(keyPath, Self.aside(keyPath)) == 0)
            case .anotherKey:
                #expect(rename(keyPath, Self.aside(keyPath)) == 0)
                try StoreKeyFileChangeTests.writeAnotherKey(at: keyPath)
            case .madeReadableByOthers:
                // A chmod moves the inode's change time, but only in ticks of the kernel's file clock.
                try LedgerTestFiles.waitForNextChangeTime(after: keyPath)
                #expect(chmod(keyPath, 0o644) == 0)
            case .link:
                #expect(rename(keyPath, Self.aside(keyPath)) == 0)
                #expect(symlink(Self.aside(keyPath), keyPath) == 0)
            }
        }

        func mend(at keyPath: String) throws {
            switch self {
            case .removed, .anotherKey, .link:
                // The rename puts the key file back in one step, over whatever stood in its place.
                #expect(rename(Self.aside(keyPath), keyPath) == 0)
            case .madeReadableByOthers:
                try LedgerTestFiles.waitForNextChangeTime(after: keyPath)
                #expect(chmod(keyPath, 0o600) == 0)
            }
        }
    }

    /// An open store over `backend` that bought five rage faces and the drummer comic, the
    /// number of events that stored, and the store's key file.
    static func openStore(_ backend: StoreBackend) throws -> (fixture: StoreFixture, store: Store, events: Int, keyPath: String) {
        let fixture = try StoreFixture(backend: backend)
        let store = try fixture.store()
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        #expect(try store.purchase(Rage.drummer, buyer: phone, storefront: "USA").isPurchased)
        return (fixture, store, try fixture.allEvents().count, try #require(fixture.keyPath))
    }

    /// Expects `store` to show what `openStore` bought.
    static func expectBoughtBefore(in store: Store, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(store.balance(of: "rage-faces", for: phone) == 5, comment, sourceLocation: sourceLocation)
        #expect(store.entitlements(for: phone).nonConsumables.map(\.productID) == [Rage.drummer], comment,
                sourceLocation: sourceLocation)
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

    static func buy(_ store: Store) throws {
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
    }

    /// A key file of 64 random hex digits, mode 0600, put at `path` by a rename: another key.
    static func writeAnotherKey(at path: String) throws {
        let digits = (0..<64).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
        let fresh = path + ".other"
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data((digits + "\n").utf8),
                                               attributes: [.posixPermissions: 0o600]))
        #expect(rename(fresh, path) == 0)
    }

    @Test("the open store keeps what it bought, refuses a commit in the words of a store opened now, and writes once mended",
          arguments: StoreBackend.shipped, KeyFileChange.allCases)
    func keepsWhatItReadAndRefusesWrites(backend: StoreBackend, change: KeyFileChange) throws {
        let (fixture, store, events, keyPath) = try Self.openStore(backend)
        let revision = store.foldRevision
        try change.make(at: keyPath)

        #expect(store.hasExternalChanges(), "the key file changed though no event came")
        #expect(try store.refresh(), "the key's problem is news")
        Self.expectBoughtBefore(in: store, "what the key verified stays read")
        #expect(store.foldRevision == revision, "nothing was read again")

        let refused = try #require(Self.refusal { try Self.buy(store) }, "the open store's purchase went through")
        let atOpening = try #require(Self.refusal { try Self.buy(try fixture.store()) }, "a store opened now bought")
        let firstUnverified = events + 2
        if change == .link {
            // An opening fails on a linked key file; the open store names it as the key's problem.
            #expect(refused.message.hasPrefix("refusing to write to"), "\(refused.message)")
            #expect(refused.message.contains(atOpening.message), "\(refused.message)")
            #expect(atOpening.message.contains("\(keyPath): it is a symbolic link"), "\(atOpening.message)")
            #expect(store.ledgerProblems == [.keyChangedWhileOpen(.keyUnreadable(keyPath: keyPath, reason: atOpening.message),
                                                                  firstUnverifiedLine: firstUnverified)])
        } else {
            #expect(refused.message == atOpening.message, "worded as a store opened now is refused")
            let opened = try fixture.store()
            #expect(store.ledgerProblems == opened.ledgerProblems.map { .keyChangedWhileOpen($0, firstUnverifiedLine: firstUnverified) },
                    "the problems a store opened now finds, with the lines read before kept")
        }
        #expect(refused.problems == store.ledgerProblems)
        Self.expectBoughtBefore(in: store, "a refused commit keeps it too")

        try change.mend(at: keyPath)
        #expect(store.hasExternalChanges(), "a mended key file is a change though no event came")
        #expect(try store.refresh())
        #expect(store.ledgerProblems.isEmpty)
        Self.expectBoughtBefore(in: store, "read again with the mended key")
        try Self.buy(store)
        #expect(store.balance(of: "rage-faces", for: phone) == 10)
        #expect(try fixture.allEvents().count == events + 1, "only the purchase after the mend was stored")
    }

    @Test("a purchase stored with the key kept elsewhere while the key file is unusable is withheld; mended, it is read",
          arguments: StoreBackend.shipped, KeyFileChange.allCases)
    func linesArrivingMeanwhileAreWithheld(backend: StoreBackend, change: KeyFileChange) throws {
        let (fixture, store, events, keyPath) = try Self.openStore(backend)
        let copy = keyPath + ".copy"
        try FileManager.default.copyItem(atPath: keyPath, toPath: copy)
        #expect(chmod(copy, 0o600) == 0)
        let elsewhere = try fixture.store(keyFileAt: copy)
        try change.make(at: keyPath)
        #expect(try elsewhere.purchase(Rage.lives, buyer: phone, storefront: "USA").isPurchased)

        #expect(try store.refresh())
        #expect(store.balance(of: "extra-lives", for: phone) == 0, "nothing can verify the new line without a usable key")
        Self.expectBoughtBefore(in: store, "what the key verified stays read")
        #expect(store.ledgerProblems.compactMap(\.firstUntrustedLine).min() == events + 2,
                "the problem says the lines from the new one on are not shown")

        try change.mend(at: keyPath)
        #expect(try store.refresh())
        #expect(store.ledgerProblems.isEmpty)
        #expect(store.balance(of: "extra-lives", for: phone) == 3, "read once the key file is mended")
        Self.expectBoughtBefore(in: store, "read again with the mended key")
    }
}
