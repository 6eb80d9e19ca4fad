import Foundation
import StoreLedger

/// JWS Compact Serialization (RFC 7515 §7.1) with the one algorithm this store uses,
/// EdDSA over Ed25519 (RFC 8037).
///
/// A token is `BASE64URL(header) . BASE64URL(payload) . BASE64URL(signature)`, and the
/// signature covers the ASCII text of the first two parts joined by the dot.
enum CompactJWS {
    static let algorithm = "EdDSA"
    static let tokenType = "JWT"

    /// The protected header: `{"alg":"EdDSA","kid":…,"typ":"JWT"}`.
    struct Header: Codable, Equatable {
        var alg: String
        var kid: String?
        var typ: String?
    }

    /// A token split into its parts and decoded, not yet checked.
    struct Parts {
        var header: Header
        var payload: [UInt8]
        var signature: [UInt8]
        /// The bytes the signature covers.
        var signingInput: [UInt8]
    }

    /// Signs `payload` (JSON bytes) with `key`, naming the key `keyID` (hex digits) in the header.
    static func sign(payload: [UInt8], keyID: String, with key: Ed25519PrivateKey) throws(CryptoError) -> String {
        // Written out rather than encoded: the key id is hex digits, so nothing needs escaping,
        // and the header bytes stay exactly the same from one release to the next.
        let header = #"{"alg":"\#(algorithm)","kid":"\#(keyID)","typ":"\#(tokenType)"}"#
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(payload)
        let signature = try key.signature(for: Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Splits and decodes `token`, or says what is wrong with its form.
    static func parse(_ token: String) -> Result<Parts, MalformedReason> {
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { return .failure(.segmentCount(segments.count)) }
        let names = ["header", "payload", "signature"]
        var decoded: [[UInt8]] = []
        for (segment, name) in zip(segments, names) {
            guard !segment.isEmpty else { return .failure(.emptySegment(name)) }
            guard let bytes = Base64URL.decode(segment) else { return .failure(.notBase64URL(name)) }
            decoded.append(bytes)
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(decoded[0])) else {
            return .failure(.headerNotJSON)
        }
        guard header.alg == algorithm else { return .failure(.unsupportedAlgorithm(header.alg)) }
        if let type = header.typ, type != tokenType { return .failure(.unsupportedType(type)) }
        let signingInput = Array(segments[0].utf8) + [UInt8(ascii: ".")] + Array(segments[1].utf8)
        return .success(Parts(header: header, payload: decoded[1], signature: decoded[2], signingInput: signingInput))
    }

    /// What makes a token unreadable, for people.
    enum MalformedReason: Error, Equatable, CustomStringConvertible {
        case segmentCount(Int)
        case emptySegment(String)
        case notBase64URL(String)
        case headerNotJSON
        case unsupportedAlgorithm(String)
        case unsupportedType(String)

        var description: String {
            switch self {
            case let .segmentCount(count):
                "a signed transaction has 3 parts separated by dots, this has \(count)"
            case let .emptySegment(name):
                "the \(name) part is empty"
            case let .notBase64URL(name):
                "the \(name) part is not unpadded base64url text"
            case .headerNotJSON:
                "the header is not a JSON object with an \"alg\" field"
            case let .unsupportedAlgorithm(name):
                "the header names the algorithm \"\(name)\"; only \"\(algorithm)\" (Ed25519) is accepted"
            case let .unsupportedType(name):
                "the header names the type \"\(name)\"; only \"\(tokenType)\" is accepted"
            }
        }
    }
}
