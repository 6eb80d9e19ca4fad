import CCrypto
import StoreLedger

/// An Ed25519 public key held by libcrypto, for checking signatures.
///
/// Immutable once read, so it may be shared between threads.
public final class Ed25519PublicKey: @unchecked Sendable {
    private let key: OpaquePointer

    /// Reads a SubjectPublicKeyInfo PEM public key ("BEGIN PUBLIC KEY"); any other text or
    /// another kind of key is refused.
    public init(pem: String) throws(CryptoError) {
        let read = Array(pem.utf8).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                storefront_ed25519_read_public_pem(text.baseAddress, Int32(clamping: text.count))
            }
        }
        guard let read else {
            let detail = CryptoError.fromErrorQueue(operation: "read a public key")
            throw .invalidKey(expected: "an Ed25519 public key in PEM (SubjectPublicKeyInfo) form", detail: detail.detail)
        }
        key = read
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// The key as SubjectPublicKeyInfo PEM text, ending in a newline.
    public func pem() throws(CryptoError) -> String {
        try PEMText.write(key, privatePart: false)
    }

    /// The 32 bytes of the key itself (RFC 8032's encoding of the public point).
    public func rawBytes() throws(CryptoError) -> [UInt8] {
        var length = 0
        guard EVP_PKEY_get_raw_public_key(key, nil, &length) == 1, length > 0 else {
            throw CryptoError.fromErrorQueue(operation: "read the bytes of an Ed25519 public key")
        }
        var succeeded = false
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            var written = buffer.count
            succeeded = EVP_PKEY_get_raw_public_key(key, buffer.baseAddress, &written) == 1
            count = succeeded ? written : 0
        }
        guard succeeded else {
            throw CryptoError.fromErrorQueue(operation: "read the bytes of an Ed25519 public key")
        }
        return bytes
    }

    /// A short, stable name for the key: the first 16 hex digits of the SHA-256 of its raw bytes.
    public func keyID() throws(CryptoError) -> String {
        String(Hex.string(try SHA256.digest(try rawBytes())).prefix(16))
    }

    /// Whether `signature` is this key's Ed25519 signature of `message`.
    ///
    /// Never throws: a signature of the wrong length or one libcrypto cannot check is simply
    /// not valid.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        guard signature.count == Ed25519PrivateKey.signatureByteCount else { return false }
        let valid = signature.withUnsafeBufferPointer { signatureBytes in
            message.withUnsafeBufferPointer { messageBytes in
                storefront_ed25519_verify(key, messageBytes.baseAddress, messageBytes.count,
                                          signatureBytes.baseAddress, signatureBytes.count) == 1
            }
        }
        // A failed check may queue an error; leave the queue clean for the next caller.
        if !valid { ERR_clear_error() }
        return valid
    }
}
