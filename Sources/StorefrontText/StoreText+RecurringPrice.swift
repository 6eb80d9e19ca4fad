import Foundation
import StoreCatalog

/// Prices as lists show them, and a subscription's price with its period and how often it
/// renews, said once for the storefront and the command line.
extension StoreText {
    /// The regular price for one period: "$2.99/month", "$9.99/3 months"; abbreviated for the
    /// product list's narrow price column: "$2.99/mo", "$9.99/3 mo". A price of nothing is "Free".
    public func recurringPrice(_ amount: Decimal, period: SubscriptionPeriod, abbreviated: Bool = false) -> String {
        let price = amount == 0 ? Self.free : format(amount)
        if abbreviated {
            let unit = Self.abbreviation(period.unit)
            return "\(price)/\(period.value == 1 ? unit : "\(count(period.value)) \(unit)")"
        }
        return "\(price)/\(period.value == 1 ? Self.unitName(period.unit) : periodText(period))"
    }

    /// What a price of nothing reads as.
    static let free = "Free"

    /// A product's price as shown: "Free" when it costs nothing, else the formatted price;
    /// nil where it is not sold.
    public func shownPrice(_ product: Product) -> String? {
        guard let amount = product.price(in: storefront) else { return nil }
        return amount == 0 ? Self.free : displayPrice(product)
    }

    /// A product's `price` as a list shows it: with its period for a paid auto-renewable
    /// subscription ("$2.99/mo"), so plans of one name tell apart; spelled out
    /// (`abbreviated: false`, "$2.99/month") where there is room. Any other price as given.
    public func listedPrice(_ price: String, product: Product, abbreviated: Bool = true) -> String {
        guard product.type == .autoRenewable, let period = product.subscription?.period,
              let amount = product.price(in: storefront), amount > 0 else { return price }
        return recurringPrice(amount, period: period, abbreviated: abbreviated)
    }

    /// How often a subscription renews: "every month", "every 3 months".
    public func everyPeriodText(_ period: SubscriptionPeriod) -> String {
        "every " + (period.value == 1 ? Self.unitName(period.unit) : periodText(period))
    }

    private static func abbreviation(_ unit: SubscriptionPeriod.Unit) -> String {
        switch unit {
        case .day: "day"
        case .week: "wk"
        case .month: "mo"
        case .year: "yr"
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
