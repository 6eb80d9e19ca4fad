import Foundation
import StoreEngine

extension Store {
    /// The transaction `record` names, signed as the store issues it now: as the ledger holds
    /// it (a purchase outcome's record carries dates finer than the ledger keeps, and a refund
    /// may have come since), dated by the store's clock, with its original purchase date and
    /// subscription group taken from the ledger and the catalog.
    public func signedTransaction(_ record: TransactionRecord, signer: TransactionSigner,
                                  appAccountToken: String? = nil) throws(SigningError) -> String {
        let state = snapshot
        let current = state.transactions[record.id] ?? record
        let original = state.transactions[current.originalID]?.purchaseDate ?? current.purchaseDate
        return try signer.sign(current, bundleID: catalog.bundleID, originalPurchaseDate: original, signedDate: now(),
                               appAccountToken: appAccountToken ?? record.appAccountToken,
                               subscriptionGroupID: catalog.product(id: current.productID)?.subscription?.group)
    }

    /// Checks `jws` with `verifier` at the store's time, against the ledger as it is now; a
    /// token of another app than the catalog's is never valid here.
    public func verifySignedTransaction(_ jws: String, with verifier: TransactionVerifier) -> TransactionVerification {
        verifier.verify(jws: jws, now: now(), ledger: snapshot, bundleID: catalog.bundleID)
    }
}
