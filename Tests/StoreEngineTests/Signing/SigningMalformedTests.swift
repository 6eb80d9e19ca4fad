import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning

@Suite struct SigningMalformedTests {
    /// A verifier for a key made for one test only.
    static func verifier() throws -> TransactionVerifier {
        try TransactionVerifier(publicKeyPEM: try Ed25519PrivateKey.generate().publicKey().pem())
    }

    static let validLooking = "eyJhbGciOiJFZERTQSJ9.e30." + Base64URL.encode([UInt8](repeating: 7, count: 64))

    @Test(arguments: [
        "", ".", "..", "...", "no dots at all", "one.dot", "a.b.c.d",
        ".e30.AAAA", "eyJhbGciOiJFZERTQSJ9..AAAA", "eyJhbGciOiJFZERTQSJ9.e30.",
        "!!!!.e30.AAAA", "eyJhbGciOiJFZERTQSJ9.e30=.AAAA", "eyJhbGciOiJFZERTQSJ9.e3+0.AAAA",
        "eyJhbGciOiJFZERTQSJ9.e30.A", "e30.e30.AAAA", "WzFd.e30.AAAA", "bm90IGpzb24.e30.AAAA",
        "💥.💥.💥", String(repeating: "A", count: 100_000) + ".e30.AAAA",
    ])
    func unreadableTokensAreMalformed(token: String) throws {
        let result = try Self.verifier().verify(jws: token, now: Date())
        #expect(result.status == .malformed, "\(result.detail)")
        #expect(result.payload == nil)
        #expect(!result.detail.isEmpty)
    }

    @Test(arguments: ["none", "HS256", "ES256", "RS256", "eddsa"])
    func anyAlgorithmButEdDSAIsMalformed(algorithm: String) throws {
        let header = Base64URL.encode(Array(#"{"alg":"\#(algorithm)","typ":"JWT"}"#.utf8))
        let token = header + ".e30." + Base64URL.encode([UInt8](repeating: 7, count: 64))
        let result = try Self.verifier().verify(jws: token, now: Date())
        #expect(result.status == .malformed)
        #expect(result.detail.contains(algorithm))
    }

    @Test func anUnsignedNoneTokenIsMalformed() throws {
        let header = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8))
        #expect(try Self.verifier().verify(jws: header + ".e30.", now: Date()).status == .malformed)
    }

    @Test func aWellFormedTokenWithAForgedSignatureIsASignatureMismatch() throws {
        #expect(try Self.verifier().verify(jws: Self.validLooking, now: Date()).status == .signatureInvalid)
    }

    @Test func signedClaimsThatAreNotATransactionAreMalformed() throws {
        let key = try Ed25519PrivateKey.generate()
        let verifier = try TransactionVerifier(publicKeyPEM: try key.publicKey().pem())
        let token = try CompactJWS.sign(payload: Array(#"{"sub":"not a transaction"}"#.utf8), keyID: verifier.keyID, with: key)
        let result = verifier.verify(jws: token, now: Date())
        #expect(result.status == .malformed)
        #expect(result.detail.contains("not a transaction"))
    }

    @Test(arguments: ["", "hello", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"])
    func aPublicKeyThatIsNotOneIsRefusedWithAHint(pem: String) {
        #expect {
            try TransactionVerifier(publicKeyPEM: pem)
        } throws: { error in
            guard case SigningError.publicKeyInvalid = error else { return false }
            return "\(error)".contains("storefront public-key")
        }
    }

    @Test func aPrivateKeyIsNotAcceptedAsAPublicKey() throws {
        let key = try Ed25519PrivateKey.generate()
        #expect(throws: SigningError.self) { try TransactionVerifier(publicKeyPEM: try key.pem()) }
    }

    @Test func base64URLRefusesPaddingForeignCharactersAndStrayBits() {
        #expect(Base64URL.decode("AA") == [0])
        #expect(Base64URL.decode("AB") == nil, "unused low bits must be zero")
        #expect(Base64URL.decode("AA==") == nil)
        #expect(Base64URL.decode("A") == nil)
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        for length in 0..<8 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 200) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }
}
