import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning

@Suite struct SigningMalformedTests {
    /// A verifier for an authority made for one test only.
    static func verifier() throws -> TransactionVerifier {
        TransactionVerifier(root: try CertificateAuthority.make().root)
    }

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

    @Test(arguments: ["none", "HS256", "EdDSA", "RS256", "es256"])
    func anyAlgorithmButES256IsMalformed(algorithm: String) throws {
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

    @Test func anEdDSATokenOfEarlierVersionsSaysHowToGetANewOne() throws {
        let header = Base64URL.encode(Array(#"{"alg":"EdDSA","kid":"0123456789abcdef","typ":"JWT"}"#.utf8))
        let result = try Self.verifier().verify(jws: header + ".e30." + Base64URL.encode([UInt8](repeating: 7, count: 64)), now: Date())
        #expect(result.status == .malformed)
        #expect(result.detail.contains("earlier Storefront version") && result.detail.contains("storefront transactions --json"))
    }

    @Test func aWellFormedTokenWithAForgedSignatureIsASignatureMismatch() throws {
        let authority = try CertificateAuthority.make()
        let signed = try TransactionSigner(authority: authority).sign(["signedDate": 1_796_000_000_000], signedAt: Date())
        var segments = signed.split(separator: ".").map(String.init)
        segments[2] = Base64URL.encode([UInt8](repeating: 7, count: 64))
        let result = TransactionVerifier(root: authority.root).verify(jws: segments.joined(separator: "."), now: Date())
        #expect(result.status == .signatureInvalid, "\(result.detail)")
    }

    @Test("a signature cut short or added to in copying is said to be so, by its length (before: \"not unpadded base64url text\")",
          arguments: [(1, true), (2, false), (5, true)])
    func aSignatureCutShortIsSaidToBe(cut: Int, undecodable: Bool) throws {
        let authority = try CertificateAuthority.make()
        let signed = try TransactionSigner(authority: authority).sign(["signedDate": 1_796_000_000_000], signedAt: Date())
        var segments = signed.split(separator: ".").map(String.init)
        #expect(segments[2].count == 86)
        segments[2] = String(segments[2].dropLast(cut))
        let result = TransactionVerifier(root: authority.root).verify(jws: segments.joined(separator: "."), now: Date())
        if undecodable {
            #expect(result.status == .malformed && result.detail.contains(
                "the signature part is \(86 - cut) characters long, where an ES256 signature takes 86") && result.detail.contains("cut short"),
                "\(result.detail)")
        } else {
            // 84 characters still decode, to 63 bytes, which no ES256 signature has (before: "signature invalid").
            #expect(result.status == .malformed && result.detail.contains("the signature part decodes to 63 bytes, where an ES256 signature is 64")
                    && result.detail.contains("cut short"), "\(result.detail)")
        }
    }

    @Test("a signature added to that still decodes is malformed by its byte count (before: \"signature invalid\")")
    func aSignatureAddedToIsMalformed() throws {
        let authority = try CertificateAuthority.make()
        let signed = try TransactionSigner(authority: authority).sign(["signedDate": 1_796_000_000_000], signedAt: Date())
        let result = TransactionVerifier(root: authority.root).verify(jws: signed + "AAAA", now: Date())
        #expect(result.status == .malformed && result.detail.contains("decodes to 67 bytes"), "\(result.detail)")
    }

    @Test func signedClaimsThatAreNotATransactionAreMalformed() throws {
        let authority = try CertificateAuthority.make()
        let token = try TransactionSigner(authority: authority).sign(["sub": "not a transaction"], signedAt: Date())
        let result = TransactionVerifier(root: authority.root).verify(jws: token, now: Date())
        #expect(result.status == .malformed)
        #expect(result.detail.contains("not a transaction"))
    }

    @Test(arguments: [0, 1, 2, 4])
    func aChainOfAnyLengthButThreeIsUntrusted(count: Int) throws {
        let authority = try CertificateAuthority.make()
        let certificates = Array(repeating: [authority.leaf, authority.intermediate, authority.root], count: 2).flatMap { $0 }
        let token = try TestAuthority.token(payload: "{}", key: authority.leafKey, chain: Array(certificates.prefix(count)))
        let result = TransactionVerifier(root: authority.root).verify(jws: token, now: Date())
        #expect(result.status == .untrustedChain)
        #expect(result.detail.contains("holds \(count) certificates"), "\(result.detail)")
    }

    @Test("a signed payload that gives a field twice is malformed, as other verifiers read the other value (before: the first was taken)")
    func aPayloadWithAFieldTwiceIsMalformed() throws {
        let authority = try CertificateAuthority.make()
        let payload = #"{"transactionId":"2000000000000005","transactionId":"2000000000000001","bundleId":"b"}"#
        let token = try TestAuthority.token(payload: payload, key: authority.leafKey, chain: [authority.leaf, authority.intermediate, authority.root])
        let result = TransactionVerifier(root: authority.root).verify(jws: token, now: Date())
        #expect(result.status == .malformed && result.detail.contains("the token's payload gives transactionId more than once"), "\(result.detail)")
    }

    @Test func anotherAuthoritysChainIsUntrustedEvenWithOurRootInIt() throws {
        let ours = try CertificateAuthority.make()
        let theirs = try CertificateAuthority.make()
        let token = try TestAuthority.token(payload: "{}", key: theirs.leafKey, chain: [theirs.leaf, theirs.intermediate, ours.root])
        let result = TransactionVerifier(root: ours.root).verify(jws: token, now: Date())
        #expect(result.status == .untrustedChain)
        #expect(result.detail.contains("does not reach this store's root"), "\(result.detail)")
    }

    @Test(arguments: [true, false])
    func aChainWithoutTheAppStoreMarkerIsUntrusted(onLeaf: Bool) throws {
        let chain = try TestAuthority.chain(leafMarker: onLeaf ? nil : Certificate.leafMarker,
                                            intermediateMarker: onLeaf ? Certificate.intermediateMarker : nil)
        let token = try chain.sign(payload: Array("{}".utf8))
        let result = TransactionVerifier(root: chain.root).verify(jws: token, now: Date())
        #expect(result.status == .untrustedChain)
        #expect(result.detail.contains(onLeaf ? Certificate.leafMarker : Certificate.intermediateMarker), "\(result.detail)")
    }

    @Test func certificateTextThatIsNotACertificateIsUntrusted() throws {
        let authority = try CertificateAuthority.make()
        let header = Base64URL.encode(Array(#"{"alg":"ES256","x5c":["AAAA","bm90","!!"]}"#.utf8))
        let result = TransactionVerifier(root: authority.root).verify(jws: header + ".e30." + Base64URL.encode([7]), now: Date())
        #expect(result.status == .untrustedChain)
        #expect(result.detail.contains("leaf certificate in x5c is not base64 DER"))
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
