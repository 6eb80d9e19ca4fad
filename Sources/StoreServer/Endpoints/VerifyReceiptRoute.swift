import StoreSigning

/// POST `/verifyReceipt`: the legacy receipt check, open (the receipt authenticates itself),
/// answering HTTP 200 with the outcome in the body's `status`, as Apple's endpoint does.
///
/// The receipt names its app: a receipt of an app not served gets the answer for a receipt of
/// another app (status 21010), as it does from a server of one app.
enum VerifyReceiptRoute {
    static func handle(_ request: RouteRequest, _ served: ServedApps) throws(AppStoreAPIError) -> HTTPResponse {
        // Every app signs with the store's one authority, and the server has one wall clock.
        let first = served.apps[0]
        let endpoint = VerifyReceiptEndpoint(signer: first.signer)
        var readFailure: AppStoreAPIError?
        let answer = endpoint.respond(to: request.request.body, app: { bundleID in
            guard let app = served.app(bundleID) else { return nil }
            do throws(AppStoreAPIError) {
                let state = try app.refreshed()
                return .init(state: state, catalog: app.store.catalog, now: app.store.now())
            } catch {
                readFailure = error
                return nil
            }
        }, at: first.wallClock())
        if let readFailure { throw readFailure }
        return HTTPResponse(status: 200, contentType: HTTPResponse.jsonContentType, body: answer.json)
    }
}
