import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger

extension Store {
    /// The transaction `record` names, signed as the store issues it now: as the ledger holds
    /// it (a purchase outcome's record carries dates finer than the ledger keeps, and a refund
    /// may have come since), dated by the store's clock, with its original purchase date, its
    /// subscription group and offer terms taken from the ledger and the catalog.
    public func signedTransaction(_ record: TransactionRecord, signer: TransactionSigner,
                                  appAccountToken: String? = nil) throws(SigningError) -> String {
        let state = snapshot
        let current = state.transactions[record.id] ?? record
        guard TransactionSigner.issues(current) else { throw .notIssued(transactionID: current.id, state: current.state) }
        let claims: SignedTransactionPayload
        do {
            claims = try Self.transactionClaims(current, in: state, catalog: catalog, signedAt: now(),
                                                appAccountToken: appAccountToken ?? record.appAccountToken)
        } catch {
            throw .crypto(error)
        }
        return try signer.sign(claims, signedAt: now())
    }

    /// The claims of `record` as `state` holds it, signed at `signedAt`: its original purchase
    /// date, subscription group and offer terms from `state` and `catalog`. Shared by what the
    /// store signs now and what a notification says of the moment of its event.
    public static func transactionClaims(_ record: TransactionRecord, in state: LedgerState, catalog: Catalog, signedAt: Date,
                                         appAccountToken: String? = nil) throws(CryptoError) -> SignedTransactionPayload {
        let original = state.transactions[record.originalID]?.purchaseDate ?? record.purchaseDate
        let product = catalog.product(id: record.productID)
        let offer = product.flatMap { Self.signedOfferTerms($0, offer: record.offer) }
        let context = TransactionSigningContext(
            bundleID: catalog.bundleID, originalPurchaseDate: original, signedDate: signedAt, environment: state.settings.environment,
            // The ledger keeps a subscription's group: a catalog that lacks the plan still names it.
            appAccountToken: appAccountToken ?? record.appAccountToken,
            subscriptionGroupID: product?.subscription?.group ?? state.subscriptions[record.originalID]?.group,
            appTransactionID: try AppStoreIdentifiers.appTransactionID(bundleID: catalog.bundleID, account: record.account),
            offerPaymentMode: offer?.paymentMode, offerPeriod: offer?.period,
            revokedWithSubscription: state.revocationByLaterRefund(of: record))
        return SignedTransactionPayload(record: record, context: context)
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
