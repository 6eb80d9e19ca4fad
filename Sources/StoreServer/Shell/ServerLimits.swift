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

    /// The refusal for a request that declares a `Content-Length` of `text`, if it is over the limit.
    public func refusal(declaredLength text: String?) -> AppStoreAPIError? {
        guard let text, let length = UInt64(text.trimmingCharacters(in: [" "])) else { return nil }
        return length > UInt64(maximumBodyBytes) ? .bodyTooLarge(limit: maximumBodyBytes) : nil
    }
}
