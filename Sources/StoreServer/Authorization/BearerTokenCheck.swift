import Foundation
import StoreEngine
import StoreSigning
import StorefrontText

/// Checks an `Authorization: Bearer JWT` as the App Store Server API does: ES256 signed by a
/// registered, unrevoked in-app purchase key named by `kid`, with `iss`, `aud`, `bid` and a
/// short life.
///
/// Pure: the keys, the served app, the wall time and the signature check are given. A
/// refusal names the check that failed, never the token.
public struct BearerTokenCheck: Sendable {
    /// Apple's audience for App Store Server API tokens.
    public static let audience = "appstoreconnect-v1"
    /// A token may live at most this long (Apple: 60 minutes).
    public static let longestLife: TimeInterval = 3_600
    /// Clocks of client and server may disagree by this much.
    public static let allowedClockSkew: TimeInterval = 60

    /// Whether `signature` (64-byte R‖S) over `signingInput` verifies with `key`.
    public typealias SignatureCheck = @Sendable (_ key: InAppPurchaseKey, _ signature: [UInt8], _ signingInput: [UInt8]) -> Bool

    public var keys: [InAppPurchaseKey]
    /// The bundle id of the app this store serves.
    public var bundleID: String
    /// Wall-clock time, not store time: clients sign with their own clock (see DECISIONS.md).
    public var now: Date
    public var isValidSignature: SignatureCheck

    public init(keys: [InAppPurchaseKey], bundleID: String, now: Date, isValidSignature: @escaping SignatureCheck) {
        self.keys = keys
        self.bundleID = bundleID
        self.now = now
        self.isValidSignature = isValidSignature
    }

    /// The caller the request's `Authorization` headers (every one sent) speak for, or 401
    /// with the reason: two headers are refused rather than one of them picked.
    public func authorize(headerValues: [String]) throws(AppStoreAPIError) -> AuthorizedCaller {
        try authorize(try BearerToken.read(headerValues: headerValues))
    }

    /// The caller `authorization` (the header's value) speaks for, or 401 with the reason.
    public func authorize(_ authorization: String?) throws(AppStoreAPIError) -> AuthorizedCaller {
        try authorize(try BearerToken.read(authorization))
    }

    /// The caller `token` speaks for, or 401 with the reason.
    public func authorize(_ token: BearerToken) throws(AppStoreAPIError) -> AuthorizedCaller {
        typealias Reason = ServerText.TokenRefusal
        guard token.header.alg == "ES256" else { throw .unauthorized(Reason.algorithm(token.header.alg)) }
        guard let keyID = token.header.kid else { throw .unauthorized(Reason.noKeyID) }
        guard let key = keys.first(where: { $0.keyID == keyID }) else { throw Self.unknownKeyRefusal(keyID) }
        if let revoked = key.revoked { throw .unauthorized(Reason.revokedKey(keyID, on: revoked)) }
        guard isValidSignature(key, token.signature, token.signingInput) else { throw .unauthorized(Reason.badSignature(keyID)) }
        try checkClaims(token.claims, key: key)
        return AuthorizedCaller(bundleID: bundleID, keyID: keyID)
    }

    /// The 401 for a token whose `kid` names none of the keys given; a caller that may hold
    /// only some of its keys (a damaged ledger) tells it apart by this value.
    public static func unknownKeyRefusal(_ keyID: String) -> AppStoreAPIError {
        .unauthorized(ServerText.TokenRefusal.unknownKey(keyID))
    }

    private func checkClaims(_ claims: BearerToken.Claims, key: InAppPurchaseKey) throws(AppStoreAPIError) {
        typealias Reason = ServerText.TokenRefusal
        guard claims.iss == key.issuerID else { throw .unauthorized(Reason.wrongIssuer(claims.iss)) }
        guard claims.aud?.values.contains(Self.audience) == true else { throw .unauthorized(Reason.wrongAudience(Self.audience)) }
        guard claims.bid == bundleID else { throw .unauthorized(Reason.wrongBundle(claims.bid, served: [bundleID])) }
        guard let exp = claims.exp else { throw .unauthorized(Reason.noExpiry) }
        let current = now.timeIntervalSince1970
        guard exp > current - Self.allowedClockSkew else { throw .unauthorized(Reason.expired) }
        // Apple's own libraries leave `iat` out; without it the life is counted from now.
        let issued = claims.iat ?? current
        guard issued <= current + Self.allowedClockSkew else { throw .unauthorized(Reason.issuedInFuture) }
        guard exp - issued <= Self.longestLife + (claims.iat == nil ? Self.allowedClockSkew : 0) else {
            throw .unauthorized(Reason.lifeTooLong)
        }
    }
}
