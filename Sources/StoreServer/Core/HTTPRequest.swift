/// One HTTP request as the server read it, headers and body complete: what routes see.
public struct HTTPRequest: Sendable, Equatable {
    /// One `name=value` pair of the query string, decoded; names may repeat (`productId=a&productId=b`).
    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// "GET", "PUT", "POST", ... as the client sent it.
    public var method: String
    /// The path without the query string, percent-decoded.
    public var path: String
    public var query: [QueryItem]
    /// Header values by lowercased name (HTTP names are case-insensitive).
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: [QueryItem] = [], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of header `name`, whatever its case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Every value given for query parameter `name`, in order.
    public func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }
}
