import Foundation
import StoreEngine
import StoreLedger

/// Signs what the store issues (transactions, and any other App Store payload) as ES256
/// compact JWS tokens with the ledger's certificate authority, as the App Store signs them.
///
/// Tokens carry `{"alg":"ES256","x5c":[leaf, intermediate, root]}`; an app's server checks
/// them with Apple's own verifier, configured with `root` (see `storefront certificate`).
public final class TransactionSigner: Sendable {
    /// What to do when the ledger has no certificate authority yet.
    public enum MissingAuthority: Sendable {
        /// Make one (the first signing of a ledger).
        case create
        /// Fail with `SigningError.authorityMissing`, e.g. when only verifying.
        case fail
    }

    /// The authority file's path.
    public let authorityPath: String
    public let authority: CertificateAuthority

    /// Where the certificate authority of the ledger at `ledgerPath` lives: `<ledgerPath>.authority.pem`.
    public static func authorityPath(forLedger ledgerPath: String) -> String {
        CertificateAuthorityFile.path(forLedger: ledgerPath)
    }

    /// Loads the certificate authority of the ledger at `ledgerPath`, sealed with the store's
    /// key at `keyPath` (by default the ledger's own), making it when missing unless
    /// `missingAuthority` is `.fail`.
    public init(ledgerPath: String, keyPath: String? = nil, missingAuthority: MissingAuthority = .create,
                fileSystem: any FileSystem = POSIXFileSystem()) throws(SigningError) {
        let keyPath = keyPath ?? LedgerFamily(ledgerPath: ledgerPath).keyPath
        authorityPath = CertificateAuthorityFile.path(forLedger: ledgerPath)
        authority = switch missingAuthority {
        case .create: try CertificateAuthorityFile.loadOrCreate(forLedger: ledgerPath, keyPath: keyPath, fileSystem: fileSystem)
        case .fail: try CertificateAuthorityFile.load(at: authorityPath, keyPath: keyPath, fileSystem: fileSystem)
        }
    }

    /// Seals the authority of the ledger at `ledgerPath` with the store's key and signs with
    /// it: for a sound authority refused only as not this store's (`AuthorityProblem.isAdoptable`),
    /// which the user has said this store is to sign with.
    public static func adopting(ledgerPath: String, keyPath: String? = nil,
                                fileSystem: any FileSystem = POSIXFileSystem()) throws(SigningError) -> TransactionSigner {
        let keyPath = keyPath ?? LedgerFamily(ledgerPath: ledgerPath).keyPath
        _ = try CertificateAuthorityFile.adopt(forLedger: ledgerPath, keyPath: keyPath, fileSystem: fileSystem)
        return try TransactionSigner(ledgerPath: ledgerPath, keyPath: keyPath, missingAuthority: .fail, fileSystem: fileSystem)
    }

    /// Signs with a given authority, e.g. one made for a test.
    public init(authority: CertificateAuthority) {
        authorityPath = ""
        self.authority = authority
    }

    /// Whether `record` is issued as a signed transaction: failed and cancelled attempts are
    /// not, as on the App Store.
    public static func issues(_ record: TransactionRecord) -> Bool {
        record.state == .purchased || record.state == .refunded
    }

    /// Signs `record` as `context` describes it.
    ///
    /// Failed and cancelled attempts are refused (`notIssued`): the App Store issues no
    /// transaction for them.
    public func sign(_ record: TransactionRecord, context: TransactionSigningContext) throws(SigningError) -> String {
        guard Self.issues(record) else {
            throw .notIssued(transactionID: record.id, state: record.state)
        }
        return try sign(SignedTransactionPayload(record: record, context: context), signedAt: context.signedDate)
    }

    /// Signs the claims `payload` as they are, at `signedAt` (the payload's own signing date:
    /// Apple's verifiers check the chain at that moment).
    public func sign(_ payload: some Encodable, signedAt: Date) throws(SigningError) -> String {
        guard CertificateAuthority.signingDates.contains(signedAt) else { throw .outsideValidity(date: signedAt) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes: Data
        do {
            bytes = try encoder.encode(payload)
        } catch {
            throw .payloadNotEncodable(detail: "\(error)")
        }
        do {
            return try authority.chain.sign(payload: Array(bytes))
        } catch {
            throw .crypto(error)
        }
    }
}
