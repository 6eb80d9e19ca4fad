import CCrypto

/// A failure reported by libcrypto.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libcrypto refused `operation`; `detail` is its own error text.
    case libcryptoFailure(operation: String, detail: String)
    /// Key text that libcrypto could not read as the kind of key expected.
    case invalidKey(expected: String, detail: String)

    public var description: String {
        switch self {
        case .libcryptoFailure(let operation, let detail):
            "libcrypto could not \(operation): \(detail). "
                + "Check that OpenSSL 3 (libcrypto) is installed and its configuration is readable."
        case .invalidKey(let expected, let detail):
            "the key is not \(expected): \(detail). Give the key exactly as it was written, "
                + "including its BEGIN and END lines."
        }
    }

    /// Captures the oldest queued libcrypto error for `operation` and clears the queue.
    public static func fromErrorQueue(operation: String) -> CryptoError {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else {
            return .libcryptoFailure(operation: operation, detail: "no error detail given")
        }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        let detail = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .libcryptoFailure(operation: operation, detail: detail)
    }
}
