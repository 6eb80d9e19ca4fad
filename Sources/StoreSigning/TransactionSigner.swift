import Foundation
import StoreEngine
import StoreLedger

/// Issues transactions as compact JWS tokens signed with the ledger's Ed25519 key.
///
/// Tokens carry `{"alg":"EdDSA","kid":…,"typ":"JWT"}` and a `SignedTransactionPayload`; an
/// app checks them with `publicKeyPEM` alone, as it would an App Store transaction.
public final class TransactionSigner: Sendable {
    /// What to do when the ledger has no signing key yet.
    public enum MissingKey: Sendable {
        /// Make one (the first signing of a ledger).
        case create
        /// Fail with `SigningError.keyFileMissing`, e.g. when only verifying.
        case fail
    }

    /// The key file's path.
    public let keyPath: String
    /// The public key as SubjectPublicKeyInfo PEM, for apps that verify tokens.
    public let publicKeyPEM: String
    /// The header's `kid`: the first 16 hex digits of the SHA-256 of the raw public key.
    public let keyID: String
    private let privateKey: Ed25519PrivateKey

    /// Where the signing key of the ledger at `ledgerPath` lives: `<ledgerPath>.signing.pem`.
    public static func keyPath(forLedger ledgerPath: String) -> String {
        SigningKeyFile.path(forLedger: ledgerPath)
    }

    /// Loads the signing key of the ledger at `ledgerPath`, creating it when missing unless
    /// `missingKey` is `.fail`.
    public init(ledgerPath: String, missingKey: MissingKey = .create,
                fileSystem: any FileSystem = POSIXFileSystem()) throws(SigningError) {
        keyPath = SigningKeyFile.path(forLedger: ledgerPath)
        privateKey = switch missingKey {
        case .create: try SigningKeyFile.loadOrCreate(at: keyPath, fileSystem: fileSystem)
        case .fail: try SigningKeyFile.load(at: keyPath, fileSystem: fileSystem)
        }
        do {
            let publicKey = try privateKey.publicKey()
            publicKeyPEM = try publicKey.pem()
            keyID = try publicKey.keyID()
        } catch {
            throw .crypto(error)
        }
    }

    /// Signs `record` of the app `bundleID` as it stands now.
    ///
    /// Failed and cancelled attempts are refused (`notIssued`): StoreKit issues no
    /// transaction for them.
    public func sign(_ record: TransactionRecord, bundleID: String, originalPurchaseDate: Date, signedDate: Date,
                     appAccountToken: String? = nil, subscriptionGroupID: String? = nil) throws(SigningError) -> String {
        guard record.state == .purchased || record.state == .refunded else {
            throw .notIssued(transactionID: record.id, state: record.state)
        }
        return try sign(SignedTransactionPayload(
            record: record, bundleID: bundleID, originalPurchaseDate: originalPurchaseDate, signedDate: signedDate,
            appAccountToken: appAccountToken, subscriptionGroupID: subscriptionGroupID))
    }

    /// Signs the claims `payload` as they are.
    public func sign(_ payload: SignedTransactionPayload) throws(SigningError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes: Data
        do {
            bytes = try encoder.encode(payload)
        } catch {
            throw .payloadNotEncodable(detail: "\(error)")
        }
        do {
            return try CompactJWS.sign(payload: Array(bytes), keyID: keyID, with: privateKey)
        } catch {
            throw .crypto(error)
        }
    }
}
