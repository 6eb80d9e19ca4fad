import Foundation
import StoreSigning
import StorefrontText

/// An `Authorization: Bearer JWT` read but not yet trusted: its header, its claims, its
/// signature and the bytes the signature covers.
///
/// Reading it is apart from checking it (`BearerTokenCheck`) so that a server of several apps
/// can first see which app the token names, then check it with that app's keys.
public struct BearerToken: Sendable {
    struct Header: Decodable, Sendable {
        var alg: String?
        var kid: String?
    }

    struct Claims: Decodable, Sendable {
        var iss: String?
        var iat: Double?
        var exp: Double?
        var aud: Audience?
        var bid: String?
    }

    /// `aud` may be one string or a list of them (RFC 7519 §4.1.3).
    enum Audience: Decodable, Sendable, TokenFieldType {
        case one(String)
        case several([String])

        static let expectedWords = "a string or a list of strings"

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) {
                self = .one(one)
            } else if let several = try? container.decode([String].self) {
                self = .several(several)
            } else {
                throw DecodingError.typeMismatch(Audience.self, DecodingError.Context(codingPath: decoder.codingPath,
                                                                                        debugDescription: Self.expectedWords))
            }
        }

        var values: [String] {
            switch self {
            case let .one(value): [value]
            case let .several(values): values
            }
        }
    }

    let header: Header
    let claims: Claims
    /// 64-byte R‖S, as the JWS carries it.
    let signature: [UInt8]
    /// The header and claims as sent, joined by a dot: what the signature covers.
    let signingInput: [UInt8]

    /// The bundle id the token claims (`bid`), not yet checked: it only picks whose keys check it.
    public var claimedBundleID: String? { claims.bid }

    /// The token of the request's `Authorization` headers (every one sent), or 401 with the
    /// reason: two headers are refused rather than one of them picked.
    public static func read(headerValues: [String]) throws(AppStoreAPIError) -> BearerToken {
        guard headerValues.count <= 1 else { throw .unauthorized(ServerText.TokenRefusal.severalHeaders(headerValues.count)) }
        return try read(headerValues.first)
    }

    /// The token of `authorization` (the header's value), or 401 with the reason.
    public static func read(_ authorization: String?) throws(AppStoreAPIError) -> BearerToken {
        typealias Reason = ServerText.TokenRefusal
        guard let authorization else { throw .unauthorized(Reason.missing) }
        let scheme = "bearer "
        guard authorization.lowercased().hasPrefix(scheme) else { throw .unauthorized(Reason.notBearer) }
        let token = authorization.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]) else { throw .unauthorized(Reason.notCompactJWS) }
        let header: Header, claims: Claims
        switch (TokenPartDecoding.decode(Header.self, from: headerBytes, part: "header"),
                TokenPartDecoding.decode(Claims.self, from: claimBytes, part: "claims")) {
        case let (.success(readHeader), .success(readClaims)): (header, claims) = (readHeader, readClaims)
        case let (.failure(problem), _), let (_, .failure(problem)): throw .unauthorized(problem.description)
        }
        return BearerToken(header: header, claims: claims, signature: signature,
                           signingInput: Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8))
    }
}
