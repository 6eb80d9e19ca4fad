import StoreEngine
import StorefrontText

/// The customer a transaction id belongs to, as Apple's history endpoints find them: any of
/// their transaction ids (original or not) names the account.
struct CustomerLookup {
    let state: LedgerState
    /// The transaction the path named.
    let record: TransactionRecord

    /// The customer of transaction `text`: 400 when it is not an id, 404 when this app has
    /// issued no such transaction.
    init(transactionID text: String, in state: LedgerState, notFoundCode: Int = AppStoreAPIError.Code.transactionIDNotFound)
        throws(AppStoreAPIError) {
        let id = try TransactionIDParameter.parse(text)
        guard let record = state.transactions[id], record.isBought else {
            throw .notFound(notFoundCode, ServerText.noTransaction(id))
        }
        self.state = state
        self.record = record
    }

    /// Every transaction the App Store issued to this customer, in the order they were made.
    var boughtTransactions: [TransactionRecord] {
        state.transactions(of: record.account).filter(\.isBought)
    }
}
