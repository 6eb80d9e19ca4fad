/// GET `/inApps/v2/history/{transactionId}`: Get Transaction History (version 2).
enum TransactionHistoryEndpoint {
    /// Apple's HistoryResponse.
    struct Response: Encodable {
        var revision: String
        var hasMore: Bool
        var bundleId: String
        var appAppleId: Int?
        var environment: String
        var signedTransactions: [String]
    }

    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let filter = try HistoryFilter(request.request)
        let customer = try CustomerLookup(transactionID: request.parameter("transactionId"), of: served)
        let kept = filter.apply(customer.boughtTransactions, catalog: served.store.catalog, state: customer.state)
        let page = try RevisionPaging.page(kept, after: try request.request.singleQueryValue("revision"),
                                           descending: filter.order == .descending)
        var signed: [String] = []
        for record in page.items { signed.append(try served.signedTransaction(record)) }
        return .json(Response(revision: page.revision, hasMore: page.hasMore, bundleId: served.bundleID,
                              appAppleId: served.store.catalog.appAppleID, environment: served.environmentName,
                              signedTransactions: signed))
    }
}
