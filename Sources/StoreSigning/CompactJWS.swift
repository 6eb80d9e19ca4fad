import Foundation
import StoreLedger

/// JWS Compact Serialization (RFC 7515 §7.1) as the App Store uses it: ES256 (ECDSA P-256
/// with SHA-256, RFC 7518 §3.4) with the signer's certificate chain in `x5c`.
///
/// A token is `BASE64URL(header) . BASE64URL(payload) . BASE64URL(signature)`; the signature,
/// the 64-byte R‖S pair, covers the ASCII text of the first two parts joined by the dot.
enum CompactJWS {
    static let algorithm = "ES256"
    /// What tokens of Storefront before ES256 named; recognised to say what to do with them.
    static let previousAlgorithm = "EdDSA"

    /// The protected header: `{"alg":"ES256","x5c":[leaf, intermediate, root]}`.
    struct Header: Codable, Equatable {
        var alg: String
        var x5c: [String]?
        /// Extensions a verifier must understand (RFC 7515 §4.1.11); none is understood here.
        var crit: [String]?
    }

    /// A token split into its parts and decoded, not yet checked.
    struct Parts {
        var header: Header
        var payload: [UInt8]
        var signature: [UInt8]
        /// The bytes the signature covers.
        var signingInput: [UInt8]
    }

    /// Signs `payload` (JSON bytes) with the leaf of `chain`, naming the chain in the header.
    static func sign(payload: [UInt8], with chain: CertificateChain) throws(CryptoError) -> String {
        // Written out rather than encoded: base64 needs no escaping, and the header bytes
        // stay exactly the same from one release to the next.
        let certificates = chain.x5c.map { "\"\($0)\"" }.joined(separator: ",")
        let header = #"{"alg":"\#(algorithm)","x5c":[\#(certificates)]}"#
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(payload)
        let signature = try chain.leafKey.rawSignature(for: Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The length of an ES256 signature (64 bytes) in unpadded base64url.
    static let signatureCharacters = (P256PrivateKey.rawSignatureByteCount * 8 + 5) / 6

    /// Splits and decodes `token`, or says what is wrong with its form.
    static func parse(_ token: String) -> Result<Parts, MalformedReason> {
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { return .failure(.segmentCount(segments.count)) }
        let names = ["header", "payload", "signature"]
        var decoded: [[UInt8]] = []
        for (segment, name) in zip(segments, names) {
            // `alg: none` tokens have an empty signature: name the algorithm rather than the gap.
            guard !segment.isEmpty || name == "signature" else { return .failure(.emptySegment(name)) }
            guard let bytes = Base64URL.decode(segment) else {
                // A signature cut short (or added to) in copying is said to be so, by its length.
                if name == "signature", segment.count != Self.signatureCharacters { return .failure(.signatureLength(segment.count)) }
                return .failure(.notBase64URL(name))
            }
            decoded.append(bytes)
        }
        let header: Header
        switch TokenPartDecoding.decode(Header.self, from: decoded[0], part: "header") {
        case let .success(read): header = read
        case let .failure(problem): return .failure(.header(problem))
        }
        guard header.alg == algorithm else { return .failure(.unsupportedAlgorithm(header.alg)) }
        // A verifier must refuse a token whose critical extensions it does not understand.
        if let crit = header.crit { return .failure(.criticalExtensions(crit)) }
        guard !decoded[2].isEmpty else { return .failure(.emptySegment("signature")) }
        let signingInput = Array(segments[0].utf8) + [UInt8(ascii: ".")] + Array(segments[1].utf8)
        return .success(Parts(header: header, payload: decoded[1], signature: decoded[2], signingInput: signingInput))
    }

    /// What makes a token unreadable, for people.
    enum MalformedReason: Error, Equatable, CustomStringConvertible {
        case segmentCount(Int)
        case emptySegment(String)
        case notBase64URL(String)
        /// A signature part that does not decode, of a length an ES256 signature does not have.
        case signatureLength(Int)
        /// A signature part that decodes to a number of bytes an ES256 signature does not have.
        case signatureBytes(Int)
        case header(TokenPartProblem)
        case unsupportedAlgorithm(String)
        case criticalExtensions([String])

        var description: String {
            switch self {
            case .segmentCount(1):
                "this is neither a transaction id (digits only) nor a signed transaction (3 base64url parts separated by dots)"
            case let .segmentCount(count):
                "a signed transaction has 3 parts separated by dots, this has \(count)"
            case let .emptySegment(name):
                "the \(name) part is empty"
            case let .notBase64URL(name):
                "the \(name) part is not unpadded base64url text"
            case let .signatureLength(count):
                "the signature part is \(count) characters long, where an ES256 signature takes \(signatureCharacters), and is not "
                    + "unpadded base64url text: the token was cut short or added to; copy it whole"
            case let .signatureBytes(count):
                "the signature part decodes to \(count) bytes, where an ES256 signature is \(P256PrivateKey.rawSignatureByteCount) "
                    + "(R and S, \(P256PrivateKey.rawSignatureByteCount / 2) bytes each): the token was cut short or added to; copy it whole"
            case let .header(problem):
                problem.description
            case let .unsupportedAlgorithm(name) where name == previousAlgorithm:
                "the header names the algorithm \"\(name)\": the token was made by an earlier Storefront version, "
                    + "which the App Store's verifiers cannot check; only \"\(algorithm)\" is accepted. "
                    + "Get the transaction signed anew with `storefront transactions --json`"
            case let .unsupportedAlgorithm(name):
                "the header names the algorithm \"\(name)\"; only \"\(algorithm)\" (ECDSA P-256 with a certificate chain) is accepted"
            case let .criticalExtensions(names):
                "the header's crit field lists extensions a verifier must understand ("
                    + (names.isEmpty ? "none named" : names.map { "\"\($0)\"" }.joined(separator: ", "))
                    + "), and none is understood here, so the token is refused (RFC 7515 §4.1.11); the App Store's tokens have no crit"
            }
        }
    }
}
