import StoreLedger
extension CryptoError {
    /// libcrypto's own text for a failure, for wrapping in a more specific error.
    var detail: String {
        switch self {
        case .libcryptoFailure(_, let detail), .invalidKey(_, let detail): detail
        }
    }
}
