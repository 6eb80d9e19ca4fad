import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger
@testable import StoreSigning

@Suite struct SignedRenewalInfoTests {
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    static func subscription(_ state: Entitlements.SubscriptionState, willAutoRenew: Bool = true,
                             reason: SubscriptionChain.ExpirationReason? = nil, pending: String? = nil,
                             grace: Date? = nil) -> Entitlements.Subscription {
        Entitlements.Subscription(
            productID: Rage.monthly, group: "rage-pro", state: state, transactionID: "2000000000000003",
            originalTransactionID: "2000000000000001", purchaseDate: start.addingTimeInterval(86_400),
            originalPurchaseDate: start, expiresDate: start.addingTimeInterval(31 * 86_400), willAutoRenew: willAutoRenew,
            offer: nil, delivered: true, expirationReason: reason, pendingProductID: pending, gracePeriodExpiresDate: grace,
            renewalCount: 1)
    }

    static func payload(_ subscription: Entitlements.Subscription) -> SignedRenewalInfoPayload {
        SignedRenewalInfoPayload(subscription: subscription, renewalPrice: Decimal(string: "2.99"), currency: "USD",
                                 signedDate: start.addingTimeInterval(40 * 86_400), environment: .sandbox, appTransactionID: "42")
    }

    @Test func aRenewingSubscriptionNamesItsNextPeriodAndPrice() {
        let info = Self.payload(Self.subscription(.subscribed))
        #expect(info.autoRenewStatus == 1)
        #expect(info.autoRenewProductId == Rage.monthly && info.productId == Rage.monthly)
        #expect(info.originalTransactionId == "2000000000000001")
        #expect(info.renewalDate == SignedTransactionPayload.milliseconds(Self.start.addingTimeInterval(31 * 86_400)))
        #expect(info.renewalPrice == 2990 && info.currency == "USD")
        #expect(info.recentSubscriptionStartDate == SignedTransactionPayload.milliseconds(Self.start))
        #expect(info.isInBillingRetryPeriod == false)
        #expect(info.expirationIntent == nil && info.gracePeriodExpiresDate == nil)
        #expect(info.environment == "Sandbox" && info.appTransactionId == "42")
    }

    @Test func billingRetryAndGraceAreReportedAsApplesRenewalInfoReportsThem() {
        let graceEnd = Self.start.addingTimeInterval(47 * 86_400)
        let grace = Self.payload(Self.subscription(.inGracePeriod, grace: graceEnd))
        #expect(grace.isInBillingRetryPeriod == true)
        #expect(grace.gracePeriodExpiresDate == SignedTransactionPayload.milliseconds(graceEnd))
        let retry = Self.payload(Self.subscription(.inBillingRetryPeriod, grace: graceEnd))
        #expect(retry.isInBillingRetryPeriod == true)
        #expect(retry.gracePeriodExpiresDate == nil, "the grace period is over once billing retry goes on without access")
    }

    @Test(arguments: [(SubscriptionChain.ExpirationReason.autoRenewDisabled, 1), (.billingError, 2),
                      (.didNotConsentToPriceIncrease, 3), (.productUnavailable, 4), (.unknown, 5)])
    func anExpiredSubscriptionSaysWhyWithApplesIntent(reason: SubscriptionChain.ExpirationReason, intent: Int) {
        let info = Self.payload(Self.subscription(.expired, willAutoRenew: false, reason: reason))
        #expect(info.expirationIntent == intent)
        #expect(info.autoRenewStatus == 0)
        #expect(info.renewalDate == nil && info.renewalPrice == nil && info.currency == nil)
        #expect(info.isInBillingRetryPeriod == nil)
    }

    @Test func aPlanChangeAtTheNextRenewalNamesTheNewProduct() {
        let info = Self.payload(Self.subscription(.subscribed, pending: Rage.yearly))
        #expect(info.autoRenewProductId == Rage.yearly && info.productId == Rage.monthly)
    }

