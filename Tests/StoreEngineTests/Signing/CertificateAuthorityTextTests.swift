import Foundation
import Testing
@testable import StoreSigning

/// Reading an authority file's text: every kind of damage is told apart, without a file.
@Suite struct CertificateAuthorityTextTests {
    static let key = PEMBlock.privateKeyLabel
    static let certificate = PEMBlock.certificateLabel

    /// A block of `label` around bytes that are no key or certificate.
    static func junkBlock(_ label: String) -> String { PEMBlock(label: label, bytes: [0, 0, 0]).text }

    static func text(_ chain: CertificateChain, key: P256PrivateKey? = nil, seal: String? = nil) throws -> [UInt8] {
        let sealLine = seal.map { CertificateAuthorityText.sealPrefix + $0 + "\n" } ?? ""
        return Array((sealLine + (try (key ?? chain.leafKey).pem()) + chain.leaf.pem + chain.intermediate.pem + chain.root.pem).utf8)
    }

    func problem(_ bytes: [UInt8]) -> AuthorityProblem? {
        do {
            _ = try CertificateAuthorityText.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func whatTheStoreWritesReadsBackWithItsSeal() throws {
        let authority = try CertificateAuthority.make()
        let seal = String(repeating: "ab", count: 32)
        let text = try CertificateAuthorityText.text(of: authority, seal: seal)
        #expect(text.hasPrefix("Storefront-Store-Seal: \(seal)\n-----BEGIN PRIVATE KEY-----\n"))
        let read = try CertificateAuthorityText.read(Array(text.utf8))
        #expect(read.seal == seal)
        #expect(read.authority.x5c == authority.x5c)
    }

    @Test func aFileWithoutASealLineReadsWithNone() throws {
        let read = try CertificateAuthorityText.read(try Self.text(try TestAuthority.chain()))
        #expect(read.seal == nil)
    }

    @Test func emptyTooLargeAndNotPEMAreToldApart() {
        #expect(problem([]) == .empty)
        #expect(problem(Array(repeating: UInt8(ascii: "a"), count: CertificateAuthorityText.maximumByteCount + 1))
            == .tooLarge(limit: CertificateAuthorityText.maximumByteCount))
        #expect(problem(Array("{\"ledger\": true}\n".utf8)) == .notPEM)
        #expect(problem([0xFF, 0xFE, 0x00, 0x01]) == .notPEM)
        #expect(problem(Array("-----BEGIN PRIVATE KEY-----\nMIGH\n".utf8)) == .cutShort)
        #expect(problem(Array("-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n".utf8)) == .cutShort)
    }

    @Test func aMissingOrMisplacedPartIsNamed() throws {
        let chain = try TestAuthority.chain()
        let key = try chain.leafKey.pem()
        #expect(problem(Array((chain.leaf.pem + chain.intermediate.pem + chain.root.pem).utf8))
            == .wrongParts(found: [Self.certificate, Self.certificate, Self.certificate]))
        #expect(problem(Array((key + chain.leaf.pem).utf8)) == .wrongParts(found: [Self.key, Self.certificate]))
        #expect(problem(Array((chain.root.pem + key + chain.leaf.pem + chain.intermediate.pem).utf8))
            == .wrongParts(found: [Self.certificate, Self.key, Self.certificate, Self.certificate]))
        let ecKey = Self.junkBlock("EC PRIVATE KEY")
        #expect(problem(Array((ecKey + chain.leaf.pem + chain.intermediate.pem + chain.root.pem).utf8))
            == .wrongParts(found: ["EC PRIVATE KEY", Self.certificate, Self.certificate, Self.certificate]))
        let message = AuthorityProblem.wrongParts(found: [Self.key, Self.certificate]).reason
        #expect(message.contains("it holds a private key and 1 certificate, where a private key followed by three certificates"))
    }

    @Test func aPartThatIsNotWhatItsLabelSaysIsNamed() throws {
        let chain = try TestAuthority.chain()
        let junkKey = Self.junkBlock(Self.key) + chain.leaf.pem + chain.intermediate.pem + chain.root.pem
        guard case .unreadablePart(part: "private key", _) = problem(Array(junkKey.utf8)) else {
            Issue.record("a junk key: \(String(describing: problem(Array(junkKey.utf8))))")
            return
        }
        let junkRoot = try chain.leafKey.pem() + chain.leaf.pem + chain.intermediate.pem + Self.junkBlock(Self.certificate)
        guard case .unreadablePart(part: "root certificate", _) = problem(Array(junkRoot.utf8)) else {
            Issue.record("a junk root: \(String(describing: problem(Array(junkRoot.utf8))))")
            return
        }
    }

    @Test func unrelatedKeysAndCertificatesAreNotAChain() throws {
        let ours = try TestAuthority.chain()
        let theirs = try TestAuthority.chain()
        #expect(problem(try Self.text(ours, key: try P256PrivateKey.generate())) == .keyMismatch)
        let mixed = try ours.leafKey.pem() + ours.leaf.pem + theirs.intermediate.pem + theirs.root.pem
        guard case .chainBroken = problem(Array(mixed.utf8)) else {
            Issue.record("a leaf under another intermediate: \(String(describing: problem(Array(mixed.utf8))))")
            return
        }
    }

    @Test(arguments: [true, false])
    func aCertificateWithoutItsMarkerIsNamed(onLeaf: Bool) throws {
        let chain = try TestAuthority.chain(leafMarker: onLeaf ? nil : Certificate.leafMarker,
                                            intermediateMarker: onLeaf ? Certificate.intermediateMarker : nil)
        #expect(problem(try Self.text(chain)) == (onLeaf
            ? .markerMissing(certificate: "leaf", marker: Certificate.leafMarker)
            : .markerMissing(certificate: "intermediate", marker: Certificate.intermediateMarker)))
    }

    @Test func onlyProblemsOfProvenanceCanBeAdopted() {
        let adoptable: [AuthorityProblem] = [.unsealed, .otherStore]
        let damage: [AuthorityProblem] = [.empty, .notPEM, .cutShort, .keyMismatch, .wrongParts(found: []),
                                          .chainBroken(detail: "x"), .tooLarge(limit: 1)]
        #expect(adoptable.allSatisfy { $0.isAdoptable })
        #expect(!damage.contains { $0.isAdoptable })
    }
}
