import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning
@testable import StorefrontTesting

/// Promotional offer signatures checked as the App Store does, in the store alone (no process).
@Suite("Promotional offers: signatures made with in-app purchase keys")
struct OfferSignatureCheckTests {
    let fixture: StoreFixture
    let store: Store
    let key: P256PrivateKey
    let keyID = "TESTKEY001"
    let offerID = "rage.pro.comeback"

    /// A store with one key and a past subscriber of Rage Pro, who may take the comeback offer.
    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
        key = try P256PrivateKey.generate()
        let publicBlock = try #require(PEMBlock.blocks(in: try key.publicKey().pem())?.first)
        _ = try store.registerInAppPurchaseKey(publicKey: Data(publicBlock.bytes).base64EncodedString(), keyID: keyID, by: phone)
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").isPurchased)
        _ = try store.expire(Rage.monthly, buyer: phone)
    }

    /// A signature by `signer` over this purchase's payload, as an app's server makes it.
    private func signed(keyID: String? = nil, nonce: UUID = UUID(), timestamp: Date? = nil, token: UUID? = nil,
                        signer: P256PrivateKey? = nil, productID: String = Rage.monthly) throws -> PromotionalOfferSignature {
        let milliseconds = Int64(((timestamp ?? store.now()).timeIntervalSince1970 * 1000).rounded())
        var claim = PromotionalOfferSignature(keyID: keyID ?? self.keyID, nonce: nonce, timestamp: milliseconds, signature: [],
                                              verifier: P256OfferSignatureVerifier())
        let payload = claim.payload(bundleID: store.catalog.bundleID, productID: productID, offerID: offerID,
                                    applicationUsername: token?.uuidString)
        claim.signature = try (signer ?? key).derSignature(for: payload)
        return claim
    }

    private func buy(_ signature: PromotionalOfferSignature?, token: UUID? = nil) throws -> PurchaseOutcome {
        try store.purchase(Rage.monthly, buyer: phone, storefront: "USA",
                           options: Store.PurchaseOptions(offerID: offerID, appAccountToken: token, offerSignature: signature))
    }

    @Test("a valid signature is accepted, the offer applied and the nonce recorded with the purchase")
    func validSignatureIsAccepted() throws {
        let token = UUID()
        let signature = try signed(token: token)
        let outcome = try buy(signature, token: token)
        #expect(outcome.isPurchased)
        #expect(outcome.transaction?.offer == .promotional(id: offerID))
        #expect(store.snapshot.usedOfferNonces == [signature.nonceText])
        let recorded = fixture.log.allEvents.last { $0.kind == .purchase }
        #expect(recorded?.offerNonce == signature.nonceText)
    }

    @Test("once a key exists an offer without a signature is refused; the setting off lets it through")
    func requirementFollowsTheSetting() throws {
        #expect(try buy(nil) == .refused(.offerSignature(.signatureRequired(offerID: offerID, keysInUse: [keyID]))))
        try store.set(.promotionalOfferSignatures, to: "off", for: phone)
        #expect(try buy(nil).isPurchased)
    }

    @Test("without any key an offer needs no signature")
    func noKeyNoRequirement() throws {
        let bare = try StoreFixture().store()
        #expect(bare.snapshot.promotionalOfferSignaturesRequired == false)
        let other = try StoreFixture()
        let fresh = try other.store()
        #expect(try fresh.purchase(Rage.monthly, buyer: phone, storefront: "USA").isPurchased)
        _ = try fresh.expire(Rage.monthly, buyer: phone)
        #expect(try fresh.purchase(Rage.monthly, buyer: phone, storefront: "USA",
                                   options: Store.PurchaseOptions(offerID: offerID)).isPurchased)
    }

    @Test("each refusal has its own reason: unknown key, revoked key, bad signature, stale, reused nonce")
    func refusals() throws {
        #expect(try buy(try signed(keyID: "NOSUCHKEY1")) == .refused(.offerSignature(.unknownKey(keyID: "NOSUCHKEY1"))))
        // Signed by another key, or over another product or app account token: not this key's signature.
        #expect(try buy(try signed(signer: try P256PrivateKey.generate())) == .refused(.offerSignature(.invalidSignature(keyID: keyID))))
        #expect(try buy(try signed(productID: Rage.yearly)) == .refused(.offerSignature(.invalidSignature(keyID: keyID))))
        #expect(try buy(try signed(token: UUID()), token: UUID()) == .refused(.offerSignature(.invalidSignature(keyID: keyID))))
        var changedNonce = try signed()
        changedNonce.nonce = UUID()
        #expect(try buy(changedNonce) == .refused(.offerSignature(.invalidSignature(keyID: keyID))))
        let old = store.now().addingTimeInterval(-PromotionalOfferSignature.validity - 1)
        let stale = try signed(timestamp: old)
        guard case .refused(.offerSignature(.stale)) = try buy(stale) else {
            Issue.record("a signature older than 24 hours was not refused as stale")
            return
        }
        let used = try signed()
        #expect(try buy(used).isPurchased)
        _ = try store.expire(Rage.monthly, buyer: phone)
        #expect(try buy(used) == .refused(.offerSignature(.nonceReused(nonce: used.nonceText))))
        _ = try store.revokeInAppPurchaseKey(keyID, by: phone)
        #expect(try buy(try signed()) == .refused(.offerSignature(.revokedKey(keyID: keyID))))
    }

    @Test("while subscribed the signature is checked first; a good one buys nothing and leaves its nonce unused")
    func signatureIsCheckedWhileSubscribed() throws {
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").isPurchased)
        #expect(try buy(try signed(keyID: "NOSUCHKEY1")) == .refused(.offerSignature(.unknownKey(keyID: "NOSUCHKEY1"))))
        #expect(try buy(try signed(signer: try P256PrivateKey.generate())) == .refused(.offerSignature(.invalidSignature(keyID: keyID))))
        #expect(try buy(nil) == .refused(.offerSignature(.signatureRequired(offerID: offerID, keysInUse: [keyID]))))
        let good = try signed()
        guard case .alreadyOwned = try buy(good) else {
            Issue.record("a subscriber's valid offer signature did not answer alreadyOwned")
            return
        }
        #expect(store.snapshot.usedOfferNonces.isEmpty, "nothing was bought, so the nonce is not used up")
        _ = try store.expire(Rage.monthly, buyer: phone)
        #expect(try buy(good).transaction?.offer == .promotional(id: offerID))
        #expect(try buy(good) == .refused(.offerSignature(.nonceReused(nonce: good.nonceText))),
                "a used nonce is refused even while the account holds the product")
    }

    @Test("with every key revoked no key is in use: an offer needs no signature, and a given one is still checked")
    func revokingEveryKeyLiftsTheRequirement() throws {
        _ = try store.revokeInAppPurchaseKey(keyID, by: phone)
        #expect(store.snapshot.promotionalOfferSignaturesRequired == false)
        #expect(try buy(try signed()) == .refused(.offerSignature(.revokedKey(keyID: keyID))))
        #expect(try buy(nil).transaction?.offer == .promotional(id: offerID))
        _ = try store.registerInAppPurchaseKey(publicKey: "AAAA", keyID: "TESTKEY002", by: phone)
        _ = try store.expire(Rage.monthly, buyer: phone)
        #expect(try buy(nil) == .refused(.offerSignature(.signatureRequired(offerID: offerID, keysInUse: ["TESTKEY002"]))))
    }

    @Test("a timestamp up to 24 hours either side of store time is accepted")
    func timestampWindow() throws {
        let early = store.now().addingTimeInterval(-PromotionalOfferSignature.validity + 60)
        #expect(try buy(try signed(timestamp: early)).isPurchased)
    }

    @Test("keys, revocations and used nonces survive a new process and a checkpoint")
    func keysAreFoldedAndCheckpointed() throws {
        let used = try signed()
        #expect(try buy(used).isPurchased)
        _ = try store.revokeInAppPurchaseKey(keyID, by: phone)
        let reopened = try fixture.store().snapshot
        #expect(reopened.inAppPurchaseKeys.map(\.keyID) == [keyID])
        #expect(reopened.inAppPurchaseKey(keyID)?.isRevoked == true)
        #expect(reopened.usedOfferNonces == [used.nonceText])
        let payload = reopened.checkpointPayload(initialSettings: StoreSettings())
        let back = try LedgerState(checkpointPayload: payload[...], app: reopened.app, creditScopes: reopened.creditScopes,
                                   initialSettings: StoreSettings())
        #expect(back.inAppPurchaseKeys == reopened.inAppPurchaseKeys)
        #expect(back.usedOfferNonces == reopened.usedOfferNonces)
    }

    @Test("a second key shares the first one's issuer id; revoking an unknown key is an error that names the keys")
    func issuerAndRevocation() throws {
        let second = try store.registerInAppPurchaseKey(publicKey: "AAAA", keyID: "TESTKEY002", by: phone)
        #expect(second.issuerID == store.inAppPurchaseKeys[0].issuerID)
        #expect(throws: StoreError.unknownInAppPurchaseKey("NOPE", known: [keyID, "TESTKEY002"])) {
            try store.revokeInAppPurchaseKey("NOPE", by: phone)
        }
    }

    @Test("the payload is Apple's: seven parts joined by U+2063, username and nonce lowercased")
    func payloadShape() throws {
        let nonce = try #require(UUID(uuidString: "F6C5E0E6-5C2E-4A8A-9D2F-1B8B5E1D0C3A"))
        let claim = PromotionalOfferSignature(keyID: "K", nonce: nonce, timestamp: 1_700_000_000_123, signature: [],
                                              verifier: P256OfferSignatureVerifier())
        let text = String(decoding: claim.payload(bundleID: "b", productID: "p", offerID: "o", applicationUsername: "ABC"), as: UTF8.self)
        #expect(text == "b\u{2063}K\u{2063}p\u{2063}o\u{2063}abc\u{2063}f6c5e0e6-5c2e-4a8a-9d2f-1b8b5e1d0c3a\u{2063}1700000000123")
    }
}
