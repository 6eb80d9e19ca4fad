import Foundation

/// Checks one ECDSA signature; the store's engine holds no cryptography, so the caller gives it.
public protocol OfferSignatureVerifier: Sendable {
    /// Whether `signature` (DER ECDSA over SHA-256) signs `message` under `publicKey`
    /// (SubjectPublicKeyInfo DER in standard base64). A key that cannot be read is not valid.
    func isValid(signature: [UInt8], of message: [UInt8], publicKey: String) -> Bool
}

/// A promotional offer's signature, as an app's server hands it to the app with the offer.
public struct PromotionalOfferSignature: Sendable {
    /// The in-app purchase key that signed it.
    public var keyID: String
    /// A one-time UUID chosen by the signer.
    public var nonce: UUID
    /// When it was signed, in milliseconds since 1970 (UNIX time).
    public var timestamp: Int64
    /// The DER-encoded ECDSA signature.
    public var signature: [UInt8]
    public var verifier: any OfferSignatureVerifier

    public init(keyID: String, nonce: UUID, timestamp: Int64, signature: [UInt8], verifier: any OfferSignatureVerifier) {
        self.keyID = keyID
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
        self.verifier = verifier
    }

    /// How far the timestamp may be from store time, either way, as on the App Store.
    public static let validity: TimeInterval = 24 * 60 * 60

    /// The nonce as the ledger records it and the payload carries it: lowercased.
    public var nonceText: String { nonce.uuidString.lowercased() }

    /// The moment `timestamp` names.
    public var signedDate: Date { Date(timeIntervalSince1970: Double(timestamp) / 1000) }

    /// The bytes the App Store checks the signature over: bundle id, key id, product id, offer
    /// id, application username (lowercased; empty when none), nonce (lowercased) and
    /// timestamp, joined by U+2063 (INVISIBLE SEPARATOR), in UTF-8.
    public func payload(bundleID: String, productID: String, offerID: String, applicationUsername: String?) -> [UInt8] {
        let parts = [bundleID, keyID, productID, offerID, (applicationUsername ?? "").lowercased(), nonceText, String(timestamp)]
        return Array(parts.joined(separator: "\u{2063}").utf8)
    }
}

/// Why a promotional offer's signature is refused; each has its own message and reason.
public enum OfferSignatureRefusal: Sendable, Equatable {
    /// The store has in-app purchase keys in use (not revoked), named in `keysInUse`, and
    /// the offer came without a signature.
    case signatureRequired(offerID: String, keysInUse: [String])
    /// No key of this store has the id.
    case unknownKey(keyID: String)
    /// The key was revoked.
    case revokedKey(keyID: String)
    /// The signature does not sign this purchase's payload with that key.
    case invalidSignature(keyID: String)
    /// The timestamp is more than 24 hours before store time.
    case stale(signed: Date, storeTime: Date)
    /// The timestamp is more than 24 hours after store time: a clock set wrong, or store
    /// time behind the server's.
    case fromTheFuture(signed: Date, storeTime: Date)
    /// A purchase already used the nonce.
    case nonceReused(nonce: String)
}
