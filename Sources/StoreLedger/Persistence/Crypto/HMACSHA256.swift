import CCrypto

/// HMAC-SHA256 (RFC 2104) computed by libcrypto, keyed once and reused for many messages.
///
/// An instance keeps libcrypto state between calls, so it is not `Sendable`: give each
/// thread its own, or guard it with a lock.
public final class HMACSHA256 {
    /// The length of an HMAC-SHA256 value in bytes.
    public static let macByteCount = 32

    private let context: OpaquePointer

    /// Keys a new context with `key` (any length; RFC 2104 hashes keys longer than a block).
    public init(key: [UInt8]) throws(CryptoError) {
        let created = key.withUnsafeBufferPointer { buffer in
            storefront_hmac_sha256_new(buffer.baseAddress, buffer.count)
        }
        guard let created else {
            throw CryptoError.fromErrorQueue(operation: "create an HMAC-SHA256 context")
        }
        context = created
    }

    deinit {
        EVP_MAC_CTX_free(context)
    }

    /// Computes the MAC of `key` over `message` in one call.
    public static func mac(key: [UInt8], message: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try HMACSHA256(key: key).mac(message)
    }

    /// Computes the MAC over `message`.
    public func mac(_ message: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try restart()
        try update(with: message)
        return try finish()
    }

    /// Computes the MAC over `first` followed by `second`, without concatenating them.
    public func mac(_ first: some Collection<UInt8>, _ second: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try restart()
        try update(with: first)
        try update(with: second)
        return try finish()
    }

    private func restart() throws(CryptoError) {
        guard storefront_hmac_restart(context) == 1 else {
            throw CryptoError.fromErrorQueue(operation: "restart an HMAC-SHA256 computation")
        }
    }

    private func finish() throws(CryptoError) -> [UInt8] {
        var length = 0
        var succeeded = false
        let result = [UInt8](unsafeUninitializedCapacity: Self.macByteCount) { buffer, count in
            succeeded = EVP_MAC_final(context, buffer.baseAddress, &length, buffer.count) == 1
            count = succeeded ? length : 0
        }
        guard succeeded, result.count == Self.macByteCount else {
            throw CryptoError.fromErrorQueue(operation: "finish an HMAC-SHA256 computation")
        }
        return result
    }

    private func update(with bytes: some Collection<UInt8>) throws(CryptoError) {
        guard !bytes.isEmpty else { return }
        let succeeded = bytes.withContiguousStorageIfAvailable { buffer in
            EVP_MAC_update(context, buffer.baseAddress, buffer.count) == 1
        } ?? Array(bytes).withUnsafeBufferPointer { buffer in
            EVP_MAC_update(context, buffer.baseAddress, buffer.count) == 1
        }
        guard succeeded else {
            throw CryptoError.fromErrorQueue(operation: "hash a message for HMAC-SHA256")
        }
    }
}
