import Foundation
import StoreEngine
import StoreSigning

/// The public halves of the API keys, read once each: reading a PEM key for every request
/// would cost more than checking its signature.
final class VerifyingKeyCache: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String: P256PublicKey] = [:]

    /// `key`'s public half, or nil when the ledger holds no readable P-256 key for it.
    func publicKey(for key: InAppPurchaseKey) -> P256PublicKey? {
        lock.lock(); defer { lock.unlock() }
        let cacheKey = key.keyID + ":" + key.publicKey
        if let known = keys[cacheKey] { return known }
        guard let der = Data(base64Encoded: key.publicKey),
              let read = try? P256PublicKey(pem: PEMBlock(label: "PUBLIC KEY", bytes: Array(der)).text) else { return nil }
        keys[cacheKey] = read
        return read
    }
}
