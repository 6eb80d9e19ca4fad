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
        /// valid, malformed, untrustedChain, signatureInvalid, otherApp, revoked, upgraded or expired.
        public var status: String
        public var transactionId: String?
        /// The signed claims, present only when the signature checked out.
        public var payload: SignedTransactionPayload?
        public var detail: String
        public var checkedAgainstLedger: Bool
        /// With status upgraded: the upgrade's transaction id, when the entitlements file knows it.
        public var replacedBy: String? = nil
    }
}

/// The shape of `receipt --json`.
extension JSONShapes {
    public struct AppReceipt: Codable, Sendable {
        /// The receipt as an app sends it to `/verifyReceipt` (`receipt-data`): base64 PKCS#7.
        public var receiptData: String
        /// "Production" or "ProductionSandbox": which `/verifyReceipt` accepts it.
        public var receiptType: String
        public var bundleId: String
        public var creationDate: Date
        public var inApp: [InAppEntry]

        public struct InAppEntry: Codable, Sendable {
            public var productId: String
            public var transactionId: String
            public var originalTransactionId: String
            public var quantity: Int
            public var purchaseDate: Date
            public var expiresDate: Date?
            public var cancellationDate: Date?
        }

        init(_ made: (base64: String, receipt: StoreSigning.AppReceipt)) {
            receiptData = made.base64
            receiptType = made.receipt.kind.rawValue
            bundleId = made.receipt.bundleID
            creationDate = made.receipt.creationDate
            inApp = made.receipt.inApp.map {
                InAppEntry(productId: $0.productID, transactionId: $0.transactionID, originalTransactionId: $0.originalTransactionID,
                           quantity: $0.quantity, purchaseDate: $0.purchaseDate, expiresDate: $0.subscriptionExpirationDate,
                           cancellationDate: $0.cancellationDate)
            }
        }
    }
}
