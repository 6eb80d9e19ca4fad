import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning
@testable import StoreLedger

/// libcrypto's Ed25519 and SHA-256 as we call them, checked against published test vectors.
@Suite struct SigningEd25519Tests {
    // RFC 8032 §7.1, TEST 1 (empty message) and TEST 2 (one byte, 0x72).
    static let secretKey = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
    static let publicKey = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    static let emptyMessageSignature = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065"
        + "224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
    static let secondSecretKey = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"
    static let oneByteSignature = "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
        + "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"

    static func key(_ hex: String) throws -> Ed25519PrivateKey {
        let seed = try #require(Hex.decode(Array(hex.utf8)))
        return try Ed25519PrivateKey(pem: PKCS8.pem(algorithm: PKCS8.ed25519, key: seed))
    }

    @Test func signaturesMatchRFC8032() throws {
        let first = try Self.key(Self.secretKey)
        #expect(Hex.string(try first.publicKey().rawBytes()) == Self.publicKey)
        #expect(Hex.string(try first.signature(for: [])) == Self.emptyMessageSignature)
        let second = try Self.key(Self.secondSecretKey)
        #expect(Hex.string(try second.signature(for: [0x72])) == Self.oneByteSignature)
    }

    @Test func verificationAcceptsTheRFCSignatureAndRefusesAnyOtherMessageOrSignature() throws {
        let publicKey = try Self.key(Self.secretKey).publicKey()
        let signature = try #require(Hex.decode(Array(Self.emptyMessageSignature.utf8)))
        #expect(publicKey.isValidSignature(signature, for: []))
        #expect(!publicKey.isValidSignature(signature, for: [0]))
        var flipped = signature
        flipped[10] ^= 0x01
        #expect(!publicKey.isValidSignature(flipped, for: []))
        #expect(!publicKey.isValidSignature(Array(signature.dropLast()), for: []))
        #expect(!publicKey.isValidSignature([], for: []))
    }

    @Test func pemRoundTripsKeepTheKey() throws {
        let key = try Ed25519PrivateKey.generate()
        let again = try Ed25519PrivateKey(pem: try key.pem())
        #expect(try again.publicKey().rawBytes() == key.publicKey().rawBytes())
        let publicPEM = try key.publicKey().pem()
        #expect(try Ed25519PublicKey(pem: publicPEM).pem() == publicPEM)
        let message = Array("storefront".utf8)
        #expect(try Ed25519PublicKey(pem: publicPEM).isValidSignature(try again.signature(for: message), for: message))
    }

    @Test func theKeyIDIsTheStartOfTheSHA256OfTheRawPublicKey() throws {
        #expect(Hex.string(try SHA256.digest(Array("abc".utf8)))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let publicKey = try Self.key(Self.secretKey).publicKey()
        #expect(try publicKey.keyID() == String(Hex.string(try SHA256.digest(try publicKey.rawBytes())).prefix(16)))
    }

    @Test func anEncryptedKeyIsRefusedWithoutAskingForAPassphrase() throws {
        let encrypted = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIGbMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAhaaaaaaaaaaQICCAAw
        DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEAAAAAAAAAAAAAAAAAAAAAAEQAAA
        -----END ENCRYPTED PRIVATE KEY-----

        """
        #expect(throws: CryptoError.self) { try Ed25519PrivateKey(pem: encrypted) }
    }
}
