import StoreSigning

/// POST `/verifyReceipt`: the legacy receipt check, open (the receipt authenticates itself),
/// answering HTTP 200 with the outcome in the body's `status`, as Apple's endpoint does.
enum VerifyReceiptRoute {
    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let state = try served.refreshed()
        let store = served.store
        let endpoint = VerifyReceiptEndpoint(signer: try served.signer())
        let answer = endpoint.respond(to: request.request.body, app: { bundleID in
            bundleID == store.catalog.bundleID ? .init(state: state, catalog: store.catalog, now: store.now()) : nil
        }, at: served.wallClock())
        return HTTPResponse(status: 200, contentType: HTTPResponse.jsonContentType, body: answer.json)
    }
}
