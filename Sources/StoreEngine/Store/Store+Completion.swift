import Foundation

/// Settling purchases that did not complete at once: Ask to Buy, interrupted purchases and
/// transactions the app left unfinished.
extension Store {
    /// A parent approves an Ask to Buy request: the purchase completes now and is delivered.
    public func approve(_ transactionID: String) throws -> PurchaseOutcome {
        try commitPurchase { state, now throws(StoreRefusal) in try decisions.complete(transactionID, as: .approve, in: state, at: now) }
    }

    /// The buyer completes an interrupted purchase; `account`, the account asking, is refused
    /// another account's (nil: any, as the store's own callers that checked already).
    public func resolve(_ transactionID: String, by account: String? = nil) throws -> PurchaseOutcome {
        try commitPurchase { state, now throws(StoreRefusal) in
            try decisions.complete(transactionID, as: .resolve, by: account, in: state, at: now)
        }
    }

    /// A parent declines an Ask to Buy request: nothing is charged or delivered.
    public func decline(_ transactionID: String) throws -> TransactionRecord {
        try commitRequest { state, now throws(StoreRefusal) in try decisions.decline(transactionID, in: state, at: now) }
    }

    /// Transactions of the buyer's account bought on the buyer's device that the app did not
    /// finish.
    public func unfinishedTransactions(for buyer: Buyer) -> [TransactionRecord] {
        snapshot.transactions(of: buyer.account).filter { !$0.finished && $0.purchaseDevice == buyer.device }
    }

    /// Delivers and finishes every unfinished transaction of the buyer on this device, exactly
    /// once: a transaction finished by another process meanwhile is not delivered again.
    public func deliverUnfinished(_ buyer: Buyer) throws -> [TransactionRecord] {
        try commit { state, now in
            let waiting = state.transactions(of: buyer.account).filter {
                !$0.finished && $0.purchaseDevice == buyer.device && $0.state != .failed && $0.state != .cancelled
            }
            guard !waiting.isEmpty else { return ([], []) }
            var finish = event(.finish, for: buyer, at: now)
            finish.transactionIds = waiting.map(\.id)
            return ([finish], waiting.map { record in
                var finished = record
                finished.finished = true
                return finished
            })
        }
    }
}
