import StoreEngine
import StoreSigning
import StorefrontText

/// The customer an id in the path belongs to, as Apple's customer endpoints find them: any of
/// their transaction ids (original or not), or their app transaction id, names the account.
struct CustomerLookup {
    let state: LedgerState
    /// The customer's account.
    let account: String

    /// The customer of `text` in `served`'s store as it is now: 400 when it is not an id, 404
    /// when this app has issued no such transaction and no account of it has that app
    /// transaction id.
    init(transactionID text: String, of served: ServedStore, notFoundCode: Int = AppStoreAPIError.Code.transactionIDNotFound)
        throws(AppStoreAPIError) {
        let id = try TransactionIDParameter.parse(text)
        let state = try served.refreshed()
        if let record = state.transactions[id], record.isBought {
            account = record.account
        } else if let owner = try Self.account(withAppTransactionID: id, in: state, served: served) {
            account = owner
        } else {
            throw .notFound(notFoundCode, ServerText.noTransaction(id))
        }
        self.state = state
    }

    /// The account of this app whose app transaction id is `id`. Transaction ids are looked up
    /// first: they are numbered from 2 × 10^15, and an app transaction id that happened to equal
    /// one would still name its transaction's customer first.
    private static func account(withAppTransactionID id: String, in state: LedgerState, served: ServedStore)
        throws(AppStoreAPIError) -> String? {
        for account in state.accounts {
            do {
                if try AppStoreIdentifiers.appTransactionID(bundleID: served.bundleID, account: account) == id { return account }
            } catch {
                throw served.internalError(.signing, cause: error)
            }
        }
        return nil
    }

    /// Every transaction the App Store issued to this customer, in the order they were made.
    var boughtTransactions: [TransactionRecord] {
        state.transactions(of: account).filter(\.isBought)
    }
}
