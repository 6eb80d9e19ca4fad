import Foundation
import StoreEngine
import StoreSigning

/// `storefront receipt [--json]`: the app receipt of this account on this device, as the App
/// Store hands an app at `Bundle.main.appStoreReceiptURL`, for an app's server to send to
/// `/verifyReceipt`.
enum ReceiptCommand {
    static func run(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let signer = try session.transactionSigner()
        let made: (base64: String, receipt: AppReceipt)
        do {
            made = try session.store.appReceipt(for: session.buyer, signer: signer)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        if arguments.json {
            try console.json(JSONShapes.AppReceipt(made))
        } else {
            console.out(made.base64)
        }
        return .success
    }
}
