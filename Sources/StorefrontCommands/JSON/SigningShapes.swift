import Foundation
import StoreSigning
import StoreEngine

/// The shapes of `public-key --json` and `verify-transaction --json`.
extension JSONShapes {
    public struct PublicKey: Codable, Sendable {
        public var algorithm: String
        public var curve: String
        public var keyId: String
        /// SubjectPublicKeyInfo PEM.
        public var publicKey: String
        public var keyFile: String
    }

    public struct TransactionVerification: Codable, Sendable {
        /// valid, malformed, signatureInvalid, revoked or expired.
        public var status: String
        public var transactionId: String?
        /// The signed claims, present only when the signature checked out.
        public var payload: SignedTransactionPayload?
        public var detail: String
        public var checkedAgainstLedger: Bool
        /// The key checked against; absent when the token's form alone made it malformed.
        public var keyId: String?
    }
}
