import Foundation
import StoreCatalog
import StoreEngine
import StoreSigning

/// `storefront certificate [--der]`: the root certificate of the store's certificate
/// authority, what an app's server gives Apple's verifier to trust this store's tokens.
enum CertificateCommands {
    static func certificate(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly(["der"], command: "certificate")
        guard arguments.words.count == 1 else { throw UsageError("certificate takes no arguments") }
        if arguments.json, arguments.flags.contains("der") {
            throw UsageError("--der and --json are two forms of the output; give one")
        }
        // A mistyped --entitlements path must not quietly become a new store with a new
        // authority that no app would ever see a token from: it is made only beside a ledger.
        guard FileManager.default.fileExists(atPath: session.ledgerPath) else {
            throw CommandFailure(status: .dataProblem, message:
                "there is no entitlements file at \(session.ledgerPath), so it has no certificate authority. If you meant an "
                + "existing store, check --entitlements or $STOREFRONT_ENTITLEMENTS; for a new store, make a first purchase, "
                + "then run `storefront certificate`.")
        }
        let signer = try session.transactionSigner(missingAuthority: .create)
        let root = signer.authority.root
        if arguments.flags.contains("der") {
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
