import Foundation
import StoreEngine
import StoreLedger

/// Why something could not be signed, or the certificate authority could not be used.
public enum SigningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no certificate authority at `path`, and none was to be made.
    case authorityMissing(path: String)
    /// The authority file exists but could not be read, made or written.
    case authorityUnusable(path: String, FileSystemError)
    /// The ledger's lock, under which the authority is made, could not be taken.
    case authorityLockUnavailable(path: String, detail: String)
    /// The authority file is there but is not this store's sound authority; it is left as it is.
    case authorityRefused(path: String, problem: AuthorityProblem)
    /// The store's key, which seals the authority to the store, could not be had.
    case storeKeyUnavailable(StoreKeySealError)
    /// The authority file breaks `SecretFileRules`; `reason` says how and what to run.
    case authorityNotPrivate(path: String, reason: String)
    /// The date to sign at lies outside the certificates' validity.
    case outsideValidity(date: Date)
    /// Only completed transactions are signed: failed and cancelled attempts have no token.
    case notIssued(transactionID: String, state: TransactionState)
    /// The claims could not be written as JSON.
    case payloadNotEncodable(detail: String)
    /// libcrypto failed while making or using a key.
    case crypto(CryptoError)
    /// A new in-app purchase key's private half could not be written to `path`.
    case keyFileUnwritable(path: String, FileSystemError)

    public var description: String {
        switch self {
        case let .authorityMissing(path):
            "there is no certificate authority at \(path), so nothing has been signed with this entitlements file yet. "
                + "Check --entitlements, or run `storefront certificate` to make it"
        case let .authorityUnusable(path, error):
            "the certificate authority \(path) cannot be used: \(error)"
        case let .authorityLockUnavailable(path, detail):
            "the certificate authority \(path) could not be made, because the entitlements file's lock could not be taken: \(detail)"
        case let .authorityRefused(path, problem):
            "the certificate authority \(path) is refused: \(problem.reason). Nothing was signed, and the file is left as it is. "
                + (problem.isAdoptable ? "If this store is to sign with it (it is this store's own, or meant to be shared), "
                    + "run `storefront certificate --adopt` to seal it with this store's key. Otherwise restore" : "Restore")
                + " this store's own file from a backup; or move it away "
                + "(`\(MoveAside.command(for: path, ending: "refused"))`) and a new authority "
                + "is made on next use, whose root verifiers must then be given (`storefront certificate`): those configured "
                + "with the old root refuse everything signed from then on"
        case let .storeKeyUnavailable(.keyMissing(keyPath)):
            "there is no store key at \(keyPath), so there is no store here to sign for (the key seals the certificate "
                + "authority to its store). Check --entitlements or --store; a first purchase starts a new store"
        case let .storeKeyUnavailable(.keyUnreadable(keyPath, detail)):
            "the store key \(keyPath) cannot be used (\(detail)), and without it the certificate authority cannot be "
                + "checked to be this store's. `storefront verify` says what is wrong with the store"
        case let .authorityNotPrivate(path, reason):
            "the certificate authority \(path) is not used: \(reason). A key others can read or have placed could sign "
                + "transactions in this store's name"
        case let .outsideValidity(date):
            "nothing can be signed at \(date.formatted(Date.ISO8601FormatStyle())): the store's certificates are valid "
                + "from 2000-01-01 through 9999-12-31 (UTC); set store time inside that range"
        case let .notIssued(transactionID, state):
            "transaction \(transactionID) is \(state.described), and only completed purchases are issued "
                + "as signed transactions; `storefront transactions` shows each one's state"
        case let .payloadNotEncodable(detail):
            "the claims could not be written as JSON: \(detail). Report this with the transaction"
        case let .crypto(error):
            "\(error)"
        case let .keyFileUnwritable(path, error):
            "the new in-app purchase key could not be saved at \(path): \(error). It was revoked at once; make the "
                + "folder of the entitlements file writable (or choose another with --entitlements) and run `storefront api-key create` again"
        }
    }
}

