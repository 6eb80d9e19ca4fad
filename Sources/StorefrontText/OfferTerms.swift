import Foundation
import StoreCatalog

/// What a subscription costs now and after, in the words of the App Store's payment sheet.
public enum OfferTerms {
    /// What the buyer pays today and after, for `product` bought with `offer` (nil: the regular
    /// price): "1 week free, then $2.99/month", "$0.49 for 3 months, then $4.99/month".
    public static func sentence(for product: Product, offer: Offer?, text: StoreText) -> String? {
        guard let subscription = product.subscription, let regular = product.price(in: text.storefront) else { return nil }
        let then = text.recurringPrice(regular, period: subscription.period)
        guard let offer else { return then }
        let length = text.periodText(SubscriptionPeriod(value: offer.period.value * max(1, offer.periodCount),
                                                        unit: offer.period.unit))
        let offerPrice = offer.prices[text.storefront] ?? regular
        switch offer.paymentMode {
        case .freeTrial:
            return "\(length) free, then \(then)"
        case .payUpFront:
            return "\(text.format(offerPrice)) for \(length), then \(then)"
        case .payAsYouGo:
            return "\(text.recurringPrice(offerPrice, period: offer.period)) for \(length), then \(then)"
        }
    }

    /// How a promotional offer is named beside its terms: "Offer winback".
    public static func promotionalLabel(_ offerID: String) -> String { "Offer \(offerID)" }

    /// A promotional offer's terms as they are advertised: only present and past subscribers
    /// of the group may take one, which those who never subscribed are told.
    public static func promotionalTerms(_ sentence: String, subscribedInGroup: Bool) -> String {
        sentence + (subscribedInGroup ? "" : " (for present and past subscribers)")
    }

    /// What is charged at the moment of purchase with `offer`.
    public static func chargedNow(for product: Product, offer: Offer?, text: StoreText) -> Decimal? {
        guard let regular = product.price(in: text.storefront) else { return nil }
        guard let offer else { return regular }
        return offer.paymentMode == .freeTrial ? 0 : offer.prices[text.storefront] ?? regular
    }

    /// The terms of an introductory or promotional offer, whichever it is.
    public struct Offer: Equatable, Sendable {
        public var paymentMode: OfferPaymentMode
        public var period: SubscriptionPeriod
        public var periodCount: Int
        public var prices: [String: Decimal]

        public init(_ intro: IntroOffer) {
            (paymentMode, period, periodCount, prices) = (intro.paymentMode, intro.period, intro.periodCount, intro.prices)
        }

        public init(_ promotional: PromotionalOffer) {
            (paymentMode, period, periodCount, prices) = (promotional.paymentMode, promotional.period,
                                                          promotional.periodCount, promotional.prices)
        }
    }
}
