import StoreEngine
import StoreSigning

/// POST `/verifyReceipt`: the legacy receipt check, open (the receipt authenticates itself),
/// answering HTTP 200 with the outcome in the body's `status`, as Apple's endpoint does.
///
/// The receipt names its app: a receipt of an app not served gets the answer for a receipt of
/// another app (status 21010), as it does from a server of one app.
enum VerifyReceiptRoute {
    static func handle(_ request: RouteRequest, _ served: ServedApps) throws(AppStoreAPIError) -> HTTPResponse {
        // Every app is read before the body, as any request reads its store first: a store that
        // cannot be read is a 500 whatever the receipt.
        var states: [String: LedgerState] = [:]
        for app in served.apps { states[app.bundleID] = try app.refreshed() }
        // Every app signs with the store's one authority, and the server has one wall clock.
        let first = served.apps[0]
        let answer = VerifyReceiptEndpoint(signer: try first.signer()).respond(to: request.request.body, app: { bundleID in
            guard let app = served.app(bundleID), let state = states[bundleID] else { return nil }
            return .init(state: state, catalog: app.store.catalog, now: app.store.now())
        }, at: first.wallClock())
        return HTTPResponse(status: 200, contentType: HTTPResponse.jsonContentType, body: answer.json)
    }

    /// A receipt holds every transaction of its customer, about 380 bytes of base64 each, so a
    /// long subscriber's outgrows the limit of the other endpoints' small bodies: 4 MiB takes
    /// about 11,000 transactions, and keeps what a thousand connections may hold bounded.
    static let maximumBodyBytes = 4 * 1_048_576

    /// The answer to a request the server will not read: Apple's status for a body it cannot
    /// read (21002), so that a client reading only `status` is told too.
    static let unreadableRequestAnswer = HTTPResponse(status: 400, contentType: HTTPResponse.jsonContentType,
                                                      body: VerifyReceiptResponse(status: .malformed).json)
}
