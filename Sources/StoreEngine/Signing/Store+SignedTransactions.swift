import Foundation

extension Store {
    /// `record` signed as the store issues it now: dated by the store's clock, with its
    /// original purchase date and subscription group taken from the ledger and the catalog.
    public func signedTransaction(_ record: TransactionRecord, signer: TransactionSigner,
                                  appAccountToken: String? = nil) throws(SigningError) -> String {
        let original = snapshot.transactions[record.originalID]?.purchaseDate ?? record.purchaseDate
        return try signer.sign(record, bundleID: catalog.bundleID, originalPurchaseDate: original, signedDate: now(),
                               appAccountToken: appAccountToken,
                               subscriptionGroupID: catalog.product(id: record.productID)?.subscription?.group)
    }

    /// Checks `jws` with `verifier` at the store's time, against the ledger as it is now.
    public func verifySignedTransaction(_ jws: String, with verifier: TransactionVerifier) -> TransactionVerification {
        verifier.verify(jws: jws, now: now(), ledger: snapshot)
    }
}
