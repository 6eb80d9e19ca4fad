import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger
@testable import StoreSigning
@testable import StorefrontTesting

/// In-app purchase keys: the `.p8` file beside the ledger and the public half the store records.
@Suite struct InAppPurchaseKeyFileTests {
    @Test func theP8FileIsPrivatePKCS8AndItsPublicHalfChecksItsSignatures() throws {
        let directory = try SigningTestDirectory()
        let made = try InAppPurchaseKeyFile.make(keyID: "ABCDE12345")
        let path = try InAppPurchaseKeyFile.save(made, forLedger: directory.ledgerPath)
        #expect(path == directory.ledgerPath + ".SubscriptionKey_ABCDE12345.p8")
        #expect(try LedgerTestFiles.permissions(path) == 0o600)
        let text = String(decoding: try LedgerTestFiles.bytes(path), as: UTF8.self)
        #expect(PEMBlock.blocks(in: text)?.map(\.label) == ["PRIVATE KEY"])
        let key = try P256PrivateKey(pem: text)
        let message = Array("bundle\u{2063}offer".utf8)
        let verifier = P256OfferSignatureVerifier()
        #expect(verifier.isValid(signature: try key.derSignature(for: message), of: message, publicKey: made.publicKey))
        #expect(!verifier.isValid(signature: try key.derSignature(for: message), of: message + [0], publicKey: made.publicKey))
        #expect(!verifier.isValid(signature: try key.derSignature(for: message), of: message, publicKey: "not base64"))
    }

    @Test func anExistingFileIsNeverReplaced() throws {
        let directory = try SigningTestDirectory()
        let first = try InAppPurchaseKeyFile.make(keyID: "SAMEKEYID1")
        let path = try InAppPurchaseKeyFile.save(first, forLedger: directory.ledgerPath)
        let second = try InAppPurchaseKeyFile.make(keyID: "SAMEKEYID1")
        #expect {
            try InAppPurchaseKeyFile.save(second, forLedger: directory.ledgerPath)
        } throws: { error in
            guard case .keyFileUnwritable(path, _)? = error as? SigningError else { return false }
            return "\(error)".contains("revoked at once")
        }
        #expect(String(decoding: try LedgerTestFiles.bytes(path), as: UTF8.self) == first.privatePEM)
    }

    @Test func keyIDsHaveAppStoreConnectsShape() {
        for _ in 0..<100 { #expect(InAppPurchaseKey.isKeyIDShaped(InAppPurchaseKey.randomKeyID())) }
        #expect(!InAppPurchaseKey.isKeyIDShaped("abcde12345"))
        #expect(!InAppPurchaseKey.isKeyIDShaped("ABCDE1234"))
    }
}
