import CCrypto
import StoreLedger

/// An ECDSA public key on the P-256 curve held by libcrypto, for checking signatures.
///
/// Immutable once read, so it may be shared between threads.
public final class P256PublicKey: @unchecked Sendable {
    private let key: OpaquePointer

    /// Reads a SubjectPublicKeyInfo PEM public key ("BEGIN PUBLIC KEY"); any other text or
    /// another kind of key is refused.
    public init(pem: String) throws(CryptoError) {
        guard let read = PEMText.read(pem, with: storefront_p256_read_public_pem) else {
            let detail = CryptoError.fromErrorQueue(operation: "read a public key")
            throw .invalidKey(expected: "a P-256 public key in PEM (SubjectPublicKeyInfo) form", detail: detail.detail)
        }
        key = read
    }

    /// Takes ownership of a key libcrypto handed out; nil when it is not a P-256 key.
    init?(owning key: OpaquePointer) {
        guard storefront_is_p256(key) == 1 else {
            EVP_PKEY_free(key)
            return nil
        }
        self.key = key
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// The key as SubjectPublicKeyInfo PEM text, ending in a newline.
    public func pem() throws(CryptoError) -> String {
        try PEMText.write(key, privatePart: false)
    }

    /// Whether `signature` (DER) is this key's ECDSA-SHA256 signature of `message`. Never
    /// throws: a signature libcrypto cannot read is simply not valid.
    public func isValidDERSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        let valid = signature.withUnsafeBufferPointer { signatureBytes in
            message.withUnsafeBufferPointer { messageBytes in
                storefront_ecdsa_sha256_verify(key, messageBytes.baseAddress, messageBytes.count,
                                               signatureBytes.baseAddress, signatureBytes.count) == 1
            }
        }
        // A failed check may queue an error; leave the queue clean for the next caller.
        if !valid { ERR_clear_error() }
        return valid
    }

    /// Whether `signature` (64-byte R‖S, as in ES256) is this key's signature of `message`.
    public func isValidRawSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        guard signature.count == P256PrivateKey.rawSignatureByteCount else { return false }
        var derLength: Int32 = 0
        let der = [UInt8](unsafeUninitializedCapacity: 72) { buffer, count in
            derLength = signature.withUnsafeBufferPointer { raw in
                storefront_ecdsa_raw_to_der(raw.baseAddress, buffer.baseAddress)
            }
            count = Int(max(derLength, 0))
        }
        guard derLength > 0 else {
            ERR_clear_error()
            return false
        }
        return isValidDERSignature(der, for: message)
    }
}
