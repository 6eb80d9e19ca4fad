import CCrypto
import StoreLedger

/// SHA-256 (FIPS 180-4) computed by libcrypto.
public enum SHA256 {
    /// The length of a SHA-256 digest in bytes.
    public static let digestByteCount = 32

    /// The digest of `message`.
    public static func digest(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        try MessageDigest.compute(message, algorithm: EVP_sha256(), byteCount: digestByteCount, name: "SHA-256")
    }
}

/// SHA-384 (FIPS 180-4) computed by libcrypto: what an app transaction's device check uses.
public enum SHA384 {
    public static let digestByteCount = 48

    /// The digest of `message`.
    public static func digest(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        try MessageDigest.compute(message, algorithm: EVP_sha384(), byteCount: digestByteCount, name: "SHA-384")
    }
}

/// One-shot digests through libcrypto's EVP interface.
enum MessageDigest {
    static func compute(_ message: [UInt8], algorithm: OpaquePointer?, byteCount: Int, name: String) throws(CryptoError) -> [UInt8] {
        var succeeded = false
        let digest = [UInt8](unsafeUninitializedCapacity: Int(EVP_MAX_MD_SIZE)) { buffer, count in
            var length: UInt32 = 0
            succeeded = message.withUnsafeBufferPointer { input in
                EVP_Digest(input.baseAddress, input.count, buffer.baseAddress, &length, algorithm, nil) == 1
            }
            count = succeeded ? Int(length) : 0
        }
        guard succeeded, digest.count == byteCount else {
            throw CryptoError.fromErrorQueue(operation: "compute a \(name) digest")
        }
        return digest
    }
}

/// SHA-1 computed by libcrypto: only for an app receipt's device hash, which Apple defines
/// with it; never for anything that must resist collisions.
public enum SHA1 {
    public static let digestByteCount = 20

    /// The digest of `message`.
    public static func digest(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        try MessageDigest.compute(message, algorithm: EVP_sha1(), byteCount: digestByteCount, name: "SHA-1")
    }
}
