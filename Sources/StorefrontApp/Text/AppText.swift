import Foundation
import StoreEngine

/// Words the storefront screens use beyond those the engine's `StoreText` provides.
enum AppText {
    /// Formatters shared by every frame: creating ICU formatters costs far more than using them.
    private static let prices = PriceFormatter()
    private static let dates = DateText()

    static func storeText(catalog: Catalog, locale: String, storefront: String) -> StoreText {
        StoreText(catalog: catalog, locale: locale, storefront: storefront, prices: prices, dates: dates)
    }

    /// The product type as a buyer would name it.
    static func typeName(_ type: ProductType) -> String {
        switch type {
        case .consumable: "Consumable"
        case .nonConsumable: "Non-consumable"
        case .autoRenewable: "Auto-renewable subscription"
        case .nonRenewing: "Non-renewing subscription"
        case .freeSubscription: "Free subscription"
        }
    }

    /// What a refund did, in plain words.
    static func refundMessage(_ result: RefundResult, text: StoreText) -> String {
        let record = result.transaction
        let name = text.catalog.product(id: record.productID).map(text.title(of:)) ?? record.productID
        var message = "Refunded \(name) (transaction \(record.id))."
        if let credit = record.credit {
            message += " Took back \(result.revoked) \(text.creditName(credit))"
            message += result.shortfall > 0 ? "; \(result.shortfall) had already been spent." : "."
        }
        return message
    }

    /// An introductory offer in words: "1 week free trial", "3 months at $0.99".
    static func introOfferText(_ offer: IntroOffer, text: StoreText) -> String {
        offerText(paymentMode: offer.paymentMode, period: offer.period, periodCount: offer.periodCount,
                  prices: offer.prices, text: text)
    }

    /// An offer's terms in words: "1 week free trial", "3 months at $0.99 per month".
    static func offerText(paymentMode: OfferPaymentMode, period: SubscriptionPeriod, periodCount: Int,
                          prices: [String: Decimal], text: StoreText) -> String {
        let offer = (paymentMode: paymentMode, period: period, periodCount: periodCount, prices: prices)
        let length = text.periodText(SubscriptionPeriod(value: offer.period.value * max(1, offer.periodCount),
                                                        unit: offer.period.unit))
        switch offer.paymentMode {
        case .freeTrial:
            return "\(length) free trial"
        case .payUpFront, .payAsYouGo:
            let price = offer.prices[text.storefront].map { text.format($0) } ?? "a lower price"
            let each = offer.paymentMode == .payAsYouGo ? " per \(text.periodText(offer.period))" : ""
            return "\(length) at \(price)\(each)"
        }
    }

    /// The name of a language or locale in its own language, e.g. "Deutsch (Deutschland)".
    static func localeName(_ identifier: String) -> String {
        Locale(identifier: identifier).localizedString(forIdentifier: identifier) ?? identifier
    }

    /// A likely full locale for a catalog language ("de" → "de_DE"), so prices get a region's format.
    static func locale(forLanguage language: String) -> String {
        if language.contains("_") { return language }
        return typicalRegion[language].map { "\(language)_\($0)" } ?? language
    }

    private static let typicalRegion: [String: String] = [
        "en": "US", "de": "DE", "fr": "FR", "ja": "JP", "es": "ES", "it": "IT", "pt": "BR", "nl": "NL",
        "sv": "SE", "da": "DK", "fi": "FI", "nb": "NO", "pl": "PL", "ru": "RU", "tr": "TR", "ko": "KR",
        "zh": "CN", "ar": "SA", "he": "IL", "hi": "IN", "cs": "CZ", "el": "GR", "hu": "HU", "uk": "UA",
    ]

    /// A product row's status; while store time runs fast, subscriptions count down in real
    /// time ("Renews in 0:24") so a person can watch a renewal or a lapse happen.
    static func status(_ status: ProductStatus, state: AppState) -> String {
        let multiplier = state.snapshot.timeline.rate.multiplier
        guard multiplier > 1 else { return state.text.statusText(status) }
        switch status {
        case let .active(until?, willRenew):
            return (willRenew ? "Renews in " : "Ends in ") + countdown(to: until, state: state)
        case let .billingProblem(graceUntil?):
            return "Grace ends in " + countdown(to: graceUntil, state: state)
        default:
            return state.text.statusText(status)
        }
    }

    /// Real time until store time reaches `date`, as m:ss or h:mm:ss.
    static func countdown(to date: Date, state: AppState) -> String {
        let real = max(0, Int((date.timeIntervalSince(state.storeNow) / state.snapshot.timeline.rate.multiplier).rounded(.up)))
        let (hours, minutes, seconds) = (real / 3_600, real / 60 % 60, real % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }

    /// The price as a shopper reads it: "Free" for a product that costs nothing here, else
    /// the formatted price; nil when it is not sold here.
    static func price(of product: Product, text: StoreText) -> String? {
        guard let amount = product.price(in: text.storefront) else { return nil }
        return amount == 0 ? "Free" : text.displayPrice(product)
    }
}
