import StorefrontText

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
    /// The path without the query string, as sent: not percent-decoded, so that an escaped
    /// slash (`%2F`) stays inside its segment; routes decode each segment after splitting.
    public var path: String
    public var query: [QueryItem]
    /// Every value of each header, in the order sent, by lowercased name (HTTP names are
    /// case-insensitive); a header sent twice has two values.
    public var headers: [String: [String]]
    public var body: [UInt8]

    public init(method: String, path: String, query: [QueryItem] = [], headers: [String: String] = [:], body: [UInt8] = []) {
        self.init(method: method, path: path, query: query, headerFields: headers.map { ($0.key, $0.value) }, body: body)
    }

    /// A request whose headers are `headerFields` as sent, names repeating where they did.
    public init(method: String, path: String, query: [QueryItem] = [], headerFields: [(name: String, value: String)], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(grouping: headerFields, by: { $0.name.lowercased() }).mapValues { $0.map(\.value) }
        self.body = body
    }

    /// The first value of header `name`, whatever its case.
    public func header(_ name: String) -> String? { headers[name.lowercased()]?.first }

    /// Every value sent for header `name`, whatever its case.
    public func headerValues(_ name: String) -> [String] { headers[name.lowercased()] ?? [] }

    /// Every value given for query parameter `name`, in order.
    public func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }

    /// The value of query parameter `name`, which may be given at most once: nil when it is
    /// not given, 400 naming it when it is given more than once (no value is picked silently).
    public func singleQueryValue(_ name: String) throws(AppStoreAPIError) -> String? {
        let values = queryValues(name)
        guard values.count <= 1 else {
            throw .badRequest(AppStoreAPIError.Code.generalBadRequest, ServerText.repeatedQueryParameter(name, count: values.count))
        }
        return values.first
    }
}
