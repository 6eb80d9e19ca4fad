import Foundation
import StoreCatalog
import StoreEngine
import StoreSigning
import StorefrontText

/// `storefront certificate [--der]`: the root certificate of the store's certificate
/// authority, what an app's server gives Apple's verifier to trust this store's tokens.
enum CertificateCommands {
    static func certificate(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        if arguments.json, arguments.isSet(CommandOptions.der) {
            throw UsageError(CommandLineText.Files.derOrJSON)
        }
        // A mistyped --entitlements path must not quietly become a new store with a new
        // authority that no app would ever see a token from: it is made only beside a ledger.
        // For a PostgreSQL store, its key file on this machine stands for the ledger.
        var mustExist = session.ledgerPath
        if case .postgres(_, let keyPath, _) = session.location { mustExist = keyPath }
        guard FileManager.default.fileExists(atPath: mustExist) else {
            throw CommandFailure(status: .dataProblem, message: CommandLineText.Files.noLedgerForAuthority(mustExist))
        }
        let signer = try session.transactionSigner(missingAuthority: .create)
        let root = signer.authority.root
        if arguments.isSet(CommandOptions.der) {
            console.outBytes(root.der)
        } else if arguments.json {
            try console.json(JSONShapes.RootCertificate(
                certificate: root.pem, chain: signer.authority.x5c, authorityFile: signer.authorityPath,
                validFrom: CertificateAuthority.validity.lowerBound, validUntil: CertificateAuthority.validity.upperBound))
        } else {
            console.outLines(root.pem.trimmingCharacters(in: .newlines))
        }
        return .success
    }
}
