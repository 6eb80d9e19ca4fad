/// One endpoint: a method and a path pattern, who may call it, and what answers it.
public struct Route<Context: RouteAuthorizing>: Sendable {
    /// What a request must carry before its handler runs, and so what the handler is given.
    public enum Access: Sendable {
        /// A valid `Authorization: Bearer JWT` (every `/inApps` endpoint): the handler sees
        /// only the app the token was issued for.
        case bearerToken(@Sendable (RouteRequest, Context.App) throws(AppStoreAPIError) -> HTTPResponse)
        /// Nothing: the legacy `/verifyReceipt` authenticates with its body, which names its
        /// app, so the handler is given every app served.
        case open(@Sendable (RouteRequest, Context) throws(AppStoreAPIError) -> HTTPResponse)
    }

    public var method: String
    public var pattern: PathPattern
    public var access: Access
    /// What the endpoint answers, in place of Apple's error body, to a request the server will
    /// not read (`RequestFraming`); nil for Apple's error body. `/verifyReceipt` answers every
    /// request in its own shape, the outcome in the body's `status`.
    public var unreadableRequestAnswer: HTTPResponse?
    /// The largest body the endpoint takes, where it is not the server's (`ServerLimits`).
    public var maximumBodyBytes: Int?

    public init(_ method: String, _ pattern: PathPattern, _ access: Access, unreadableRequestAnswer: HTTPResponse? = nil,
                maximumBodyBytes: Int? = nil) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.unreadableRequestAnswer = unreadableRequestAnswer
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// What a handler is given: the request, the path's parameters and, behind a bearer token,
/// the app it was issued for.
public struct RouteRequest: Sendable {
    public var request: HTTPRequest
    public var parameters: [String: String]
    /// Who the token speaks for; nil on an open route.
    public var caller: AuthorizedCaller?

    public init(request: HTTPRequest, parameters: [String: String], caller: AuthorizedCaller?) {
        self.request = request
        self.parameters = parameters
        self.caller = caller
    }

    /// The path parameter `name` (the pattern guarantees it is there).
    public func parameter(_ name: String) -> String { parameters[name] ?? "" }
}

/// The app and key a verified bearer token speaks for: a request only ever sees that app's data.
public struct AuthorizedCaller: Sendable, Equatable {
    public var bundleID: String
    public var keyID: String

    public init(bundleID: String, keyID: String) {
        self.bundleID = bundleID
        self.keyID = keyID
    }
}

/// What the route table needs from the server around it: a check of bearer tokens that
/// finds the app a token speaks for, and whether that app can say an id is unknown.
public protocol RouteAuthorizing: Sendable {
    /// One app served, as the handlers behind a bearer token see it.
    associatedtype App: Sendable

    /// Who `request`'s bearer token speaks for and that app, or a 401 saying why it is refused.
    func authorize(_ request: HTTPRequest) throws(AppStoreAPIError) -> (caller: AuthorizedCaller, app: App)

    /// What to answer instead when `app`'s handler says an id is unknown; nil when `app` holds
    /// every event it has, so that answer is true.
    func refusalOfUnknownIDs(in app: App) -> AppStoreAPIError?
}

extension RouteAuthorizing {
    /// An app that always holds every event it has.
    public func refusalOfUnknownIDs(in app: App) -> AppStoreAPIError? { nil }
}
