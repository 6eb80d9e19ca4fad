import Foundation
import StoreCatalog

/// What the next renewal of a subscription charges, and the offer it renews under, as the
/// renewal schedule will record it; what renewal info reports as the renewal price and offer.
public struct NextRenewalTerms: Sendable, Equatable {
    /// The price of the next period in the subscription's storefront; nil when the product has none there.
    public var price: Decimal?
    /// The offer the next period continues; nil when it renews at the regular price.
    public var offer: AppliedOffer?
    public var offerPaymentMode: OfferPaymentMode?
    /// The length of one offer period.
    public var offerPeriod: SubscriptionPeriod?
}

extension Product {
    /// The offer a renewal of `chain` into this product continues: one paid as it goes with
    /// periods left, and only while the subscription stays on the product it was bought for.
    func continuedOffer(of chain: SubscriptionChain) -> OfferTerms? {
        guard chain.offerPeriodsLeft > 0, id == chain.productID else { return nil }
        return offerTerms(named: chain.offer)
    }

    /// The terms of the next renewal of `chain` into this product in `storefront`.
    public func nextRenewalTerms(of chain: SubscriptionChain, storefront: String) -> NextRenewalTerms {
        guard let offer = continuedOffer(of: chain) else {
            return NextRenewalTerms(price: price(in: storefront), offer: nil, offerPaymentMode: nil, offerPeriod: nil)
        }
        return NextRenewalTerms(price: offer.prices[storefront] ?? price(in: storefront), offer: offer.name,
                                offerPaymentMode: offer.paymentMode, offerPeriod: offer.period)
    }
}
