/// GET `/inApps/v2/refund/lookup/{transactionId}`: Get Refund History (version 2).
enum RefundHistoryEndpoint {
    /// Apple's RefundHistoryResponse.
    struct Response: Encodable {
        var signedTransactions: [String]
        var revision: String
        var hasMore: Bool
    }

    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let customer = try CustomerLookup(transactionID: request.parameter("transactionId"), of: served)
        let refunded = customer.boughtTransactions.filter { $0.state == .refunded }
        let page = try RevisionPaging.refundPage(refunded, after: try request.request.singleQueryValue("revision"))
        var signed: [String] = []
        for record in page.items { signed.append(try served.signedTransaction(record)) }
        return .json(Response(signedTransactions: signed, revision: page.revision, hasMore: page.hasMore))
    }
}
