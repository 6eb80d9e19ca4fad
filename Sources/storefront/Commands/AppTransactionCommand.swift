import Foundation
import StoreCatalog
import StoreEngine
import StoreSigning

/// `storefront app-transaction [--json]`: the signed app transaction of this account on this
/// device, as StoreKit's `AppTransaction.shared` hands an app.
enum AppTransactionCommand {
    static func run(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "app-transaction")
        try arguments.expectNoArguments(command: "app-transaction")
        let signer = try session.transactionSigner()
        let signed: (token: String, payload: SignedAppTransactionPayload, deviceVerificationID: String)
        do {
            signed = try session.store.signedAppTransaction(for: session.buyer, signer: signer)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        if arguments.json {
            try console.json(JSONShapes.AppTransaction(
                signedAppTransaction: signed.token, appTransactionId: signed.payload.appTransactionId,
                deviceVerificationId: signed.deviceVerificationID, payload: signed.payload))
        } else {
            console.out(signed.token)
        }
        return .success
    }
}

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
}
