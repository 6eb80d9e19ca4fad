import Foundation

/// An in-app purchase key of the store: the public half of a key whose private half the
/// developer holds as a `.p8` file, and which signs promotional offers.
public struct InAppPurchaseKey: Sendable, Equatable {
    /// Ten capital letters and digits, as App Store Connect gives them.
    public var keyID: String
    /// The UUID naming who issued the key; one per app of the store, shared by its keys (see DECISIONS.md).
    public var issuerID: String
    /// The public half: SubjectPublicKeyInfo DER in standard base64.
    public var publicKey: String
    public var created: Date
    /// When it was revoked; a revoked key's signatures are refused.
    public var revoked: Date?

    public init(keyID: String, issuerID: String, publicKey: String, created: Date, revoked: Date? = nil) {
        self.keyID = keyID
        self.issuerID = issuerID
        self.publicKey = publicKey
        self.created = created
        self.revoked = revoked
    }

    public var isRevoked: Bool { revoked != nil }

    /// How many characters a key id has.
    public static let keyIDLength = 10

    /// Whether `text` has the shape of a key id: ten capital ASCII letters or digits.
    public static func isKeyIDShaped(_ text: String) -> Bool {
        text.utf8.count == keyIDLength && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    }

    /// A new random key id.
    public static func randomKeyID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<keyIDLength).map { _ in alphabet.randomElement(using: &generator)! })
    }
}

extension LedgerState {
    /// The key named `keyID`, revoked or not.
    public func inAppPurchaseKey(_ keyID: String) -> InAppPurchaseKey? {
        inAppPurchaseKeys.first { $0.keyID == keyID }
    }

    /// The keys that sign offers now: made and not revoked, oldest first.
    public var inAppPurchaseKeysInUse: [InAppPurchaseKey] { inAppPurchaseKeys.filter { !$0.isRevoked } }

    /// Whether buying with a promotional offer needs a signature: while a key is in use, unless
    /// the `promotional-offer-signatures` setting is off. With every key revoked no signature
    /// could be accepted, so none is asked for (see DECISIONS.md).
    public var promotionalOfferSignaturesRequired: Bool {
        settings.promotionalOfferSignatures == .required && !inAppPurchaseKeysInUse.isEmpty
    }

    mutating func applyInAppPurchaseKey(_ event: StoreEvent) {
        guard let keyID = event.keyId else { return }
        switch event.kind {
        case .inAppPurchaseKey:
            guard let issuerID = event.issuerId, let publicKey = event.publicKey, inAppPurchaseKey(keyID) == nil else { return }
            inAppPurchaseKeys.append(InAppPurchaseKey(keyID: keyID, issuerID: issuerID, publicKey: publicKey, created: event.time))
        case .inAppPurchaseKeyRevoked:
            guard let index = inAppPurchaseKeys.firstIndex(where: { $0.keyID == keyID }),
                  inAppPurchaseKeys[index].revoked == nil else { return }
            inAppPurchaseKeys[index].revoked = event.time
        default:
            break
        }
    }
}
