import Foundation

extension Store {
    /// Registers the public half of a new in-app purchase key (SubjectPublicKeyInfo DER in
    /// standard base64) under `keyID`, recorded by `buyer`.
    public func registerInAppPurchaseKey(publicKey: String, keyID: String, by buyer: Buyer) throws -> InAppPurchaseKey {
        try commit { state, now in
            decisions.registration(ofKeyWithPublicHalf: publicKey, keyID: keyID, buyer: buyer, in: state, at: now)
        }
    }

    /// Revokes the key `keyID`: its signatures are refused from now on. Revoking a revoked key
    /// changes nothing.
    public func revokeInAppPurchaseKey(_ keyID: String, by buyer: Buyer) throws -> InAppPurchaseKey {
        try commit { state, now in try decisions.revocation(ofKey: keyID, buyer: buyer, in: state, at: now) }
    }

    /// The in-app purchase keys of this app, oldest first, revoked ones included.
    public var inAppPurchaseKeys: [InAppPurchaseKey] { snapshot.inAppPurchaseKeys }
}
