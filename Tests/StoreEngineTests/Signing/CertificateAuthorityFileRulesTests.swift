import Foundation
import Glibc
import Testing
@testable import StoreEngine
@testable import StoreSigning

/// The certificate authority follows the rules of every secret: an ordinary file with one
/// name, the user's own, mode 0600. Anything else is neither replaced nor trusted.
// The time limit turns a hang (an open that waits on a FIFO) into a failure. It is generous:
// a test may wait minutes for a thread on a loaded two-core machine before it runs.
@Suite("Certificate authority file rules", .timeLimit(.minutes(15)))
struct CertificateAuthorityFileRulesTests {
    @Test("a world-readable file planted at the authority path is refused and left alone")
    func plantedReadableFile() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        try LedgerTestFiles.write(Array("planted".utf8), to: keyPath)
        chmod(keyPath, 0o644)
        let error = try #require(throws: SigningError.self) { try TransactionSigner(ledgerPath: directory.ledgerPath) }
        #expect("\(error)".contains("chmod 600 \(keyPath)"), "\(error)")
        #expect(try LedgerTestFiles.bytes(keyPath) == Array("planted".utf8))
    }

    @Test("an authority that others may read is not used for signing or checking")
    func readableKeyIsNotUsed() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        _ = try TransactionSigner(ledgerPath: directory.ledgerPath)
        chmod(keyPath, 0o640)
        #expect(throws: SigningError.self) { try TransactionSigner(ledgerPath: directory.ledgerPath, missingAuthority: .fail) }
    }

    @Test("an authority of another user is not used", .enabled(if: geteuid() == 0, "needs root to give a file away"))
    func foreignKeyIsNotUsed() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        _ = try TransactionSigner(ledgerPath: directory.ledgerPath)
        chown(keyPath, 65534, 65534)
        let error = try #require(throws: SigningError.self) { try TransactionSigner(ledgerPath: directory.ledgerPath) }
        #expect("\(error)".contains("belongs to another user (uid 65534)"), "\(error)")
    }

    @Test("a link, dangling or not, and a FIFO at the authority path are refused at once")
    func linkAndFIFO() throws {
        let directory = try SigningTestDirectory()
        let keyPath = directory.ledgerPath + ".authority.pem"
        try FileManager.default.createSymbolicLink(atPath: keyPath, withDestinationPath: directory.ledgerPath + ".elsewhere")
        #expect(throws: SigningError.self) { try TransactionSigner(ledgerPath: directory.ledgerPath) }
        #expect(!LedgerTestFiles.exists(directory.ledgerPath + ".elsewhere"))
        unlink(keyPath)
        #expect(mkfifo(keyPath, 0o600) == 0)
        #expect(throws: SigningError.self) { try TransactionSigner(ledgerPath: directory.ledgerPath) }
    }
}
