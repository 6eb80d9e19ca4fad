/// Finds the route for a request and answers it: 404 for a path no route has, 405 for a
/// method the path does not take, 401 before any handler behind a bearer token.
///
/// A handler's answer that an id is unknown passes through `refusalOfUnknownIDs` here, once
/// for every endpoint, so no endpoint can tell an app's server that a purchase was never made
/// while the store reads only part of its events.
public struct RouteTable<Context: RouteAuthorizing>: Sendable {
    public let routes: [Route<Context>]

    public init(_ routes: [Route<Context>]) {
        self.routes = routes
    }

    /// The answer to `request`; never throws, every refusal is an Apple-shaped error body.
    public func respond(to request: HTTPRequest, context: Context) -> HTTPResponse {
        let matches = routes.compactMap { route in route.pattern.match(request.path).map { (route, $0) } }
        guard !matches.isEmpty else { return AppStoreAPIError.unknownPath(request.path).response }
        guard let (route, parameters) = matches.first(where: { $0.0.method == request.method }) else {
            let allowed = Array(Set(matches.map(\.0.method))).sorted()
            var response = AppStoreAPIError.methodNotAllowed(request.method, path: request.path, allowed: allowed).response
            response.headers["Allow"] = allowed.joined(separator: ", ")
            return response
        }
        do {
            switch route.access {
            case let .bearerToken(handle):
                let (caller, app) = try context.authorize(request)
                let answer: HTTPResponse
                do {
                    answer = try handle(RouteRequest(request: request, parameters: parameters, caller: caller), app)
                } catch {
                    answer = error.response
                }
                guard answer.saysIDIsUnknown, let refusal = context.refusalOfUnknownIDs(in: app) else { return answer }
                return refusal.response
            case let .open(handle):
                return try handle(RouteRequest(request: request, parameters: parameters, caller: nil), context)
            }
        } catch {
            return error.response
        }
    }

    /// The largest body a request to `path` may have where its endpoint sets its own; nil for the
    /// server's limit (also for a path no route serves).
    public func maximumBodyBytes(path: String) -> Int? {
        routes.lazy.filter { $0.pattern.match(path) != nil }.compactMap(\.maximumBodyBytes).first
    }

    /// The answer refusing a request to `path` that the server will not read: `refusal`'s status
    /// in the endpoint's own shape where it has one, Apple's error body otherwise (also for a
    /// path no route serves, since the request is refused before it is routed).
    public func answer(refusingUnreadable refusal: AppStoreAPIError, path: String) -> HTTPResponse {
        guard var answer = routes.lazy.filter({ $0.pattern.match(path) != nil }).compactMap(\.unreadableRequestAnswer).first else {
            return refusal.response
        }
        answer.status = refusal.httpStatus
        return answer
    }
}
