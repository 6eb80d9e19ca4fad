import Foundation
import StoreEngine
import StoreSigning

extension Store {
    /// `notification` signed as the App Store sends it now, dated by the store's clock: its
    /// transaction and the renewal info of its subscription as they stood right after its event
    /// (`claimsAtEvent`), or else as the ledger holds them.
    public func signedNotification(_ notification: StoreNotification, signer: TransactionSigner) throws(SigningError) -> String {
        let signedAt = now()
        // The environment its event happened in, as its signed transaction says: a retry sent
        // after the store's `environment` setting changed still names one environment throughout,
        // which a verifier set up for either checks against both.
        var data = NotificationPayload.NotificationData(
            appAppleId: catalog.appAppleID, bundleId: catalog.bundleID,
            bundleVersion: SignedAppTransactionPayload.applicationVersion,
            environment: notification.claimsAtEvent?.transaction.environment ?? environment.rawValue)
        data.consumptionRequestReason = notification.consumptionRequestReason?.rawValue
        if var claims = notification.claimsAtEvent {
            let milliseconds = SignedTransactionPayload.milliseconds(signedAt)
            claims.transaction.signedDate = milliseconds
            claims.renewalInfo?.signedDate = milliseconds
            data.signedTransactionInfo = try signer.sign(claims.transaction, signedAt: signedAt)
            data.signedRenewalInfo = try claims.renewalInfo.map { claims throws(SigningError) in try signer.sign(claims, signedAt: signedAt) }
            data.status = claims.status
        } else if let id = notification.transactionID, let record = snapshot.transactions[id] {
            data.signedTransactionInfo = try signedTransaction(record, signer: signer)
            if let subscription = subscription(originalID: record.originalID, account: record.account) {
                data.signedRenewalInfo = try signedRenewalInfo(subscription, signer: signer)
                data.status = NotificationPayload.status(subscription.state)
            }
        }
        let payload = NotificationPayload(
            notificationType: notification.type.rawValue, subtype: notification.subtype?.rawValue,
            notificationUUID: notification.id, version: NotificationPayload.version,
            signedDate: SignedTransactionPayload.milliseconds(signedAt), data: data)
        return try signer.sign(payload, signedAt: signedAt)
    }
}
