import StorefrontText

/// The bounds that keep a hostile or broken client from exhausting the server.
public struct ServerLimits: Sendable, Equatable {
    /// Bodies over this are refused with 413 where the endpoint sets no limit of its own
    /// (`Route.maximumBodyBytes`); Apple's request bodies are a few hundred bytes.
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

    /// The 413 for a request whose `Content-Length` says more than `limit`, if any. Lengths
    /// that disagree are refused before this, by `RequestFraming`.
    public static func refusal(declaredLengths texts: [String], limit: Int) -> AppStoreAPIError? {
        let isOverTheLimit = texts.contains { text in
            UInt64(text.trimmingCharacters(in: [" ", "\t"])).map { $0 > UInt64(limit) } ?? false
        }
        return isOverTheLimit ? .bodyTooLarge(limit: limit) : nil
    }
}
