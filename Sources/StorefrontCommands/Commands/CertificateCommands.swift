import Foundation
import StoreCatalog
import StoreEngine
import StoreSigning
import StorefrontText

/// `storefront certificate [--der] [--adopt]`: the root certificate of the store's certificate
/// authority, what an app's server gives Apple's verifier to trust this store's tokens;
/// `--adopt` first seals an authority that is sound but not sealed with this store's key.
enum CertificateCommands {
    static func certificate(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        if arguments.json, arguments.isSet(CommandOptions.der) {
            throw UsageError(CommandLineText.Files.derOrJSON)
        }
        let signer: TransactionSigner
        if arguments.isSet(CommandOptions.adopt) {
            try session.requireStartedStore()
            do {
                signer = try TransactionSigner.adopting(ledgerPath: session.ledgerPath, keyPath: session.location.keyPath)
            } catch {
                throw CommandFailure(status: .dataProblem, message: "\(error)")
            }
        } else {
            signer = try session.transactionSigner(missingAuthority: .create)
        }
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
