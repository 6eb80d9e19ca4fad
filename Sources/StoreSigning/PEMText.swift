import CCrypto
import StoreLedger

/// PEM input and output of libcrypto keys.
enum PEMText {
    /// The key `reader` (one of the shim's PEM readers) makes of `pem`; nil when it refuses.
    static func read(_ pem: String, with reader: (UnsafePointer<CChar>?, Int32) -> OpaquePointer?) -> OpaquePointer? {
        Array(pem.utf8).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in reader(text.baseAddress, Int32(clamping: text.count)) }
        }
    }

    /// `key` as PEM: its private part as PKCS#8, or its public part as SubjectPublicKeyInfo.
    static func write(_ key: OpaquePointer, privatePart: Bool) throws(CryptoError) -> String {
        guard let output = storefront_write_pem(key, privatePart ? 1 : 0) else {
            throw CryptoError.fromErrorQueue(operation: "write a key as PEM")
        }
        defer { BIO_free(output) }
        var data: UnsafePointer<CChar>?
        let length = storefront_memory_contents(output, &data)
        guard let data, length > 0 else {
            throw CryptoError.fromErrorQueue(operation: "read back a key written as PEM")
        }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
    }
}
