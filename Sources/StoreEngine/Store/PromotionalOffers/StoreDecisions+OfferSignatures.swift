import Foundation

extension StoreDecisions {
    /// Why `request`'s promotional offer is refused for its signature, checked as the App Store
    /// does: the key known and not revoked, the signature valid over this purchase, the
    /// timestamp within 24 hours of store time `now`, the nonce not used before. Nil when the
    /// request has no offer, or needs no signature and gives none.
    public func offerSignatureRefusal(for request: PurchaseRequest, in state: LedgerState, at now: Date) -> OfferSignatureRefusal? {
        guard let offerID = request.options.offerID else { return nil }
        guard let signed = request.options.offerSignature else {
            guard state.promotionalOfferSignaturesRequired else { return nil }
            return .signatureRequired(offerID: offerID, keysInUse: state.inAppPurchaseKeysInUse.map(\.keyID))
        }
        guard let key = state.inAppPurchaseKey(signed.keyID) else { return .unknownKey(keyID: signed.keyID) }
        guard !key.isRevoked else { return .revokedKey(keyID: key.keyID) }
        let payload = signed.payload(bundleID: catalog.bundleID, productID: request.productID, offerID: offerID,
                                     applicationUsername: request.options.appAccountToken?.uuidString)
        guard signed.verifier.isValid(signature: signed.signature, of: payload, publicKey: key.publicKey) else {
            return .invalidSignature(keyID: key.keyID)
        }
        guard signed.signedDate.timeIntervalSince(now) <= PromotionalOfferSignature.validity else {
            return .fromTheFuture(signed: signed.signedDate, storeTime: now)
        }
        guard now.timeIntervalSince(signed.signedDate) <= PromotionalOfferSignature.validity else {
            return .stale(signed: signed.signedDate, storeTime: now)
        }
        guard !state.usedOfferNonces.contains(signed.nonceText) else { return .nonceReused(nonce: signed.nonceText) }
        return nil
    }

    /// The event that registers a new in-app purchase key's public half. The app's first
    /// key gets a new issuer id; its later keys share it, as a team's keys do (the state is
    /// one app's, so each app of a ledger has its own issuer id).
    public func registration(ofKeyWithPublicHalf publicKey: String, keyID: String, buyer: Buyer, in state: LedgerState,
                             at now: Date) -> Decision<InAppPurchaseKey> {
        let issuerID = state.inAppPurchaseKeys.first?.issuerID ?? UUID().uuidString.lowercased()
        var registered = event(.inAppPurchaseKey, for: buyer, at: now)
        registered.keyId = keyID
        registered.issuerId = issuerID
        registered.publicKey = publicKey
        return ([registered], InAppPurchaseKey(keyID: keyID, issuerID: issuerID, publicKey: publicKey, created: now))
    }

    /// The event that revokes the key `keyID`; nothing when it is already revoked.
    public func revocation(ofKey keyID: String, buyer: Buyer, in state: LedgerState,
                           at now: Date) throws(StoreError) -> Decision<InAppPurchaseKey> {
        guard var key = state.inAppPurchaseKey(keyID) else {
            throw .unknownInAppPurchaseKey(keyID, known: state.inAppPurchaseKeys.map(\.keyID))
        }
        guard !key.isRevoked else { return ([], key) }
        var revoked = event(.inAppPurchaseKeyRevoked, for: buyer, at: now)
        revoked.keyId = keyID
        key.revoked = now
        return ([revoked], key)
    }
}
