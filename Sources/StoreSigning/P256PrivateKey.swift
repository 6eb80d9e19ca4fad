import CCrypto
import StoreLedger

/// An ECDSA private key on the P-256 curve held by libcrypto: what ES256 (RFC 7518 §3.4)
/// signs with, and the kind of key Apple hands developers as a `.p8` file.
///
/// libcrypto keeps the key immutable once made and each signature uses its own context, so
/// one instance may sign from several threads at once.
public final class P256PrivateKey: @unchecked Sendable {
    /// The length of an ES256 signature (R‖S) in bytes.
    public static let rawSignatureByteCount = 64

    let key: OpaquePointer

    init(key: OpaquePointer) {
        self.key = key
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// Makes a new key from libcrypto's secure random generator.
    public static func generate() throws(CryptoError) -> P256PrivateKey {
        guard let key = storefront_p256_generate() else {
            throw CryptoError.fromErrorQueue(operation: "generate a P-256 key")
        }
        return P256PrivateKey(key: key)
    }

    /// Reads an unencrypted PKCS#8 PEM private key ("BEGIN PRIVATE KEY"); any other text,
    /// another kind of key or an encrypted key is refused.
    public convenience init(pem: String) throws(CryptoError) {
        guard let read = PEMText.read(pem, with: storefront_p256_read_private_pem) else {
            let detail = CryptoError.fromErrorQueue(operation: "read a private key")
            throw .invalidKey(expected: "an unencrypted P-256 private key in PKCS#8 PEM form", detail: detail.detail)
        }
        self.init(key: read)
    }

    /// The key as unencrypted PKCS#8 PEM text, ending in a newline: the `.p8` form.
    public func pem() throws(CryptoError) -> String {
        try PEMText.write(key, privatePart: true)
    }

    /// The matching public key.
    public func publicKey() throws(CryptoError) -> P256PublicKey {
        try P256PublicKey(pem: try PEMText.write(key, privatePart: false))
    }

    /// Signs the SHA-256 digest of `message`; the signature in DER (what Apple's promotional
    /// offer signatures and X.509 use).
    public func derSignature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
        var succeeded = false
        let signature = [UInt8](unsafeUninitializedCapacity: 80) { buffer, count in
            var length = buffer.count
            succeeded = message.withUnsafeBufferPointer { input in
                storefront_ecdsa_sha256_sign(key, input.baseAddress, input.count, buffer.baseAddress, &length) == 1
            }
            count = succeeded ? length : 0
        }
        guard succeeded else { throw CryptoError.fromErrorQueue(operation: "sign with a P-256 key") }
        return signature
    }

    /// Signs the SHA-256 digest of `message`; the 64-byte R‖S signature JWS uses.
    public func rawSignature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
        let der = try derSignature(for: message)
        var succeeded = false
        let raw = [UInt8](unsafeUninitializedCapacity: Self.rawSignatureByteCount) { buffer, count in
            succeeded = der.withUnsafeBufferPointer { input in
                storefront_ecdsa_der_to_raw(input.baseAddress, input.count, buffer.baseAddress) == 1
            }
            count = succeeded ? Self.rawSignatureByteCount : 0
        }
        guard succeeded else { throw CryptoError.fromErrorQueue(operation: "convert an ECDSA signature to R‖S") }
        return raw
    }
}
