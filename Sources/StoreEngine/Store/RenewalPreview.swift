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

    public init(productID: String, price: Decimal, currency: String?, start: Date, end: Date) {
        (self.productID, self.price, self.currency, self.start, self.end) = (productID, price, currency, start, end)
    }

    /// The preview of the renewal `event` records; nil for any other event.
    init?(_ event: StoreEvent) {
        guard event.kind == .renew, let productID = event.productId, let end = event.expiresDate,
              let price = event.price.flatMap(ExactDecimal.parse) else { return nil }
        self.init(productID: productID, price: price, currency: event.currency, start: event.time, end: end)
    }
}
