import StoreEngine
import StorefrontText

/// GET `/inApps/v1/transactions/{transactionId}`: Get Transaction Info.
enum TransactionInfoEndpoint {
    /// Apple's TransactionInfoResponse.
    struct Response: Encodable {
        var signedTransactionInfo: String
    }

    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let id = try TransactionIDParameter.parse(request.parameter("transactionId"))
        let state = try served.refreshed()
        guard let record = state.transactions[id], record.isIssued else {
            throw .notFound(AppStoreAPIError.Code.transactionIDNotFound, ServerText.noTransaction(id))
        }
        return .json(Response(signedTransactionInfo: try served.signedTransaction(record)))
    }
}
