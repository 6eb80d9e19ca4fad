import Foundation
import StoreLedger
import StoreSigning
import Testing
@testable import StorefrontTesting

/// `verify-transaction` reports each kind of token the App Store's verifiers refuse as the
/// README documents it: algorithm, chain length, another authority, a leaf without its marker.
@Suite struct VerifyTransactionChainTests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// The purchase's signed transaction, and its payload text.
    func bought() throws -> (token: String, payload: String) {
        let bought = try #require(try cli.run(["buy", "com.example.rage.noads", "--json"]).json() as? [String: Any])
        let token = try #require(bought["signedTransaction"] as? String)
        let payload = String(decoding: try #require(Base64URL.decode(token.split(separator: ".")[1])), as: UTF8.self)
        return (token, payload)
    }

    func verdict(_ token: String) throws -> (status: Int32, shape: [String: Any]) {
        let result = try cli.run(["verify-transaction", token, "--json"])
        return (result.status, try #require(try result.json() as? [String: Any], "\(result.stderr)"))
    }

    @Test(arguments: [("none", "only \"ES256\""), ("HS256", "only \"ES256\""), ("EdDSA", "earlier Storefront version")])
    func otherAlgorithmsAreMalformed(algorithm: String, says text: String) throws {
        let (token, _) = try bought()
        let header = Base64URL.encode(Array(#"{"alg":"\#(algorithm)","typ":"JWT"}"#.utf8))
        let parts = token.split(separator: ".")
        let result = try verdict(header + "." + parts[1] + "." + (algorithm == "none" ? "" : parts[2]))
        #expect(result.status == 3)
        #expect(result.shape["status"] as? String == "malformed")
        #expect((result.shape["detail"] as? String)?.contains(text) == true, "\(result.shape)")
    }

    @Test("a header whose field has the wrong type names the field (before: 'not a JSON object with an \"alg\" field')",
          arguments: [(#"{"alg":"ES256","x5c":"abc"}"#, "the token's header field x5c has the wrong type (it must be a list)"),
                      (#"{"x5c":[]}"#, "the token's header has no alg field"),
                      ("[1]", "the token's header is not a JSON object")])
    func aHeaderOfTheWrongShapeNamesItsField(header: String, says text: String) throws {
        let (token, _) = try bought()
        let parts = token.split(separator: ".")
        let result = try verdict(Base64URL.encode(Array(header.utf8)) + "." + parts[1] + "." + parts[2])
        #expect(result.status == 3 && result.shape["status"] as? String == "malformed")
        #expect((result.shape["detail"] as? String)?.contains(text) == true, "\(result.shape)")
    }

    @Test("a header with crit is refused as malformed, its extensions named (before: only its signature was checked)")
    func criticalExtensionsAreRefused() throws {
        let (token, _) = try bought()
        let headerBytes = try #require(Base64URL.decode(token.split(separator: ".")[0]))
        let header = String(decoding: headerBytes, as: UTF8.self)
        let parts = token.split(separator: ".")
        let withCrit = Base64URL.encode(Array(header.replacingOccurrences(of: #""alg":"ES256","#, with: #""alg":"ES256","crit":["exp"],"#).utf8))
        let result = try verdict(withCrit + "." + parts[1] + "." + parts[2])
        #expect(result.status == 3 && result.shape["status"] as? String == "malformed", "\(result.shape)")
        #expect((result.shape["detail"] as? String)?.contains(#"crit field lists extensions a verifier must understand ("exp")"#) == true,
                "\(result.shape)")
    }

    @Test func aChainOfTwoAnotherStoresChainAndALeafWithoutItsMarkerAreUntrusted() throws {
        let (token, payload) = try bought()
        let headerBytes = try #require(Base64URL.decode(token.split(separator: ".")[0]))
        let header = try #require(try JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any])
        let x5c = try #require(header["x5c"] as? [String])
        let shortHeader = Base64URL.encode(Array(#"{"alg":"ES256","x5c":["\#(x5c[0])","\#(x5c[2])"]}"#.utf8))
        let parts = token.split(separator: ".")
        let short = try verdict(shortHeader + "." + parts[1] + "." + parts[2])
        #expect(short.status == 1 && short.shape["status"] as? String == "untrustedChain")
        #expect((short.shape["detail"] as? String)?.contains("holds 2 certificates") == true, "\(short.shape)")
        // A header without x5c is said to have none (before: "holds 0 certificates").
        let bare = try verdict(Base64URL.encode(Array(#"{"alg":"ES256"}"#.utf8)) + "." + parts[1] + "." + parts[2])
        #expect((bare.shape["detail"] as? String)?.contains("the header has no x5c; the App Store's chain is exactly three") == true,
                "\(bare.shape)")

        let other = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let foreignToken = try #require((try other.run(["buy", "com.example.rage.noads", "--json"]).json()
            as? [String: Any])?["signedTransaction"] as? String)
        let foreign = try verdict(foreignToken)
        #expect(foreign.status == 1 && foreign.shape["status"] as? String == "untrustedChain")
        #expect((foreign.shape["detail"] as? String)?.contains("does not reach this store's root") == true)

        let unmarked = try CertificateChain.issue(names: ("Root", "Intermediate", "Leaf"), organization: "Tests", leafMarker: nil)
        let withoutMarker = try verdict(try unmarked.sign(payload: Array(payload.utf8)))
        #expect(withoutMarker.status == 1 && withoutMarker.shape["status"] as? String == "untrustedChain")
        #expect(try cli.run(["verify-transaction", token]).status == 0, "the genuine token still verifies")
    }
}
