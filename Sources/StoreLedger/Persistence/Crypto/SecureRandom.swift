import CCrypto

/// Cryptographically secure random bytes from libcrypto's generator.
public enum SecureRandom {
    /// Returns `count` random bytes suitable for secret keys.
    public static func bytes(count: Int) throws(CryptoError) -> [UInt8] {
        guard count > 0 else { return [] }
        var succeeded = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            succeeded = RAND_bytes(buffer.baseAddress, Int32(clamping: buffer.count)) == 1
            initialized = succeeded ? buffer.count : 0
        }
        guard succeeded, bytes.count == count else {
            throw CryptoError.fromErrorQueue(operation: "generate random bytes")
        }
        return bytes
    }
}
