import StoreEngine

/// GET `/inApps/v1/lookup/{orderId}`: Look Up Order ID.
///
/// As Apple's, an unknown order id is not an error: the answer is 200 with status 1.
enum OrderLookupEndpoint {
    /// Apple's OrderLookupResponse; status 0 valid, 1 invalid.
    struct Response: Encodable {
        var status: Int
        var signedTransactions: [String]
    }

    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let state = try served.refreshed()
        guard let id = OrderID.transactionID(of: request.parameter("orderId")),
              let record = state.transactions[id], record.isBought else {
            var unknown = HTTPResponse.json(Response(status: 1, signedTransactions: []))
            unknown.saysIDIsUnknown = true
            return unknown
        }
        return .json(Response(status: 0, signedTransactions: [try served.signedTransaction(record)]))
    }
}
