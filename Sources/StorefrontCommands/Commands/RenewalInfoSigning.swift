import Foundation
import StoreCatalog
import StoreEngine
import StoreSigning

extension StoreSession {
    /// The signed renewal info of each auto-renewable subscription among `subscriptions`, by
    /// original transaction id; no signer is made (nor an authority) when there is none.
    func signedRenewalInfo(of subscriptions: [Entitlements.Subscription]) throws(CommandFailure) -> [String: String] {
        let renewing = subscriptions.filter { catalog.product(id: $0.productID)?.type == .autoRenewable }
        guard !renewing.isEmpty else { return [:] }
        let signer = try transactionSigner()
        var signed: [String: String] = [:]
        for subscription in renewing {
            do {
                signed[subscription.originalTransactionID] = try store.signedRenewalInfo(subscription, signer: signer)
            } catch {
                throw CommandFailure(status: .dataProblem, message: "\(error)")
            }
        }
        return signed
    }

    /// The renewal info of the auto-renewable subscription a purchase started, signed; nil for
    /// other outcomes and products. The purchase has already happened, so trouble with the
    /// authority is told on stderr instead of failing the command.
    func signedRenewalInfo(madeBy outcome: PurchaseOutcome, console: Console) -> String? {
        guard case let .purchased(record) = outcome, record.productType == .autoRenewable,
              let subscription = store.entitlements(for: buyer).subscriptions.first(where: { $0.originalTransactionID == record.originalID })
        else { return nil }
        do {
            return try signedRenewalInfo(of: [subscription])[subscription.originalTransactionID]
        } catch {
            console.err("storefront: the purchase went through, but its signed renewal info could not be made: \(error.message)")
            return nil
        }
    }
}
