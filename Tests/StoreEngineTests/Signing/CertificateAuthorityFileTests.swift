import Foundation
import Glibc
import Testing
@testable import StoreEngine
@testable import StoreLedger
@testable import StoreSigning
@testable import StorefrontTesting

@Suite struct CertificateAuthorityFileTests {
    @Test func theAuthorityIsCreatedBesideTheLedgerPrivateAndReused() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        #expect(TransactionSigner.authorityPath(forLedger: directory.ledgerPath) == keyPath)
        #expect(!LedgerTestFiles.exists(keyPath))

        let first = try TransactionSigner(ledgerPath: directory.ledgerPath)
        #expect(first.authorityPath == keyPath)
        #expect(try LedgerTestFiles.permissions(keyPath) == 0o600)
        let written = try LedgerTestFiles.bytes(keyPath)
        let blocks = try #require(PEMBlock.blocks(in: String(decoding: written, as: UTF8.self)))
        #expect(blocks.map(\.label) == ["PRIVATE KEY", "CERTIFICATE", "CERTIFICATE", "CERTIFICATE"])
        #expect(String(decoding: written, as: UTF8.self).hasPrefix("Storefront-Store-Seal: "))
        #expect(blocks[3].bytes == first.authority.root.der)

        let second = try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: .fail)
        #expect(second.authority.root.der == first.authority.root.der)
        #expect(second.authority.x5c == first.authority.x5c)
        #expect(try LedgerTestFiles.bytes(keyPath) == written)
    }

    @Test func theChainHasApplesShapeAndCoversTheStoreClock() throws {
        let directory = try SigningTestDirectory()
        let authority = try TransactionSigner(ledgerPath: directory.ledgerPath).authority
        #expect(authority.leaf.hasExtension(Certificate.leafMarker))
        #expect(!authority.leaf.hasExtension(Certificate.intermediateMarker))
        #expect(authority.intermediate.hasExtension(Certificate.intermediateMarker))
        #expect(!authority.root.hasExtension(Certificate.leafMarker) && !authority.root.hasExtension(Certificate.intermediateMarker))
        for date in [Date(timeIntervalSince1970: 946_684_800), Date(), Date(timeIntervalSinceNow: 200 * 365 * 86_400),
                     Date(timeIntervalSince1970: 253_402_300_798)] {
            #expect(Certificate.chainProblem(leaf: authority.leaf, intermediate: authority.intermediate,
                                             root: authority.root, at: date) == nil, "\(date)")
        }
        let after = Date(timeIntervalSince1970: 253_402_300_799)
        #expect(Certificate.chainProblem(leaf: authority.leaf, intermediate: authority.intermediate,
                                         root: authority.root, at: after) == "certificate has expired")
        let signer = TransactionSigner(authority: authority)
        #expect(throws: SigningError.outsideValidity(date: after)) { try signer.sign(["a": 1], signedAt: after) }
    }

    @Test func aMissingAuthorityIsAnErrorThatSaysWhatToDoWhenNotToBeCreated() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        #expect(throws: SigningError.authorityMissing(path: keyPath)) {
            try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: .fail)
        }
        let message = SigningError.authorityMissing(path: keyPath).description
        #expect(message.contains(keyPath) && message.contains("storefront certificate"))
        #expect(!LedgerTestFiles.exists(keyPath))
    }

    /// Every kind of damage, whether the authority may be made or not: refused, and left as it was.
    @Test(arguments: [
        ("", AuthorityProblem.empty),
        ("not a key\n", .notPEM),
        ("-----BEGIN PRIVATE KEY-----\nAAAA\n", .cutShort),
        ("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", .wrongParts(found: ["CERTIFICATE"])),
    ])
    func aDamagedAuthorityIsRefusedAndLeftAlone(text: String, problem: AuthorityProblem) throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        try LedgerTestFiles.write(Array(text.utf8), to: keyPath)
        for missingKey in [TransactionSigner.MissingAuthority.create, .fail] {
            #expect(throws: SigningError.authorityRefused(path: keyPath, problem: problem)) {
                try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: missingKey)
            }
        }
        #expect(try LedgerTestFiles.bytes(keyPath) == Array(text.utf8))
        let message = SigningError.authorityRefused(path: keyPath, problem: problem).description
        #expect(message.contains(keyPath) && message.contains(problem.reason))
        #expect(message.contains("Restore this store's own file from a backup") && message.contains("mv -n -T \(keyPath) \(keyPath).refused"))
        #expect(message.contains("those configured with the old root refuse everything signed from then on"))
        #expect(!message.contains("--adopt"), "damage cannot be adopted")
    }

    /// The parts of two authorities, mixed: refused, and left in place.
    @Test(arguments: ["key", "intermediate", "root"])
    func anotherAuthoritysPartsAreRefused(swapped: String) throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        let ours = try TransactionSigner(ledgerPath: directory.ledgerPath).authority
        let theirs = try CertificateAuthority.make()
        let key = try (swapped == "key" ? theirs : ours).leafKey.pem()
        let intermediate = (swapped == "intermediate" ? theirs : ours).intermediate
        let root = (swapped == "root" ? theirs : ours).root
        let text = Array((key + ours.leaf.pem + intermediate.pem + root.pem).utf8)
        try LedgerTestFiles.write(text, to: keyPath)
        #expect {
            try TransactionSigner(ledgerPath: directory.ledgerPath)
        } throws: { error in
            guard case let SigningError.authorityRefused(path, problem) = error else { return false }
            return path == keyPath && (swapped == "key" ? problem == .keyMismatch : problem.reason.contains("not a chain"))
        }
        #expect(try LedgerTestFiles.bytes(keyPath) == text)
    }

    /// A whole, sound authority from another store: its seal is of another key.
    @Test func anotherStoresAuthorityIsRefusedUntilAdopted() throws {
        let ours = try SigningTestDirectory()
        let theirs = try SigningTestDirectory()
        let theirAuthority = try TransactionSigner(ledgerPath: theirs.ledgerPath).authority
        let copied = try LedgerTestFiles.bytes(theirs.ledgerPath + ".authority.pem")
        let path = ours.ledgerPath + ".authority.pem"
        try LedgerTestFiles.write(copied, to: path)
        for missingKey in [TransactionSigner.MissingAuthority.create, .fail] {
            #expect(throws: SigningError.authorityRefused(path: path, problem: .otherStore)) {
                try TransactionSigner(ledgerPath: ours.ledgerPath, missingAuthority: missingKey)
            }
        }
        #expect(try LedgerTestFiles.bytes(path) == copied)
        let message = SigningError.authorityRefused(path: path, problem: .otherStore).description
        #expect(message.contains("sealed with another store's key") && message.contains("storefront certificate --adopt"))

        let adopted = try TransactionSigner.adopting(ledgerPath: ours.ledgerPath)
        #expect(adopted.authority.x5c == theirAuthority.x5c)
        #expect(try TransactionSigner(ledgerPath: ours.ledgerPath, missingAuthority: .fail).authority.x5c == theirAuthority.x5c)
        #expect(try LedgerTestFiles.permissions(path) == 0o600)
        // Its own store no longer owns the copy, but keeps its own file.
        #expect(try TransactionSigner(ledgerPath: theirs.ledgerPath, missingAuthority: .fail).authority.x5c == theirAuthority.x5c)
    }

    /// An authority without a seal line (copied, or written before authorities were sealed).
    @Test func anUnsealedAuthorityIsRefusedUntilAdopted() throws {
        let directory = try SigningTestDirectory()
        let path = directory.ledgerPath + ".authority.pem"
        let made = try TransactionSigner(ledgerPath: directory.ledgerPath).authority
        let unsealed = try made.leafKey.pem() + made.leaf.pem + made.intermediate.pem + made.root.pem
        try LedgerTestFiles.write(Array(unsealed.utf8), to: path)
        #expect(throws: SigningError.authorityRefused(path: path, problem: .unsealed)) {
            try TransactionSigner(ledgerPath: directory.ledgerPath)
        }
        #expect(try LedgerTestFiles.bytes(path) == Array(unsealed.utf8))
        #expect(try TransactionSigner.adopting(ledgerPath: directory.ledgerPath).authority.x5c == made.x5c)
        #expect(try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: .fail).authority.x5c == made.x5c)
    }

    @Test func damageIsNotAdopted() throws {
        let directory = try SigningTestDirectory()
        let path = directory.ledgerPath + ".authority.pem"
        try LedgerTestFiles.write(Array("damaged\n".utf8), to: path)
        #expect(throws: SigningError.authorityRefused(path: path, problem: .notPEM)) {
            try TransactionSigner.adopting(ledgerPath: directory.ledgerPath)
        }
        #expect(try LedgerTestFiles.bytes(path) == Array("damaged\n".utf8))
    }

    /// No key, no store: a mistyped path makes nothing, not even the folder.
    @Test func withoutTheStoresKeyNothingIsMade() throws {
        let directory = try SigningTestDirectory()
        let ledgerPath = directory.path + "/nested/entitlements.jsonl"
        #expect(throws: SigningError.storeKeyUnavailable(.keyMissing(keyPath: ledgerPath + ".key"))) {
            try TransactionSigner(ledgerPath: ledgerPath)
        }
        #expect(!LedgerTestFiles.exists(directory.path + "/nested"))
        let message = SigningError.storeKeyUnavailable(.keyMissing(keyPath: ledgerPath + ".key")).description
        #expect(message.contains("there is no store key at \(ledgerPath).key") && message.contains("Check --entitlements"))
    }

    @Test func anAuthorityPathThatCannotBeReadIsUnusable() throws {
        let directory = try SigningTestDirectory()
        try FileManager.default.createDirectory(atPath: directory.ledgerPath + ".authority.pem", withIntermediateDirectories: false)
        #expect {
            try TransactionSigner(ledgerPath: directory.ledgerPath)
        } throws: { error in
            guard case let SigningError.authorityUnusable(_, cause) = error else { return false }
            return cause.code == EISDIR
        }
    }

    @Test(arguments: [FileOperation.write, .synchronize, .rename])
    func aFailedWriteLeavesNoAuthorityAndTheNextUseSucceeds(operation: FileOperation) throws {
        let directory = try SigningTestDirectory()
        let faults = FaultInjectingFileSystem()
        faults.failCall(1, of: operation, errno: ENOSPC)
        #expect {
            try TransactionSigner(ledgerPath: directory.ledgerPath, fileSystem: faults)
        } throws: { error in
            guard case let SigningError.authorityUnusable(_, cause) = error else { return false }
            return cause.code == ENOSPC && "\(error)".contains("Free some disk space")
        }
        #expect(!LedgerTestFiles.exists(directory.ledgerPath + ".authority.pem"))
        let signer = try TransactionSigner(ledgerPath: directory.ledgerPath, fileSystem: faults)
        #expect(try TransactionSigner(ledgerPath: directory.ledgerPath).authority.root.der == signer.authority.root.der)
    }

    @Test func signersRacingToCreateTheAuthorityAllEndUpWithTheSameOne() throws {
        let directory = try SigningTestDirectory()
        let racers = 4
        for round in 0..<30 {
            let ledgerPath = directory.path + "/race-\(round).jsonl"
            try SigningTestDirectory.writeStoreKey(at: ledgerPath + ".key")
            // Behind an NSLock: ThreadSanitizer reports a Synchronization.Mutex used from these
            // detached threads as a racing access, whether it is a local or a class property.
            let keys = KeysSeen()
            let start = DispatchSemaphore(value: 0)
            let finished = DispatchGroup()
            for _ in 0..<racers {
                finished.enter()
                Thread.detachNewThread {
                    start.wait()
                    let pem = (try? TransactionSigner(ledgerPath: ledgerPath).authority.root.pem) ?? "failed"
                    keys.add(pem)
                    finished.leave()
                }
            }
            // Released together, so the racers meet the missing file at about the same moment.
            for _ in 0..<racers { start.signal() }
            finished.wait()
            let seen = keys.all
            #expect(seen.count == racers)
            #expect(Set(seen).count == 1, "round \(round): \(Set(seen).count) different keys")
            #expect(!seen.contains("failed"))
            #expect(try TransactionSigner(ledgerPath: ledgerPath, missingAuthority: .fail).authority.root.pem == seen.first)
        }
    }
}

/// The root certificates racing signers ended up with.
private final class KeysSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []

    func add(_ key: String) {
        lock.lock()
        keys.append(key)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return keys
    }
}
