import Foundation
import StoreCatalog
import StoreEngine

extension Store {
    /// The transaction `record` names, signed as the store issues it now: as the ledger holds
    /// it (a purchase outcome's record carries dates finer than the ledger keeps, and a refund
    /// may have come since), dated by the store's clock, with its original purchase date, its
    /// subscription group and offer terms taken from the ledger and the catalog.
    public func signedTransaction(_ record: TransactionRecord, signer: TransactionSigner,
                                  appAccountToken: String? = nil) throws(SigningError) -> String {
        let state = snapshot
        let current = state.transactions[record.id] ?? record
        let original = state.transactions[current.originalID]?.purchaseDate ?? current.purchaseDate
        let product = catalog.product(id: current.productID)
        let offer = product.flatMap { Self.signedOfferTerms($0, offer: current.offer) }
        let appTransactionID = try appTransactionID(account: current.account)
        let context = TransactionSigningContext(
            bundleID: catalog.bundleID, originalPurchaseDate: original, signedDate: now(), environment: environment,
            // The ledger keeps a subscription's group: a catalog that lacks the plan still names it.
            appAccountToken: appAccountToken ?? record.appAccountToken,
            subscriptionGroupID: product?.subscription?.group ?? state.subscriptions[current.originalID]?.group,
            appTransactionID: appTransactionID, offerPaymentMode: offer?.paymentMode, offerPeriod: offer?.period,
            revokedWithSubscription: state.revocationByLaterRefund(of: current))
        return try signer.sign(current, context: context)
    }

    /// How `offer` is paid, and the length of one of its periods, as the catalog defines it.
    static func signedOfferTerms(_ product: Product, offer: AppliedOffer?) -> (paymentMode: OfferPaymentMode, period: String)? {
        guard let offer, let subscription = product.subscription else { return nil }
        switch offer {
        case .introductory:
            return subscription.introOffer.map { ($0.paymentMode, $0.period.description) }
        case let .promotional(id):
            return subscription.promotionalOffers.first { $0.id == id }.map { ($0.paymentMode, $0.period.description) }
        }
    }

    /// Checks `jws` with `verifier` at the store's time, against the ledger as it is now; a
    /// token of another app than the catalog's is never valid here.
    public func verifySignedTransaction(_ jws: String, with verifier: TransactionVerifier) -> TransactionVerification {
        verifier.verify(jws: jws, now: now(), ledger: snapshot, bundleID: catalog.bundleID, catalog: catalog)
    }

    /// The App Store environment stamped into what the store signs (the `environment` setting).
    public var environment: StoreEnvironment { snapshot.settings.environment }
}
