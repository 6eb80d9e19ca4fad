import Foundation
import StoreCatalog
import StoreEngine

/// Answers POST `/verifyReceipt` as Apple's legacy endpoint does: always HTTP 200, the outcome
/// in the body's `status`.
///
/// Pure apart from signing: the answer depends only on the body, the apps' ledger states and
/// the time given, and on the authority (the `latest_receipt` it signs differs only in its
/// ECDSA nonce). It never changes the ledger.
public struct VerifyReceiptEndpoint: Sendable {
    /// One app as the ledger holds it now.
    public struct App: Sendable {
        public var state: LedgerState
        public var catalog: Catalog
        /// The app's store time, at which `latest_receipt` is made.
        public var now: Date

        public init(state: LedgerState, catalog: Catalog, now: Date) {
            self.state = state
            self.catalog = catalog
            self.now = now
        }
    }

    /// Signs `latest_receipt`; its root is the only one a receipt is authentic under.
    public let signer: TransactionSigner

    public init(signer: TransactionSigner) {
        self.signer = signer
    }

    /// The answer to `body`; `app` finds the app a receipt names by bundle id; the receipt's
    /// certificates are checked at `date`. The answer's `request_date` is the app's store time,
    /// the clock every date the receipt and the ledger carry is on, so a client comparing
    /// `request_date` with `receipt_creation_date` or an `expires_date` sees one clock.
    public func respond(to body: [UInt8], app: (String) -> App?, at date: Date) -> VerifyReceiptResponse {
        guard let request = VerifyReceiptRequest.read(body) else { return VerifyReceiptResponse(status: .malformed) }
        let receipt: AppReceipt
        switch SignedAppReceipt.check(base64: request.receiptData, root: signer.authority.root, at: date) {
        case let .authentic(checked): receipt = checked
        case .malformed: return VerifyReceiptResponse(status: .malformed)
        case .notAuthentic: return VerifyReceiptResponse(status: .notAuthentic)
        }
        guard let app = app(receipt.bundleID) else { return VerifyReceiptResponse(status: .unknownApp) }
        let isProduction = app.state.settings.environment == .production
        let environment = isProduction ? StoreEnvironment.production.rawValue : StoreEnvironment.sandbox.rawValue
        switch (receipt.kind, isProduction) {
        case (.sandbox, true): return VerifyReceiptResponse(status: .sandboxReceiptInProduction, environment: environment)
        case (.production, false): return VerifyReceiptResponse(status: .productionReceiptInSandbox, environment: environment)
        default: break
        }
        if let secret = app.state.settings.receiptSharedSecret, request.password != secret {
            return VerifyReceiptResponse(status: .wrongSharedSecret, environment: environment)
        }
        var response = VerifyReceiptResponse(status: .valid, environment: environment)
        response.receipt = Self.receiptSection(receipt, app: app, requestDate: app.now)
        do {
            try addLatest(to: &response, receipt: receipt, app: app, excludingOld: request.excludeOldTransactions)
        } catch {
            return VerifyReceiptResponse(status: .unavailable, environment: environment)
        }
        return response
    }

    /// The `receipt` object: what the receipt states.
    static func receiptSection(_ receipt: AppReceipt, app: App, requestDate: Date) -> VerifyReceiptResponse.ReceiptSection {
        var fields = [
            "receipt_type": receipt.kind.rawValue, "bundle_id": receipt.bundleID,
            "application_version": receipt.applicationVersion,
            "original_application_version": receipt.originalApplicationVersion,
        ]
        VerifyReceiptDates.add("receipt_creation_date", receipt.creationDate, to: &fields)
        VerifyReceiptDates.add("request_date", requestDate, to: &fields)
        VerifyReceiptDates.add("receipt_expiration_date", receipt.expirationDate, to: &fields)
        let inApp = receipt.inApp.map { entry in
            // The receipt itself does not say why an entry was cancelled; the ledger does.
            VerifyReceiptEntries.inApp(entry, isSubscription: app.catalog.product(id: entry.productID)?.type == .autoRenewable,
                                       hasReason: InAppPurchaseReceipt.cancellationHasReason(app.state.transactions[entry.transactionID],
                                                                                            state: app.state))
        }
        return VerifyReceiptResponse.ReceiptSection(fields: fields, appItemID: app.catalog.appAppleID ?? 0, inApp: inApp)
    }

    /// Whether `entry` comes after `other`: by when it took effect, and within one moment (an
    /// upgrade made in the second of the purchase it replaces) by transaction id, which the store
    /// numbers in the order it records them, compared as numbers. A period paid ahead and
    /// cancelled before it began (refunded, ended by an upgrade, or its subscription ended first)
    /// takes effect at its cancellation, as it never ran: dated at its future start it came
    /// before the plan in force.
    static func isNewer(_ entry: InAppPurchaseReceipt, than other: InAppPurchaseReceipt) -> Bool {
        let (date, otherDate) = (effectiveDate(of: entry), effectiveDate(of: other))
        guard date == otherDate else { return date > otherDate }
        return (entry.transactionID.count, entry.transactionID) > (other.transactionID.count, other.transactionID)
    }

    private static func effectiveDate(of entry: InAppPurchaseReceipt) -> Date {
        min(entry.purchaseDate, entry.cancellationDate ?? entry.purchaseDate)
    }

    /// Adds `latest_receipt_info`, `latest_receipt` and `pending_renewal_info` from the ledger
    /// as it is now, when the receipt's account has an auto-renewable subscription on its device.
    private func addLatest(to response: inout VerifyReceiptResponse, receipt: AppReceipt, app: App,
                           excludingOld: Bool) throws(SigningError) {
        guard let buyer = receipt.buyer(in: app.state) else { return }
        let latest = try signer.signedAppReceipt(state: app.state, catalog: app.catalog, buyer: buyer,
                                                 environment: app.state.settings.environment, at: app.now)
        let isSubscription = { (entry: InAppPurchaseReceipt) in
            app.state.transactions[entry.transactionID]?.productType == .autoRenewable
        }
        var entries = latest.receipt.inApp.filter(isSubscription).isEmpty ? [] : latest.receipt.inApp
        guard !entries.isEmpty else { return }
        if excludingOld {
            // Keep each subscription's newest transaction; other purchases stay as they are. A
            // period an upgrade replaced is never it, though paid ahead it begins later.
            let replaced = { (entry: InAppPurchaseReceipt) in app.state.transactions[entry.transactionID]?.replacedBy != nil }
            let newest = Dictionary(entries.filter(isSubscription).map { ($0.originalTransactionID, $0) },
                                    uniquingKeysWith: { first, second in
                                        if replaced(first) != replaced(second) { return replaced(first) ? second : first }
                                        return Self.isNewer(first, than: second) ? first : second
                                    })
            entries = entries.filter { !isSubscription($0) || newest[$0.originalTransactionID] == $0 }
        }
        entries.sort { Self.isNewer($0, than: $1) }
        response.latestReceiptInfo = entries.map { VerifyReceiptEntries.latest($0, state: app.state, catalog: app.catalog) }
        response.latestReceipt = latest.base64
        var seen = Set<String>()
        response.pendingRenewalInfo = entries.filter(isSubscription).compactMap { entry in
            guard seen.insert(entry.originalTransactionID).inserted,
                  let chain = app.state.subscriptions[entry.originalTransactionID] else { return nil }
            return VerifyReceiptEntries.pendingRenewal(chain)
        }
    }
}
