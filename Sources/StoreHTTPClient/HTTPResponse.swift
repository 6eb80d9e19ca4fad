/// What a server answered: the status code, the header fields in order, and the body
/// (empty when only the status was asked for).
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [HTTPHeaderField]
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPHeaderField], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first field named `name`; header names are compared without regard to case.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}

/// One header field of an answer.
public struct HTTPHeaderField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
