import Foundation
import StoreEngine
import StoreLedger

/// Makes in-app purchase keys: a P-256 key whose private half is written beside the ledger as
/// the `.p8` file (PKCS#8 PEM, mode 0600) App Store Connect hands developers.
public enum InAppPurchaseKeyFile {
    /// A key just made: where its private half is and its public half for the store.
    public struct MadeKey: Sendable {
        public var keyID: String
        public var privateKeyPath: String
        /// SubjectPublicKeyInfo DER in standard base64, as the ledger records it.
        public var publicKey: String
    }

    /// Makes a key named `keyID` for the ledger at `ledgerPath` and writes its private half.
    /// The file is created, never replaced, so an existing file of that name stays as it is.
    public static func make(keyID: String, forLedger ledgerPath: String,
                            fileSystem: any FileSystem = POSIXFileSystem()) throws(SigningError) -> MadeKey {
        let path = LedgerFamily(ledgerPath: ledgerPath).inAppPurchaseKeyPath(keyID: keyID)
        let privatePEM: String
        let publicPEM: String
        do {
            let key = try P256PrivateKey.generate()
            privatePEM = try key.pem()
            publicPEM = try key.publicKey().pem()
        } catch {
            throw .crypto(error)
        }
        guard let publicBlock = PEMBlock.blocks(in: publicPEM)?.first else {
            throw .crypto(.invalidKey(expected: "a public key libcrypto writes as PEM", detail: "it wrote no PEM block"))
        }
        do {
            try fileSystem.createFile(at: path, containing: Array(privatePEM.utf8), permissions: SecretFileRules.permissions)
        } catch {
            throw .keyFileUnwritable(path: path, error)
        }
        return MadeKey(keyID: keyID, privateKeyPath: path, publicKey: Data(publicBlock.bytes).base64EncodedString())
    }
}
