import Foundation
import StoreCatalog
import StoreEngine
import StoreNotifications
import StoreSigning
import Testing
@testable import StorefrontTesting

/// Apple's own App Store Server Library decodes the store's notifications with
/// `verify_and_decode_notification`, given the store's root certificate.
@Suite(.enabled(if: AppStoreLibraryCheck.isAvailable || AppStoreLibraryCheck.isRequired,
                "python3 cannot import Apple's app-store-server-library; `python3 -m pip install app-store-server-library` enables these tests"))
struct NotificationPayloadLibraryTests {
    let folder: String
    let store: Store
    let signer: TransactionSigner
    let feed: NotificationFeed
    let buyer = Buyer(account: "tester", device: "phone")

    init() throws {
        folder = try StorefrontProcess.temporaryFolder()
        let ledgerPath = folder + "/entitlements.jsonl"
        let catalog = try CatalogLoader.loadBundled("Rage")
        store = try Store(catalog: catalog, log: try LedgerEventLog.open(path: ledgerPath))
        // Set first: it starts the store, whose key the authority is sealed with.
        try store.set(.notificationURL, to: "http://127.0.0.1:9/notifications", for: buyer)
        signer = try TransactionSigner(ledgerPath: ledgerPath)
        feed = NotificationFeed(log: try LedgerEventLog.open(path: ledgerPath), catalog: catalog,
                                identity: try NotificationIdentity(authority: signer.authority))
    }

