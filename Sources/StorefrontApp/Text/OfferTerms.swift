import Foundation
import StoreEngine
import StoreCatalog
import StorefrontText

/// What a subscription costs now and after, in the words of the App Store's payment sheet.
enum OfferTerms {
    /// The regular price for one period: "$2.99/month", "$9.99/3 months"; abbreviated for the
    /// product list's narrow price column: "$2.99/mo", "$9.99/3 mo".
    static func recurringPrice(_ amount: Decimal, period: SubscriptionPeriod, text: StoreText,
                               abbreviated: Bool = false) -> String {
        let price = amount == 0 ? "Free" : text.format(amount)
        if abbreviated {
            let unit = abbreviation(period.unit)
            return "\(price)/\(period.value == 1 ? unit : "\(period.value) \(unit)")"
        }
        return "\(price)/\(period.value == 1 ? unitName(period.unit) : text.periodText(period))"
    }

    private static func abbreviation(_ unit: SubscriptionPeriod.Unit) -> String {
        switch unit {
        case .day: "day"
        case .week: "wk"
        case .month: "mo"
        case .year: "yr"
        }
    }

    /// What the buyer pays today and after, for `product` bought with `offer` (nil: the regular
    /// price): "1 week free, then $2.99/month", "$0.49 for 3 months, then $4.99/month".
    static func sentence(for product: Product, offer: Offer?, text: StoreText) -> String? {
        guard let subscription = product.subscription, let regular = product.price(in: text.storefront) else { return nil }
        let then = recurringPrice(regular, period: subscription.period, text: text)
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
            return "\(recurringPrice(offerPrice, period: offer.period, text: text)) for \(length), then \(then)"
        }
    }

    /// What is charged at the moment of purchase with `offer`.
    static func chargedNow(for product: Product, offer: Offer?, text: StoreText) -> Decimal? {
        guard let regular = product.price(in: text.storefront) else { return nil }
        guard let offer else { return regular }
        return offer.paymentMode == .freeTrial ? 0 : offer.prices[text.storefront] ?? regular
    }

    /// The terms of an introductory or promotional offer, whichever it is.
    struct Offer: Equatable {
        var paymentMode: OfferPaymentMode
        var period: SubscriptionPeriod
        var periodCount: Int
        var prices: [String: Decimal]

        init(_ intro: IntroOffer) {
            (paymentMode, period, periodCount, prices) = (intro.paymentMode, intro.period, intro.periodCount, intro.prices)
        }

        init(_ promotional: PromotionalOffer) {
            (paymentMode, period, periodCount, prices) = (promotional.paymentMode, promotional.period,
                                                          promotional.periodCount, promotional.prices)
        }
    }

    private static func unitName(_ unit: SubscriptionPeriod.Unit) -> String {
        switch unit {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        }
    }
}
