import StoreEngine
import StoreLedger
/// Why a transaction could not be signed, or the signing key could not be used.
public enum SigningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no signing key at `path`, and none was to be created.
    case keyFileMissing(path: String)
    /// The key file exists but could not be read, created or written.
    case keyFileUnusable(path: String, FileSystemError)
    /// The key file holds something other than an Ed25519 private key.
    case keyFileCorrupt(path: String, reason: String)
    /// The key file breaks `SecretFileRules`; `reason` says how and what to run.
    case keyFileNotPrivate(path: String, reason: String)
    /// A public key given for verifying is not an Ed25519 public key.
    case publicKeyInvalid(reason: String)
    /// Only completed transactions are signed: failed and cancelled attempts have no token.
    case notIssued(transactionID: String, state: TransactionState)
    /// The claims could not be written as JSON.
    case payloadNotEncodable(detail: String)
    /// libcrypto failed while making or using a key.
    case crypto(CryptoError)

    public var description: String {
        switch self {
        case let .keyFileMissing(path):
            "there is no signing key at \(path), so nothing has been signed with this entitlements file yet. "
                + "Check --entitlements, or run `storefront public-key` to create the key"
        case let .keyFileUnusable(path, error):
            "the signing key \(path) cannot be used: \(error)"
        case let .keyFileCorrupt(path, reason):
            "the signing key \(path) is damaged: \(reason). Restore it from a backup; or delete it and a new key "
                + "is made on next use (transactions signed with the old key will then fail verification)"
        case let .keyFileNotPrivate(path, reason):
            "the signing key \(path) is not used: \(reason). A key others can read or have placed could sign "
                + "transactions in this store's name"
        case let .publicKeyInvalid(reason):
            "the public key is not usable: \(reason). Use the text `storefront public-key` prints"
        case let .notIssued(transactionID, state):
            "transaction \(transactionID) is a \(state.rawValue) attempt, and only completed purchases are issued "
                + "as signed transactions; `storefront transactions` shows each one's state"
        case let .payloadNotEncodable(detail):
            "the transaction's claims could not be written as JSON: \(detail). Report this with the transaction"
        case let .crypto(error):
            "\(error)"
        }
    }
}