    @Test("Before a period paid ahead into another plan begins, productId is the plan running, as the status's transaction is, and autoRenewProductId the plan paid ahead (before: the plan paid ahead for both)")
    func aPeriodPaidAheadIntoAnotherPlanNamesThePlanRunning() {
        var subscription = Self.subscription(.subscribed)
        subscription.runningPlan = .init(productID: Rage.yearly, transactionID: "2000000000000002", expiresDate: Self.start.addingTimeInterval(20 * 86_400))
        let info = Self.payload(subscription)
        #expect(info.productId == Rage.yearly && info.autoRenewProductId == Rage.monthly, "\(info)")
    }

    @Test func theStoreSignsRenewalInfoForAutoRenewablesOnlyAndItVerifies() throws {
        let fixture = try SigningFixture()
        _ = try fixture.buy(Rage.monthly)
        _ = try fixture.buy(Rage.newsletter)
        let subscriptions = fixture.store.entitlements(for: phone).subscriptions
        let monthly = try #require(subscriptions.first { $0.productID == Rage.monthly })
        let newsletter = try #require(subscriptions.first { $0.productID == Rage.newsletter })
        #expect(try fixture.store.signedRenewalInfo(newsletter, signer: fixture.signer) == nil)
        let token = try #require(try fixture.store.signedRenewalInfo(monthly, signer: fixture.signer))
        let claims = try TokenParts.object(token, segment: 1)
        #expect(claims["autoRenewStatus"] as? Int == 1)
        #expect(claims["renewalPrice"] as? Int == 2990)
        #expect(try TokenParts.object(token, segment: 0)["x5c"] as? [String] == fixture.signer.authority.x5c)
    }

    @Test func theDeviceCheckOfAnAppTransactionBindsNonceAndDevice() throws {
        let nonce = UUID(uuidString: "8F243C05-F6E9-4147-9C33-05DF926AFE1C")!
        let check = try DeviceVerification(bundleID: "com.example.rage", device: "phone", nonce: nonce)
        #expect(check.nonce == "8f243c05-f6e9-4147-9c33-05df926afe1c")
        #expect(check.deviceID == (try DeviceVerification.deviceID(bundleID: "com.example.rage", device: "phone")))
        #expect(check.deviceID != (try DeviceVerification.deviceID(bundleID: "com.example.rage", device: "tablet")))
        #expect(check.deviceID != (try DeviceVerification.deviceID(bundleID: "com.example.other", device: "phone")))
        #expect(UUID(uuidString: check.deviceID) != nil && check.deviceID == check.deviceID.lowercased())
        let expected = Data(try SHA384.digest(Array((check.nonce + check.deviceID).utf8))).base64EncodedString()
        #expect(check.hash == expected)
        #expect(try DeviceVerification(bundleID: "com.example.rage", device: "phone").nonce != check.nonce)
    }

    @Test func sha384MatchesThePublishedVector() throws {
        // FIPS 180-2 example "abc".
        #expect(Hex.string(try SHA384.digest(Array("abc".utf8)))
            == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
    }

    @Test func theAppTransactionIsSignedForTheAccountOnTheDevice() throws {
        let fixture = try SigningFixture()
        let bought = try fixture.buy(Rage.drummer)
        let signed = try fixture.store.signedAppTransaction(for: phone, signer: fixture.signer)
        #expect(signed.payload.bundleId == "com.example.rage" && signed.payload.receiptType == "Sandbox")
        #expect(signed.payload.originalPurchaseDate == SignedTransactionPayload.milliseconds(bought.purchaseDate))
        #expect(signed.payload.appTransactionId
            == (try AppStoreIdentifiers.appTransactionID(bundleID: "com.example.rage", account: phone.account)))
        #expect(signed.deviceVerificationID == (try DeviceVerification.deviceID(bundleID: "com.example.rage", device: phone.device)))
        #expect(try TokenParts.object(signed.token, segment: 1)["deviceVerification"] as? String == signed.payload.deviceVerification)
    }
}
