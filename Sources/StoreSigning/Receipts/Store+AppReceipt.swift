import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger

extension Store {
    /// The app receipt of `buyer`'s account on `buyer`'s device, made now from the ledger and
    /// signed by `signer`'s authority: the base64 text an app sends to `/verifyReceipt`.
    public func appReceipt(for buyer: Buyer, signer: TransactionSigner) throws(SigningError) -> (base64: String, receipt: AppReceipt) {
        try signer.signedAppReceipt(state: snapshot, catalog: catalog, buyer: buyer, environment: environment, at: now())
    }
}

extension TransactionSigner {
    /// The app receipt of `buyer` as `state` holds it, created at `date` and signed as PKCS#7.
    public func signedAppReceipt(state: LedgerState, catalog: Catalog, buyer: Buyer, environment: StoreEnvironment,
                                 at date: Date) throws(SigningError) -> (base64: String, receipt: AppReceipt) {
        guard CertificateAuthority.signingDates.contains(date) else { throw .outsideValidity(date: date) }
        do throws(CryptoError) {
            let receipt = try AppReceipt(state: state, catalog: catalog, buyer: buyer, environment: environment, creationDate: date)
            let signed = try SignedAppReceipt.sign(receipt, with: authority)
            return (Data(signed).base64EncodedString(), receipt)
        } catch {
            throw .crypto(error)
        }
    }
}
