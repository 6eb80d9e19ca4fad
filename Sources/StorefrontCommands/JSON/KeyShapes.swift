import Foundation

/// The shapes of `api-key create --json`, `api-key list --json` and `api-key revoke --json`.
extension JSONShapes {
    public struct InAppPurchaseKeyCreated: Codable, Sendable, Equatable {
        public var keyId: String
        public var issuerId: String
        public var privateKeyPath: String
    }

    public struct InAppPurchaseKeyEntry: Codable, Sendable, Equatable {
        public var keyId: String
        public var issuerId: String
        /// The public half: SubjectPublicKeyInfo DER in standard base64.
        public var publicKey: String
        public var created: Date
        public var revoked: Date?
    }

    public struct InAppPurchaseKeyList: Codable, Sendable, Equatable {
        public var keys: [InAppPurchaseKeyEntry]
    }
}
