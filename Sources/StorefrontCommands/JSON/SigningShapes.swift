import Foundation
import StoreSigning
import StoreEngine

/// The shapes of `certificate --json`, `app-transaction --json` and `verify-transaction --json`.
extension JSONShapes {
    public struct AppTransaction: Codable, Sendable {
        public var signedAppTransaction: String
        public var appTransactionId: String
        /// What the app compares `deviceVerification` with (StoreKit's device verification id).
        public var deviceVerificationId: String
        public var payload: SignedAppTransactionPayload
    }

    public struct RootCertificate: Codable, Sendable {
        /// The root certificate in PEM, what a verifier is configured with.
        public var certificate: String
        /// The whole chain a token's x5c carries: leaf, intermediate, root (standard base64 DER).
        public var chain: [String]
        public var authorityFile: String
        public var validFrom: Date
        public var validUntil: Date
    }

    public struct TransactionVerification: Codable, Sendable {
        /// valid, malformed, untrustedChain, signatureInvalid, otherApp, revoked or expired.
        public var status: String
        public var transactionId: String?
        /// The signed claims, present only when the signature checked out.
        public var payload: SignedTransactionPayload?
        public var detail: String
        public var checkedAgainstLedger: Bool
    }
}
