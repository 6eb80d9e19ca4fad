import CCrypto
import StoreLedger

/// SHA-256 (FIPS 180-4) computed by libcrypto.
public enum SHA256 {
    /// The length of a SHA-256 digest in bytes.
    public static let digestByteCount = 32

    /// The digest of `message`.
    public static func digest(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        var succeeded = false
        let digest = [UInt8](unsafeUninitializedCapacity: Int(EVP_MAX_MD_SIZE)) { buffer, count in
            var length: UInt32 = 0
            succeeded = message.withUnsafeBufferPointer { input in
                EVP_Digest(input.baseAddress, input.count, buffer.baseAddress, &length, EVP_sha256(), nil) == 1
            }
            count = succeeded ? Int(length) : 0
        }
        guard succeeded, digest.count == digestByteCount else {
            throw CryptoError.fromErrorQueue(operation: "compute a SHA-256 digest")
        }
        return digest
    }
}
