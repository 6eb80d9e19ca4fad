import Foundation
import Glibc
import Testing
@testable import StoreEngine
@testable import StoreLedger
@testable import StoreSigning
@testable import StorefrontTesting

@Suite struct SigningKeyFileTests {
    @Test func theKeyIsCreatedBesideTheLedgerPrivateAndReused() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".signing.pem"
        #expect(TransactionSigner.keyPath(forLedger: directory.ledgerPath) == keyPath)
        #expect(!LedgerTestFiles.exists(keyPath))

        let first = try TransactionSigner(ledgerPath: directory.ledgerPath)
        #expect(first.keyPath == keyPath)
        #expect(try LedgerTestFiles.permissions(keyPath) == 0o600)
        let written = try LedgerTestFiles.bytes(keyPath)
        #expect(String(decoding: written, as: UTF8.self).hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(first.publicKeyPEM.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
        #expect(first.keyID.count == 16 && first.keyID.allSatisfy(\.isHexDigit))

        let second = try TransactionSigner(ledgerPath: directory.ledgerPath, missingKey: .fail)
        #expect(second.publicKeyPEM == first.publicKeyPEM)
        #expect(second.keyID == first.keyID)
        #expect(try LedgerTestFiles.bytes(keyPath) == written)
    }

    @Test func aMissingKeyIsAnErrorThatSaysWhatToDoWhenNotToBeCreated() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".signing.pem"
        #expect(throws: SigningError.keyFileMissing(path: keyPath)) {
            try TransactionSigner(ledgerPath: directory.ledgerPath, missingKey: .fail)
        }
        let message = SigningError.keyFileMissing(path: keyPath).description
        #expect(message.contains(keyPath) && message.contains("storefront public-key"))
        #expect(!LedgerTestFiles.exists(keyPath))
    }

    @Test(arguments: [
        "not a key\n",
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    ])
    func aDamagedKeyIsReportedAndLeftAlone(text: String) throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".signing.pem"
        try LedgerTestFiles.write(Array(text.utf8), to: keyPath)
        for missingKey in [TransactionSigner.MissingKey.create, .fail] {
            #expect {
                try TransactionSigner(ledgerPath: directory.ledgerPath, missingKey: missingKey)
            } throws: { error in
                guard case let SigningError.keyFileCorrupt(path, _) = error else { return false }
                return path == keyPath && "\(error)".contains("delete it")
            }
        }
        #expect(try LedgerTestFiles.bytes(keyPath) == Array(text.utf8))
    }

    @Test func aPublicKeyOrAnotherAlgorithmInTheKeyFileIsDamage() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".signing.pem"
        let publicPEM = try Ed25519PrivateKey.generate().publicKey().pem()
        try LedgerTestFiles.write(Array(publicPEM.utf8), to: keyPath)
        #expect(throws: SigningError.self) { try TransactionSigner(ledgerPath: directory.ledgerPath) }
        // An X25519 key is readable by libcrypto but cannot sign.
        let x25519 = PKCS8.pem(algorithm: PKCS8.x25519, key: [UInt8](repeating: 0x42, count: 32))
        try LedgerTestFiles.write(Array(x25519.utf8), to: keyPath)
        #expect {
            try TransactionSigner(ledgerPath: directory.ledgerPath)
        } throws: { error in
            if case SigningError.keyFileCorrupt = error { true } else { false }
        }
    }

    @Test func anEmptyKeyFileLeftByACrashIsFilled() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".signing.pem"
        try LedgerTestFiles.write([], to: keyPath)
        #expect(throws: SigningError.keyFileMissing(path: keyPath)) {
            try TransactionSigner(ledgerPath: directory.ledgerPath, missingKey: .fail)
        }
        let signer = try TransactionSigner(ledgerPath: directory.ledgerPath)
        #expect(try Ed25519PrivateKey(pem: String(decoding: try LedgerTestFiles.bytes(keyPath), as: UTF8.self))
            .publicKey().pem() == signer.publicKeyPEM)
    }

    @Test func aKeyPathThatCannotBeReadIsUnusable() throws {
        let directory = try SigningTestDirectory()
        try FileManager.default.createDirectory(atPath: directory.ledgerPath + ".signing.pem", withIntermediateDirectories: false)
        #expect {
            try TransactionSigner(ledgerPath: directory.ledgerPath)
        } throws: { error in
            guard case let SigningError.keyFileUnusable(_, cause) = error else { return false }
            return cause.code == EISDIR
        }
    }

    @Test func theKeysDirectoryIsCreatedWhenMissing() throws {
        let directory = try SigningTestDirectory()
        let ledgerPath = directory.path + "/nested/deeper/entitlements.jsonl"
        let signer = try TransactionSigner(ledgerPath: ledgerPath)
        #expect(try LedgerTestFiles.permissions(signer.keyPath) == 0o600)
        #expect(try LedgerTestFiles.permissions(directory.path + "/nested/deeper") == 0o700)
    }

    @Test(arguments: [FileOperation.write, .synchronize])
    func aFailedWriteLeavesNoHalfKeyAndTheNextUseSucceeds(operation: FileOperation) throws {
        let directory = try SigningTestDirectory()
        let faults = FaultInjectingFileSystem()
        faults.failCall(1, of: operation, errno: ENOSPC)
        #expect {
            try TransactionSigner(ledgerPath: directory.ledgerPath, fileSystem: faults)
        } throws: { error in
            guard case let SigningError.keyFileUnusable(_, cause) = error else { return false }
            return cause.code == ENOSPC && "\(error)".contains("Free some disk space")
        }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath + ".signing.pem").isEmpty)
        let signer = try TransactionSigner(ledgerPath: directory.ledgerPath, fileSystem: faults)
        #expect(try TransactionSigner(ledgerPath: directory.ledgerPath).publicKeyPEM == signer.publicKeyPEM)
    }

    @Test func signersRacingToCreateTheKeyAllEndUpWithTheSameOne() throws {
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
                    let pem = (try? TransactionSigner(ledgerPath: ledgerPath).publicKeyPEM) ?? "failed"
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
            #expect(try TransactionSigner(ledgerPath: ledgerPath, missingKey: .fail).publicKeyPEM == seen.first)
        }
    }
}

/// The public keys racing signers ended up with.
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
