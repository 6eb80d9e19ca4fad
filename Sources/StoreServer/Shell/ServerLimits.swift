import StorefrontText

/// The bounds that keep a hostile or broken client from exhausting the server.
public struct ServerLimits: Sendable, Equatable {
    /// Bodies over this are refused with 413; Apple's request bodies are a few hundred bytes.
    public var maximumBodyBytes = 65_536
    /// Connections held at once; the library closes further ones at once.
    public var connectionLimit = 1_000
    /// A connection that sends nothing for this long is closed (slow or idle clients).
    public var idleTimeoutSeconds = 15
    /// Threads answering requests, each with its own share of the connections.
    public var threadPoolSize = 4
    /// Memory per connection for the request line and headers; longer headers get 431.
    public var connectionMemoryBytes = 32 * 1_024

    public init() {}

    /// The refusal for a request whose `Content-Length` headers say `texts`, if any: 400 for
    /// headers that disagree (RFC 9112 §6.3: the body's end is not known, and a proxy that picked
    /// the other value would read another request out of it), 413 for a length over the limit.
    /// One length given in several headers is taken (RFC 9110 §8.6 allows either).
    public func refusal(declaredLengths texts: [String]) -> AppStoreAPIError? {
        let lengths = Set(texts.map { $0.trimmingCharacters(in: [" ", "\t"]) })
        guard lengths.count <= 1 else {
            return .badRequest(AppStoreAPIError.Code.generalBadRequest, ServerText.conflictingContentLengths(lengths.sorted()))
        }
        guard let text = lengths.first, let length = UInt64(text) else { return nil }
        return length > UInt64(maximumBodyBytes) ? .bodyTooLarge(limit: maximumBodyBytes) : nil
    }
}
