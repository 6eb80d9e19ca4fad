import Foundation
import StoreCatalog

/// What renewing a subscription now charges, and the period it pays for: what a question
/// shows before `Store.renew`, which refuses to charge anything else.
public struct RenewalPreview: Equatable, Sendable {
    /// The plan renewed into: the subscription's own, or the one a scheduled switch goes to.
    public var productID: String
    public var price: Decimal
    public var currency: String?
    public var start: Date
    public var end: Date
    /// Whether the subscription goes on renewing after that period (auto-renew stays as it is).
    public var willAutoRenew: Bool

    public init(productID: String, price: Decimal, currency: String?, start: Date, end: Date, willAutoRenew: Bool) {
        (self.productID, self.price, self.currency, self.start, self.end) = (productID, price, currency, start, end)
        self.willAutoRenew = willAutoRenew
    }

    /// Whether this renewal, decided at store time `now`, is the one `shown` told of: the same,
    /// or, where the period paid for starts when it is paid (billing retry, where access had
    /// lapsed), the same renewal begun the moment it was confirmed rather than when it was shown.
    public func isAsShown(_ shown: RenewalPreview, decidedAt now: Date) -> Bool {
        if self == shown { return true }
        var begunLater = shown
        (begunLater.start, begunLater.end) = (start, end)
        return start == now && shown.start <= start && begunLater == self
    }

    /// The preview of the renew-now decision `decision`; nil when it records no renewal.
    init?(_ decision: StoreDecisions.Decision<SubscriptionChain>) {
        guard let event = decision.events.first, event.kind == .renew, let productID = event.productId,
              let end = event.expiresDate, let price = event.price.flatMap(ExactDecimal.parse) else { return nil }
        self.init(productID: productID, price: price, currency: event.currency, start: event.time, end: end,
                  willAutoRenew: decision.result.willAutoRenew)
    }
}