    @Test func aSubscriptionsNotificationsVerifyAndCarryTheirTransactionAndRenewalInfo() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        _ = try store.purchase("com.example.rage.pro.yearly", buyer: buyer, storefront: "USA")
        _ = try store.cancelRenewal("com.example.rage.pro.yearly", buyer: buyer)
        _ = try store.requestTestNotification(by: buyer)
        let notifications = try feed.refresh().notifications
        let tokens = try notifications.map { try store.signedNotification($0, signer: signer) }
        let verdicts = try AppStoreLibraryCheck.verify(tokens.map { (.notification, $0) }, rootDER: signer.authority.root.der,
                                                       bundleID: "com.example.rage")
        #expect(verdicts.map(\.verified) == [true, true, true], "\(verdicts.map(\.status))")
        let kinds = verdicts.map { [$0.fields["notificationType"] as? String, $0.fields["subtype"] as? String] }
        #expect(kinds == [["SUBSCRIBED", "INITIAL_BUY"], ["DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED"], ["TEST", nil]])
        #expect(verdicts.map { $0.fields["notificationUUID"] as? String } == notifications.map(\.id))
        #expect(verdicts.allSatisfy { $0.fields["version"] as? String == "2.0" })
        let data = try #require(verdicts.first?.fields["data"] as? [String: Any])
        #expect(data["bundleId"] as? String == "com.example.rage")
        #expect(data["environment"] as? String == "Sandbox")
        #expect(data["status"] as? Int == 1)
        let transaction = try #require(data["signedTransactionInfo"] as? String)
        let renewal = try #require(data["signedRenewalInfo"] as? String)
        let inner = try AppStoreLibraryCheck.verify([(.transaction, transaction), (.renewalInfo, renewal)],
                                                    rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        #expect(inner.map(\.verified) == [true, true])
        #expect(inner[0].fields["transactionId"] as? String == notifications[0].transactionID)
        // Each says the subscription as it stood right after its event, though both are sent
        // after the cancel (before: both said auto-renew off, the SUBSCRIBED one contradicting itself).
        #expect(inner[1].fields["autoRenewStatus"] as? Int == 1, "renewal info as it was at the purchase")
        let cancelled = try #require(verdicts[1].fields["data"] as? [String: Any])
        let cancelledToken = try #require(cancelled["signedRenewalInfo"] as? String)
        let cancelledRenewal = try AppStoreLibraryCheck.verify([(.renewalInfo, cancelledToken)],
                                                               rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        #expect(cancelledRenewal.first?.fields["autoRenewStatus"] as? Int == 0)
        // Turned back on before a retry: the AUTO_RENEW_DISABLED sent again still says off, and
        // its signedDate is new (before: it said on, contradicting its type).
        _ = try store.resumeRenewal("com.example.rage.pro.yearly", buyer: buyer)
        let again = try #require(try feed.refresh().notifications.first { $0.id == notifications[1].id })
        let resent = try AppStoreLibraryCheck.verify([(.notification, try store.signedNotification(again, signer: signer))],
                                                     rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        let resentData = try #require(resent.first?.fields["data"] as? [String: Any])
        let resentToken = try #require(resentData["signedRenewalInfo"] as? String)
        let resentRenewal = try AppStoreLibraryCheck.verify([(.renewalInfo, resentToken)],
                                                            rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        #expect(resentRenewal.first?.fields["autoRenewStatus"] as? Int == 0 && resentData["status"] as? Int == 1, "\(resentData)")
        let test = try #require(verdicts.last?.fields["data"] as? [String: Any])
        #expect(test["signedTransactionInfo"] == nil)
    }

    @Test("a notification sent after the environment setting changed names its event's environment outside as inside (before: Production outside, Sandbox inside)")
    func aNotificationKeepsOneEnvironment() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        _ = try store.purchase("com.example.rage.pro.yearly", buyer: buyer, storefront: "USA")
        try store.set(.environment, to: "Production", for: buyer)
        _ = try store.requestTestNotification(by: buyer)
        let notifications = try feed.refresh().notifications
        let tokens = try notifications.map { try store.signedNotification($0, signer: signer) }
        let sandbox = try AppStoreLibraryCheck.verify([(.notification, tokens[0])], rootDER: signer.authority.root.der,
                                                      bundleID: "com.example.rage")
        let data = try #require(sandbox.first?.fields["data"] as? [String: Any])
        #expect(sandbox.first?.verified == true && data["environment"] as? String == "Sandbox", "\(sandbox.map(\.status))")
        let transaction = try #require(data["signedTransactionInfo"] as? String)
        let inner = try AppStoreLibraryCheck.verify([(.transaction, transaction)], rootDER: signer.authority.root.der,
                                                    bundleID: "com.example.rage")
        #expect(inner.first?.verified == true && inner.first?.fields["environment"] as? String == "Sandbox")
        // A notification of an event after the change names the new environment, which a
        // verifier set up for the sandbox refuses.
        #expect(notifications.map(\.type) == [.subscribed, .test])
        let test = try AppStoreLibraryCheck.verify([(.notification, try #require(tokens.last))], rootDER: signer.authority.root.der,
                                                   bundleID: "com.example.rage")
        #expect(test.first?.status == "INVALID_ENVIRONMENT", "\(test.map(\.status))")
    }

    @Test("a notification of a subscription that the account subscribed to again since carries that subscription's renewal info and status (before: neither, once a newer subscription in the group took its place)")
    func anEarlierSubscriptionsNotificationKeepsItsRenewalInfo() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let first = try #require(try store.purchase("com.example.rage.pro.yearly", buyer: buyer, storefront: "USA").transaction)
        _ = try store.expire("com.example.rage.pro.yearly", buyer: buyer)
        _ = try store.purchase("com.example.rage.pro.yearly", buyer: buyer, storefront: "USA")
        let earlier = try feed.refresh().notifications.filter { $0.transactionID == first.id }
        #expect(earlier.count == 2, "SUBSCRIBED and EXPIRED: \(earlier)")
        let tokens = try earlier.map { try store.signedNotification($0, signer: signer) }
        let verdicts = try AppStoreLibraryCheck.verify(tokens.map { (.notification, $0) }, rootDER: signer.authority.root.der,
                                                       bundleID: "com.example.rage")
        // Each with the status at its event: active at SUBSCRIBED, expired at EXPIRED.
        for (verdict, status) in zip(verdicts, [1, 2]) {
            let data = try #require(verdict.fields["data"] as? [String: Any])
            #expect(verdict.verified && data["signedRenewalInfo"] is String && data["status"] as? Int == status, "\(data)")
        }
    }

    @Test("renewals that fell due long ago, recorded in one catch-up, each say what their event found: the failed renewal in billing retry (before: expired, as the subscription stood once the retry ran out)")
    func catchUpEventsSayTheirOwnMoment() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        try store.set(.billingRetry, to: "true", for: buyer)
        _ = try store.purchase("com.example.rage.pro.monthly", buyer: buyer, storefront: "USA")
        _ = try store.advance(by: try #require(StoreDuration("P70D")), buyer: buyer)
        let notifications = try feed.refresh().notifications
        let failed = try #require(notifications.first { $0.type.rawValue == "DID_FAIL_TO_RENEW" && $0.subtype == nil }, "\(notifications.map(\.type))")
        #expect(notifications.contains { $0.type.rawValue == "EXPIRED" }, "the retry ran out too")
        let verdicts = try AppStoreLibraryCheck.verify([(.notification, try store.signedNotification(failed, signer: signer))],
                                                       rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        let verdict = try #require(verdicts.first)
        let data = try #require(verdict.fields["data"] as? [String: Any])
        let renewalToken = try #require(data["signedRenewalInfo"] as? String)
        let renewals = try AppStoreLibraryCheck.verify([(.renewalInfo, renewalToken)], rootDER: signer.authority.root.der,
                                                       bundleID: "com.example.rage")
        let renewal = try #require(renewals.first)
        #expect(verdict.verified && data["status"] as? Int == 3, "billing retry: \(data)")
        #expect(renewal.fields["isInBillingRetryPeriod"] as? Bool == true && renewal.fields["expirationIntent"] == nil, "\(renewal.fields)")
    }

    @Test("each DID_RENEW of a catch-up, sent after a later cancel, says its own period: renewal date its period's end, auto-renew on (before: the last period's date and auto-renew off on every one)")
    func renewalsSayTheirOwnPeriod() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        _ = try store.purchase("com.example.rage.pro.monthly", buyer: buyer, storefront: "USA")
        _ = try store.advance(by: try #require(StoreDuration("P4M")), buyer: buyer)
        _ = try store.cancelRenewal("com.example.rage.pro.monthly", buyer: buyer)
        let renewals = try feed.refresh().notifications.filter { $0.type.rawValue == "DID_RENEW" }
        #expect(renewals.count == 4, "\(renewals.map(\.type))")
        let verdicts = try AppStoreLibraryCheck.verify(renewals.map { (.notification, try store.signedNotification($0, signer: signer)) },
                                                       rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        var inner: [(AppStoreLibraryCheck.Kind, String)] = []
        for verdict in verdicts {
            let data = try #require(verdict.fields["data"] as? [String: Any])
            inner.append((.transaction, try #require(data["signedTransactionInfo"] as? String)))
            inner.append((.renewalInfo, try #require(data["signedRenewalInfo"] as? String)))
        }
        let claims = try AppStoreLibraryCheck.verify(inner, rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        #expect(claims.allSatisfy(\.verified) && claims.count == 8)
        for pair in stride(from: 0, to: claims.count, by: 2) {
            let (transaction, renewal) = (claims[pair].fields, claims[pair + 1].fields)
            #expect(renewal["autoRenewStatus"] as? Int == 1, "\(renewal)")
            #expect((renewal["renewalDate"] as? NSNumber)?.int64Value == (transaction["expiresDate"] as? NSNumber)?.int64Value,
                    "the period's own end: \(renewal) / \(transaction)")
        }
    }

    @Test("a consumable's CONSUMPTION_REQUEST carries the refund's reason as consumptionRequestReason (before: none)")
    func aConsumptionRequestCarriesItsReason() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let face = try #require(try store.purchase("com.example.rage.face.random", buyer: buyer, storefront: "USA").transaction)
        _ = try store.refund(face.id, reason: .unintendedPurchase)
        let request = try #require(try feed.refresh().notifications.first { $0.type.rawValue == "CONSUMPTION_REQUEST" })
        let verdicts = try AppStoreLibraryCheck.verify([(.notification, try store.signedNotification(request, signer: signer))],
                                                       rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        let data = try #require(verdicts.first?.fields["data"] as? [String: Any])
        #expect(verdicts.first?.verified == true && data["consumptionRequestReason"] as? String == "UNINTENDED_PURCHASE", "\(data)")
    }

    @Test func aTamperedNotificationIsRefused() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        _ = try store.requestTestNotification(by: buyer)
        let token = try store.signedNotification(try #require(try feed.refresh().notifications.first), signer: signer)
        var parts = token.split(separator: ".").map(String.init)
        parts[2] = String(parts[2].reversed())
        let verdicts = try AppStoreLibraryCheck.verify([(.notification, parts.joined(separator: "."))],
                                                       rootDER: signer.authority.root.der, bundleID: "com.example.rage")
        #expect(verdicts.first?.verified == false)
    }
}
