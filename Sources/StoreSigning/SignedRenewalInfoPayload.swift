import Foundation
import StoreCatalog
import StoreEngine

/// The claims of signed renewal info: Apple's `JWSRenewalInfoDecodedPayload` for an
/// auto-renewable subscription, with Apple's field names, JSON types and enum values.
public struct SignedRenewalInfoPayload: Codable, Sendable, Equatable {
    public var originalTransactionId: String
    /// The product the subscription renews into (another plan of the group after a change).
    public var autoRenewProductId: String
    public var productId: String
    /// 1 when the subscription renews, 0 when auto-renew is off.
    public var autoRenewStatus: Int
    /// Why it expired (Apple's 1–5), present only once it has.
    public var expirationIntent: Int?
    public var gracePeriodExpiresDate: Int64?
    /// True while the store retries a failed renewal charge, grace period included (as Apple reports it).
    public var isInBillingRetryPeriod: Bool?
    public var signedDate: Int64
    public var environment: String
    public var recentSubscriptionStartDate: Int64
    /// When the next period starts, while the subscription renews.
    public var renewalDate: Int64?
    /// What the next period costs, in milliunits of `currency`.
    public var renewalPrice: Int64?
    public var currency: String?
    public var appTransactionId: String?
    /// The offer the next period continues, while it renews: 1 introductory, 2 promotional.
    public var offerType: Int?
    /// The promotional offer's identifier (none for an introductory offer).
    public var offerIdentifier: String?
    public var offerDiscountType: String?
    public var offerPeriod: String?

    /// The claims for `subscription`; `renewalPrice` is what its next period costs in the
    /// subscription's storefront (an offer's price while the offer continues), `currency` its
    /// currency, `renewalOffer` the offer the next period continues.
    public init(subscription: Entitlements.Subscription, renewalPrice: Decimal?, currency: String?,
                signedDate: Date, environment: StoreEnvironment, appTransactionID: String?,
                renewalOffer: SignedOffer? = nil) {
        originalTransactionId = subscription.originalTransactionID
        autoRenewProductId = subscription.pendingProductID ?? subscription.productID
        // The plan running now, as the status's transaction names it: before a period paid ahead
        // into another plan begins, the plan it runs in, and the one paid ahead renews after it.
        productId = subscription.runningPlan?.productID ?? subscription.productID
        autoRenewStatus = subscription.willAutoRenew ? 1 : 0
        expirationIntent = subscription.state == .expired ? subscription.expirationReason.map(Self.intent) : nil
        gracePeriodExpiresDate = subscription.state == .inGracePeriod
            ? subscription.gracePeriodExpiresDate.map(SignedTransactionPayload.milliseconds) : nil
        let retrying = subscription.state == .inBillingRetryPeriod || subscription.state == .inGracePeriod
        isInBillingRetryPeriod = subscription.state == .expired || subscription.state == .revoked ? nil : retrying
        self.signedDate = SignedTransactionPayload.milliseconds(signedDate)
        self.environment = environment.rawValue
        recentSubscriptionStartDate = SignedTransactionPayload.milliseconds(subscription.originalPurchaseDate)
        renewalDate = subscription.willAutoRenew ? subscription.expiresDate.map(SignedTransactionPayload.milliseconds) : nil
        self.renewalPrice = subscription.willAutoRenew ? renewalPrice.map(ExactDecimal.milliunits) : nil
        self.currency = self.renewalPrice == nil ? nil : currency
        appTransactionId = appTransactionID
        // Apple reports the offer of the coming renewal, so none once it will not renew.
        let offer = subscription.willAutoRenew ? renewalOffer : nil
        offerType = offer?.type
        offerIdentifier = offer?.identifier
        offerDiscountType = offer?.discountType
        offerPeriod = offer?.period
    }

    /// Apple's `expirationIntent` for a reason the store records.
    static func intent(_ reason: SubscriptionChain.ExpirationReason) -> Int {
        switch reason {
        case .autoRenewDisabled: 1
        case .billingError: 2
        case .didNotConsentToPriceIncrease: 3
        case .productUnavailable: 4
        case .unknown: 5
        }
    }
}
