import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger

extension Store {
    /// The renewal info of `subscription` (an auto-renewable one), signed as the store
    /// issues it now; nil for free subscriptions, which never renew, and for a subscription
    /// whose latest transaction the ledger does not hold.
    public func signedRenewalInfo(_ subscription: Entitlements.Subscription, signer: TransactionSigner) throws(SigningError) -> String? {
        let claims: SignedRenewalInfoPayload?
        do {
            claims = try Self.renewalInfoClaims(subscription, in: snapshot, catalog: catalog, signedAt: now())
        } catch {
            throw .crypto(error)
        }
        guard let claims else { return nil }
        return try signer.sign(claims, signedAt: now())
    }

    /// The renewal info claims of `subscription` as `state` holds it, signed at `signedAt`; nil
    /// for a plan that is not auto-renewable, or one `state` does not hold. Shared by what the
    /// store signs now and what a notification says of the moment of its event.
    public static func renewalInfoClaims(_ subscription: Entitlements.Subscription, in state: LedgerState, catalog: Catalog,
                                         signedAt: Date) throws(CryptoError) -> SignedRenewalInfoPayload? {
        let product = catalog.product(id: subscription.pendingProductID ?? subscription.productID)
        if let product, product.type != .autoRenewable { return nil }
        guard let latest = state.transactions[subscription.transactionID],
              let chain = state.subscriptions[subscription.originalTransactionID] else { return nil }
        // The schedule's own terms, so the price reported is the one the renewal will charge. A
        // plan the catalog lacks is told of all the same, without them: an app's server must not
        // take its subscriber for gone (only a catalog that has the plan knows its price).
        let terms = product.flatMap { product in latest.storefront.map { product.nextRenewalTerms(of: chain, storefront: $0) } }
        let offer = terms.flatMap { terms in
            SignedOffer(ledgerText: terms.offer?.rawValue, paymentMode: terms.offerPaymentMode,
                        period: terms.offerPeriod?.description)
        }
        return SignedRenewalInfoPayload(
            subscription: subscription, renewalPrice: terms?.price, currency: latest.currency, signedDate: signedAt,
            environment: state.settings.environment,
            appTransactionID: try AppStoreIdentifiers.appTransactionID(bundleID: catalog.bundleID, account: latest.account),
            renewalOffer: offer)
    }

    /// The app transaction of `buyer`'s account on `buyer`'s device, signed now with a fresh
    /// device verification nonce.
    public func signedAppTransaction(for buyer: Buyer, signer: TransactionSigner) throws(SigningError) -> (token: String, payload: SignedAppTransactionPayload, deviceVerificationID: String) {
        let signedAt = now()
        let firstPurchase = snapshot.transactions(of: buyer.account).map(\.purchaseDate).min()
        let verification: DeviceVerification
        do {
            verification = try DeviceVerification(bundleID: catalog.bundleID, device: buyer.device)
        } catch {
            throw .crypto(error)
        }
        let appTransactionID = try appTransactionID(account: buyer.account)
        let payload = SignedAppTransactionPayload(
            bundleID: catalog.bundleID, appAppleID: catalog.appAppleID, environment: environment,
            originalPurchaseDate: min(firstPurchase ?? signedAt, signedAt), signedDate: signedAt,
            appTransactionID: appTransactionID, deviceVerification: verification)
        return (try signer.sign(payload, signedAt: signedAt), payload, verification.deviceID)
    }

    /// The app transaction id of `account` in this store's app.
    func appTransactionID(account: String) throws(SigningError) -> String {
        do {
            return try AppStoreIdentifiers.appTransactionID(bundleID: catalog.bundleID, account: account)
        } catch {
            throw .crypto(error)
        }
    }
}
