import Foundation
import StoreEngine
import StoreSigning

/// `storefront app-transaction [--json]`: the signed app transaction of this account on this
/// device, as StoreKit's `AppTransaction.shared` hands an app.
enum AppTransactionCommand {
    static func run(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
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
