import CCrypto
import StoreLedger

/// An Ed25519 signing key held by libcrypto (RFC 8032, pure EdDSA).
///
/// libcrypto keeps the key immutable once made and each signature uses its own context,
/// so one instance may sign from several threads at once.
public final class Ed25519PrivateKey: @unchecked Sendable {
    /// The length of an Ed25519 signature in bytes.
    public static let signatureByteCount = 64

    private let key: OpaquePointer

    private init(key: OpaquePointer) {
        self.key = key
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// Makes a new key from libcrypto's secure random generator.
    public static func generate() throws(CryptoError) -> Ed25519PrivateKey {
        guard let key = storefront_ed25519_generate() else {
            throw CryptoError.fromErrorQueue(operation: "generate an Ed25519 key")
        }
        return Ed25519PrivateKey(key: key)
    }

    /// Reads an unencrypted PKCS#8 PEM private key ("BEGIN PRIVATE KEY"); any other text,
    /// another kind of key or an encrypted key is refused.
    public convenience init(pem: String) throws(CryptoError) {
        let read = Array(pem.utf8).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                storefront_ed25519_read_private_pem(text.baseAddress, Int32(clamping: text.count))
            }
        }
        guard let read else {
            let detail = CryptoError.fromErrorQueue(operation: "read a private key")
            throw .invalidKey(expected: "an unencrypted Ed25519 private key in PKCS#8 PEM form", detail: detail.detail)
        }
        self.init(key: read)
    }

    /// The key as unencrypted PKCS#8 PEM text, ending in a newline.
    public func pem() throws(CryptoError) -> String {
        try PEMText.write(key, privatePart: true)
    }

    /// The matching public key.
    public func publicKey() throws(CryptoError) -> Ed25519PublicKey {
        try Ed25519PublicKey(pem: try PEMText.write(key, privatePart: false))
    }

    /// Signs `message` and returns the 64-byte signature.
    public func signature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
        var succeeded = false
        let signature = [UInt8](unsafeUninitializedCapacity: Self.signatureByteCount) { buffer, count in
            var length = buffer.count
            succeeded = message.withUnsafeBufferPointer { input in
                storefront_ed25519_sign(key, input.baseAddress, input.count, buffer.baseAddress, &length) == 1
            }
            count = succeeded ? length : 0
        }
        guard succeeded, signature.count == Self.signatureByteCount else {
            throw CryptoError.fromErrorQueue(operation: "sign with an Ed25519 key")
        }
        return signature
    }
}
