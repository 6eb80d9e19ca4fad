import Foundation
import StoreEngine
import StoreServer
import StoreSigning
import XCTest

/// Each reason a bearer token is refused, with a real P-256 key and the server's own check.
final class BearerTokenCheckTests: XCTestCase {
    let issuer = "5C0E5A2D-1F4B-4E8A-9D6C-3B7A2E1F0D9C"
    let bundle = "com.example.rage"
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var made: InAppPurchaseKeyFile.MadeKey!
    var signingKey: P256PrivateKey!

    override func setUpWithError() throws {
        made = try InAppPurchaseKeyFile.make(keyID: "ABCDEFGHIJ")
        signingKey = try P256PrivateKey(pem: made.privatePEM)
    }

    private func key(revoked: Date? = nil) -> InAppPurchaseKey {
        InAppPurchaseKey(keyID: made.keyID, issuerID: issuer, publicKey: made.publicKey, created: now, revoked: revoked)
    }

    private func check(_ keys: [InAppPurchaseKey]? = nil) -> BearerTokenCheck {
        BearerTokenCheck(keys: keys ?? [key()], bundleID: bundle, now: now) { key, signature, input in
            guard let der = Data(base64Encoded: key.publicKey),
                  let publicKey = try? P256PublicKey(pem: PEMBlock(label: "PUBLIC KEY", bytes: Array(der)).text) else { return false }
            return publicKey.isValidRawSignature(signature, for: input)
        }
    }

