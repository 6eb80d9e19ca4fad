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
        #expect(blocks[3].bytes == first.authority.root.der)

        let second = try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: .fail)
        #expect(second.authority.root.der == first.authority.root.der)
        #expect(second.authority.x5c == first.authority.x5c)
        #expect(try LedgerTestFiles.bytes(keyPath) == written)
    }

    @Test func theChainHasApplesShapeAndCoversTheStoreClock() throws {
        let authority = try TransactionSigner(ledgerPath: try SigningTestDirectory().ledgerPath).authority
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

    @Test(arguments: [
        "not a key\n",
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"
            + "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
    ])
    func aDamagedAuthorityIsReportedAndLeftAlone(text: String) throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        try LedgerTestFiles.write(Array(text.utf8), to: keyPath)
        for missingKey in [TransactionSigner.MissingAuthority.create, .fail] {
            #expect {
                try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: missingKey)
            } throws: { error in
                guard case let SigningError.authorityDamaged(path, _) = error else { return false }
                return path == keyPath && "\(error)".contains("move it away")
            }
        }
        #expect(try LedgerTestFiles.bytes(keyPath) == Array(text.utf8))
    }

    /// The parts of two authorities, mixed: refused as foreign, and left in place.
    @Test(arguments: ["key", "intermediate", "root"])
    func anotherAuthoritysPartsAreForeign(swapped: String) throws {
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
            guard case let SigningError.authorityForeign(path, _) = error else { return false }
            return path == keyPath && "\(error)".contains("not one this store made")
        }
        #expect(try LedgerTestFiles.bytes(keyPath) == text)
    }

    @Test(arguments: [true, false])
    func aChainWithoutAMarkerIsForeign(onLeaf: Bool) throws {
        let directory = try SigningTestDirectory()
        let chain = try TestAuthority.chain(leafMarker: onLeaf ? nil : Certificate.leafMarker,
                                            intermediateMarker: onLeaf ? Certificate.intermediateMarker : nil)
        let text = try chain.leafKey.pem() + chain.leaf.pem + chain.intermediate.pem + chain.root.pem
        try LedgerTestFiles.write(Array(text.utf8), to: directory.ledgerPath + ".authority.pem")
        let error = try #require(throws: SigningError.self) { try TransactionSigner(ledgerPath: directory.ledgerPath) }
        let marker = onLeaf ? Certificate.leafMarker : Certificate.intermediateMarker
        #expect("\(error)".contains("lacks the marker \(marker)"), "\(error)")
    }

    @Test func anEmptyAuthorityFileIsFilled() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        try LedgerTestFiles.write([], to: keyPath)
        #expect(throws: SigningError.authorityMissing(path: keyPath)) {
            try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: .fail)
        }
        let signer = try TransactionSigner(ledgerPath: directory.ledgerPath)
        #expect(try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: .fail).authority.root.der
            == signer.authority.root.der)
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

    @Test func theAuthoritysDirectoryIsCreatedWhenMissing() throws {
        let directory = try SigningTestDirectory()
        let ledgerPath = directory.path + "/nested/deeper/entitlements.jsonl"
        let signer = try TransactionSigner(ledgerPath: ledgerPath)
        #expect(try LedgerTestFiles.permissions(signer.authorityPath) == 0o600)
        #expect(try LedgerTestFiles.permissions(directory.path + "/nested/deeper") == 0o700)
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
