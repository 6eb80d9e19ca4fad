/// Why an HTTP exchange brought no answer.
public enum HTTPClientFailure: Error, Equatable, Sendable {
    /// Nothing listens at the address: every address of the host refused the connection.
    case refused
    /// The exchange's time ran out before the answer came.
    case timeout
    /// Anything else, in words: a name that does not resolve, a certificate that is not
    /// trusted, a connection reset, an answer that is not HTTP.
    case unreachable(String)
}

extension HTTPClientFailure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .refused: "the connection was refused"
        case .timeout: "no answer in time"
        case .unreachable(let reason): reason
        }
    }
}
