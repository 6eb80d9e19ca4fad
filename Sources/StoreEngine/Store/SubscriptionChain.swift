import Foundation

/// One auto-renewable subscription of an account over time: the original purchase and every
/// renewal, upgrade and billing problem after it, keyed by the original transaction id.
public struct SubscriptionChain: Sendable, Equatable {
    /// StoreKit 2's subscription states.
    public enum Status: String, Sendable, Codable {
        case subscribed
        case expired
        case inBillingRetryPeriod
        case inGracePeriod
        case revoked
    }

    /// StoreKit 2's expiration reasons.
    public enum ExpirationReason: String, Sendable, Codable {
        case autoRenewDisabled
        case billingError
        case didNotConsentToPriceIncrease
        case productUnavailable
        case unknown
    }

    public var originalID: String
    public var account: String
    public var group: String
    /// The product of the current period.
    public var productID: String
    public var latestTransactionID: String
    public var originalPurchaseDate: Date
    public var periodStart: Date
    public var expiresDate: Date
    public var status: Status
    public var willAutoRenew: Bool
    /// The product the subscription switches to at the next renewal (a downgrade).
    public var pendingProductID: String?
    public var expirationReason: ExpirationReason?
    public var gracePeriodExpiresDate: Date?
    public var billingRetryStartDate: Date?
    /// The offer of the current period, if any.
    public var offer: AppliedOffer?
    /// Introductory periods still to come after the current one (pay as you go).
    public var offerPeriodsLeft: Int
    public var renewalCount: Int
    /// Where the run of regular periods of the current product began (the purchase, an
    /// upgrade, the end of an offer, a recovery after a lapse). Scheduled renewals end a whole
    /// number of periods after it, so the billing day survives shorter months.
    public var billingAnchor: Date
    /// When the refund that revoked the subscription was made; nil while it is not revoked.
    /// Its access ended then, or at `expiresDate` when it had expired before the refund.
    public var revocationDate: Date? = nil
    /// When the subscriber's access last ended: at the failed renewal that began billing retry,
    /// at the end of the grace period, or at the expire or refund that ended access sooner;
    /// nil while the subscriber has access. A period ended in a grace period gave access past
    /// `expiresDate`, which stays the end of the last period paid for, as Apple reports it.
    public var accessEndDate: Date? = nil

    /// The idempotency key of the renewal that starts the period after the current one.
    var scheduledRenewalKey: String { "\(originalID)@\(Int(expiresDate.timeIntervalSince1970))" }

    /// The billing anchor after a renewal of `productID` (with `offer`) starting at `start`
    /// under `renewalKey`: kept when the renewal continues the run of regular periods, else
    /// the renewal's start. The fold and the schedule share it, so both agree on every ledger.
    func billingAnchor(afterRenewalOf productID: String, offer: AppliedOffer?, at start: Date, renewalKey: String?) -> Date {
        let continuesRun = productID == self.productID && offer == nil && self.offer == nil
            && (start == expiresDate || renewalKey == scheduledRenewalKey)
        return continuesRun ? billingAnchor : start
    }

    /// When the next renewal is due; nil when none is scheduled: in billing retry or grace
    /// (the due date has passed; it renews when billing is resolved) or once it has ended.
    public var scheduledRenewalDate: Date? { status == .subscribed ? expiresDate : nil }

    /// Whether the subscriber may use the subscription now.
    public var isEntitled: Bool { status == .subscribed || status == .inGracePeriod }

    /// Records that the subscriber's access ends at `date` unless it ended before; call before
    /// the status changes to one without access.
    mutating func endAccess(at date: Date) {
        guard isEntitled else { return }
        let lastAccess = status == .inGracePeriod ? gracePeriodExpiresDate ?? expiresDate : expiresDate
        accessEndDate = min(date, lastAccess)
    }

    /// Whether the store still treats the account as subscribed (no new purchase allowed).
    public var isOngoing: Bool { status != .expired && status != .revoked }

    /// Whether `record`, a transaction of this subscription, is a period paid ahead (renew
    /// now) that an expire ended before it began: a renewal, never the original purchase or
    /// an upgrade, which begin when bought even in the second the expire came (ledger times
    /// are whole seconds).
    public func neverBegan(_ record: TransactionRecord) -> Bool {
        status == .expired && record.id != originalID && record.replaces == nil && record.purchaseDate >= expiresDate
    }
}
