import Foundation
import StoreSigning

/// Signs App Store Server API bearer tokens in the test itself, as Apple's client does
/// (ES256, kid; iss, aud, bid, exp five minutes ahead), for requests sent without Python.
enum BearerTokenMaker {
    static func token(keyPath: String, keyID: String, issuerID: String, bundleID: String) throws -> String {
        let key = try P256PrivateKey(pem: try String(contentsOfFile: keyPath, encoding: .utf8))
        let header = #"{"alg":"ES256","kid":"\#(keyID)","typ":"JWT"}"#
        let exp = Int(Date().timeIntervalSince1970) + 300
        let claims = #"{"iss":"\#(issuerID)","aud":"appstoreconnect-v1","bid":"\#(bundleID)","exp":\#(exp)}"#
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        return input + "." + Base64URL.encode(try key.rawSignature(for: Array(input.utf8)))
    }
}