    /// A token signed with the test's key: `claims` over the defaults, nil values left out.
    private func token(header: [String: Any]? = nil, claims changes: [String: Any?] = [:], signWith other: P256PrivateKey? = nil) throws -> String {
        var claims: [String: Any] = ["iss": issuer, "aud": "appstoreconnect-v1", "bid": bundle,
                                     "iat": now.timeIntervalSince1970 - 10, "exp": now.timeIntervalSince1970 + 600]
        for (name, value) in changes { claims[name] = value }
        let headerJSON = try JSONSerialization.data(withJSONObject: header ?? ["alg": "ES256", "kid": made.keyID, "typ": "JWT"])
        let input = Base64URL.encode(Array(headerJSON)) + "." + Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: claims)))
        return input + "." + Base64URL.encode(try (other ?? signingKey).rawSignature(for: Array(input.utf8)))
    }

    private func refusal(_ authorization: String?, keys: [InAppPurchaseKey]? = nil) -> String? {
        do {
            _ = try check(keys).authorize(authorization)
            return nil
        } catch {
            XCTAssertEqual(error.httpStatus, 401)
            return error.errorMessage
        }
    }

    func testAWellFormedTokenSpeaksForTheServedApp() throws {
        let caller = try check().authorize("Bearer " + token())
        XCTAssertEqual(caller, AuthorizedCaller(bundleID: bundle, keyID: made.keyID))
    }

    func testApplesClientTokensWithoutIatAreAcceptedWithinAnHour() throws {
        XCTAssertNoThrow(try check().authorize("Bearer " + token(claims: ["iat": nil, "exp": now.timeIntervalSince1970 + 300])))
        XCTAssertNotNil(refusal("Bearer " + (try token(claims: ["iat": nil, "exp": now.timeIntervalSince1970 + 7_200]))))
    }

    func testMissingMalformedAndForeignTokensAreRefusedWithTheirReason() throws {
        XCTAssertEqual(refusal(nil)?.contains("no Authorization header"), true)
        XCTAssertEqual(refusal("Basic dXNlcjpwYXNz")?.contains("not `Bearer TOKEN`"), true)
        XCTAssertEqual(refusal("Bearer not.a-token")?.contains("three base64url parts"), true)
        XCTAssertEqual(refusal("Bearer " + (try token(header: ["alg": "HS256", "kid": made.keyID])))?.contains("HS256"), true)
        XCTAssertEqual(refusal("Bearer " + (try token(header: ["alg": "ES256"])))?.contains("no kid"), true)
        // A field of the wrong type is named (before: "the token's header or claims are not JSON objects").
        let numericKid = refusal("Bearer " + (try token(header: ["alg": "ES256", "kid": 5])))
        XCTAssertEqual(numericKid?.contains("the token's header field kid has the wrong type (it must be a string)"), true, numericKid ?? "")
        let hugeExp = refusal("Bearer " + Base64URL.encode(Array(#"{"alg":"ES256","kid":"K"}"#.utf8)) + "."
                              + Base64URL.encode(Array(#"{"exp":1e400}"#.utf8)) + ".AAAA")
        XCTAssertEqual(hugeExp?.contains("the token's claims field exp"), true, hugeExp ?? "")
        let twice = refusal("Bearer " + Base64URL.encode(Array(#"{"alg":"ES256","kid":"K"}"#.utf8)) + "."
                            + Base64URL.encode(Array(#"{"exp":1,"exp":2}"#.utf8)) + ".AAAA")
        XCTAssertEqual(twice?.contains("the token's claims give exp more than once; give it once"), true, twice ?? "")
        let audience = refusal("Bearer " + (try token(claims: ["aud": 1])))
        XCTAssertEqual(audience?.contains("aud has the wrong type (it must be a string or a list of strings)"), true, audience ?? "")
        let deep = String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
        let nested = refusal("Bearer " + Base64URL.encode(Array(#"{"alg":"ES256","kid":"K"}"#.utf8)) + "." + Base64URL.encode(Array(deep.utf8)) + ".AAAA")
        XCTAssertEqual(nested?.contains("the token's claims are not JSON this store reads"), true, nested ?? "")
        let notObject = refusal("Bearer " + Base64URL.encode(Array("[1]".utf8)) + "." + Base64URL.encode(Array("{}".utf8)) + ".AAAA")
        XCTAssertEqual(notObject?.contains("the token's header is not a JSON object"), true, notObject ?? "")
    }

    func testUnknownRevokedAndWronglySignedKeysAreRefused() throws {
        XCTAssertEqual(refusal("Bearer " + (try token()), keys: [])?.contains("no API key ABCDEFGHIJ"), true)
        let revoked = refusal("Bearer " + (try token()), keys: [key(revoked: Date(timeIntervalSince1970: 1_800_000_000))])
        XCTAssertEqual(revoked?.contains("revoked at store time 2027-01-15T08:00:00Z (the store's clock, not the wall clock"), true, revoked ?? "")
        XCTAssertEqual(refusal("Bearer " + (try token(signWith: try P256PrivateKey.generate())))?.contains("does not verify"), true)
    }

    func testClaimsAreCheckedAsApplesAre() throws {
        XCTAssertEqual(refusal("Bearer " + (try token(claims: ["iss": "someone-else"])))?.contains("iss"), true)
        XCTAssertEqual(refusal("Bearer " + (try token(claims: ["aud": "other"])))?.contains("aud"), true)
        XCTAssertEqual(refusal("Bearer " + (try token(claims: ["bid": "com.example.other"])))?.contains("bid"), true)
        XCTAssertEqual(refusal("Bearer " + (try token(claims: ["exp": nil])))?.contains("no exp"), true)
        XCTAssertEqual(refusal("Bearer " + (try token(claims: ["exp": now.timeIntervalSince1970 - 120])))?.contains("expired"), true)
        XCTAssertEqual(refusal("Bearer " + (try token(claims: ["iat": now.timeIntervalSince1970 - 10,
                                                             "exp": now.timeIntervalSince1970 + 3_700])))?.contains("60 minutes"), true)
        XCTAssertEqual(refusal("Bearer " + (try token(claims: ["iat": now.timeIntervalSince1970 + 600])))?.contains("future"), true)
    }

    func testTwoAuthorizationHeadersAreRefusedEvenWhenBothAreValid() throws {
        let header = "Bearer " + (try token())
        XCTAssertNoThrow(try check().authorize(headerValues: [header]))
        XCTAssertThrowsError(try check().authorize(headerValues: [header, header])) { error in
            XCTAssertEqual((error as? AppStoreAPIError)?.httpStatus, 401)
            XCTAssertTrue((error as? AppStoreAPIError)?.errorMessage.contains("2 Authorization headers") == true, "\(error)")
        }
    }
}
