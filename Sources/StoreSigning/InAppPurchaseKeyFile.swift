import Foundation
import StoreEngine
import StoreLedger

/// Makes in-app purchase keys: a P-256 key whose private half is written beside the ledger as
/// the `.p8` file (PKCS#8 PEM, mode 0600) App Store Connect hands developers.
public enum InAppPurchaseKeyFile {
    /// A key just made, held in memory until its private half is saved.
    public struct MadeKey: Sendable {
        public var keyID: String
        /// The private half, PKCS#8 PEM.
        public var privatePEM: String
        /// SubjectPublicKeyInfo DER in standard base64, as the ledger records it.
        public var publicKey: String
    }

    /// Makes a new key named `keyID`.
    public static func make(keyID: String) throws(SigningError) -> MadeKey {
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
        return MadeKey(keyID: keyID, privatePEM: privatePEM, publicKey: Data(publicBlock.bytes).base64EncodedString())
    }

    /// Saves `key`'s private half beside the ledger at `ledgerPath` and returns its path. The
    /// file is created, never replaced, so an existing file of that name stays as it is.
    public static func save(_ key: MadeKey, forLedger ledgerPath: String,
                            fileSystem: any FileSystem = POSIXFileSystem()) throws(SigningError) -> String {
        let path = LedgerFamily(ledgerPath: ledgerPath).inAppPurchaseKeyPath(keyID: key.keyID)
        do {
            try fileSystem.createFile(at: path, containing: Array(key.privatePEM.utf8), permissions: SecretFileRules.permissions)
        } catch {
            throw .keyFileUnwritable(path: path, error)
        }
        return path
    }
}
