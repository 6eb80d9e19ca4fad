import Foundation
import StoreSigning

/// App Store Server API bearer tokens, signed in the benchmark with a key's `.p8` file as an
/// app's server signs them (ES256; `kid`; `iss`, `iat`, `exp`, `aud`, `bid`).
enum BearerToken {
    /// A token valid from now for `minutes` (the server accepts at most 60).
    static func make(keyPath: String, keyID: String, issuerID: String, bundleID: String, minutes: Int = 30) throws -> String {
        let pem: String
        do {
            pem = try String(contentsOfFile: keyPath, encoding: .utf8)
        } catch {
            throw BenchError.unexpectedResult("cannot read the in-app purchase key \(keyPath): \(error)")
        }
        let key = try P256PrivateKey(pem: pem)
        let now = Int(Date().timeIntervalSince1970)
        let header = #"{"alg":"ES256","kid":"\#(keyID)","typ":"JWT"}"#
        let claims = #"{"iss":"\#(issuerID)","iat":\#(now),"exp":\#(now + minutes * 60),"aud":"appstoreconnect-v1","bid":"\#(bundleID)"}"#
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        return signingInput + "." + Base64URL.encode(try key.rawSignature(for: Array(signingInput.utf8)))
    }
}
