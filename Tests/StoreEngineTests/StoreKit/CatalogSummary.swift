import Foundation
@testable import StoreEngine
@testable import StoreCatalog

/// A readable account of what a catalog holds, for golden files: every product with its type,
/// group, level, period, offers and price formatted as a buyer in the file's locale sees it.
enum CatalogSummary {
    static func text(of report: CatalogLoader.Report) -> String {
        var lines: [String] = []
        if let catalog = report.catalog { lines += describe(catalog) } else { lines.append("not usable") }
        lines.append("problems")
        for problem in report.problems {
            let place = problem.line > 0 ? "\(problem.line):\(problem.column) " : ""
            let product = problem.productID.map { " (\($0))" } ?? ""
            lines.append("  \(problem.severity.rawValue) \(place)\(problem.field)\(product): \(problem.message)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ catalog: Catalog) -> [String] {
        let locale = catalog.initialSettings?.locale ?? StoreKitDefaults.locale
        let storefront = catalog.storefronts.first ?? Storefront(code: "USA", currency: "USD")
        let money = Money(locale: locale, storefront: storefront)
        var lines = ["catalog \(catalog.appName), bundle \(catalog.bundleID)",
                     "storefronts \(catalog.storefronts.map { "\($0.code) (\($0.currency))" }.joined(separator: ", "))",
                     "locale \(locale), default language \(catalog.defaultLanguage), languages \(catalog.languages.joined(separator: ", "))",
                     "credits"]
        for credit in catalog.credits {
            let name = credit.names[catalog.defaultLanguage] ?? "?"
            lines.append("  \(credit.id) \"\(name)\" \(credit.scope.rawValue)\(credit.maximum.map { ", at most \($0)" } ?? "")")
        }
        lines.append("groups")
        for group in catalog.subscriptionGroups {
            lines.append("  \(group.id) \"\(group.names[catalog.defaultLanguage] ?? "?")\"")
        }
        lines.append("products")
        for product in catalog.products {
            lines += describe(product, catalog: catalog, money: money)
        }
        lines.append("settings")
        if let settings = catalog.initialSettings {
            lines += settings.descriptionLines(applied: settings.appliedKeys).map { "  " + $0 }
        }
        return lines
    }

    private static func describe(_ product: Product, catalog: Catalog, money: Money) -> [String] {
        let title = product.localizations[catalog.defaultLanguage]?.title ?? "?"
        var head = "  \(product.id): \(product.type.rawValue) \"\(title)\" \(money.text(product.prices))"
        if let info = product.subscription { head += " every \(info.period), group \(info.group) level \(info.level)" }
        if let grant = product.grant { head += ", grants \(grant.amount) \(grant.credit)" }
        if let duration = product.duration { head += ", lasts \(duration)" }
        if product.familyShareable { head += ", family shareable" }
        guard let info = product.subscription else { return [head] }
        var lines = [head]
        if let intro = info.introOffer { lines.append("    intro " + terms(intro.paymentMode, intro.periodCount, intro.period, intro.prices, money)) }
        for offer in info.promotionalOffers {
            lines.append("    promotional \(offer.id): " + terms(offer.paymentMode, offer.periodCount, offer.period, offer.prices, money))
        }
        for code in info.offerCodes {
            let who = code.eligibility.map(\.rawValue).joined(separator: ", ")
            lines.append("    offer code \(code.id): " + terms(code.paymentMode, code.periodCount, code.period, code.prices, money)
                         + ", for \(who.isEmpty ? "nobody" : who)\(code.isStackable ? ", stackable" : "")")
        }
        for offer in info.winBackOffers {
            lines.append("    win-back \(offer.id): " + terms(offer.paymentMode, offer.periodCount, offer.period, offer.prices, money))
        }
        for plan in info.billingPlans {
            var line = "    billing plan \(plan.kind.rawValue): \(money.text(plan.prices))"
            if !plan.commitmentPrices.isEmpty { line += ", commitment \(money.text(plan.commitmentPrices))" }
            line += plan.isEnabled ? ", enabled" : ", disabled"
            if let intro = plan.introOffer { line += ", intro " + terms(intro.paymentMode, intro.periodCount, intro.period, intro.prices, money) }
            lines.append(line)
        }
        return lines
    }

    private static func terms(_ mode: OfferPaymentMode, _ count: Int, _ period: SubscriptionPeriod,
                              _ prices: [String: Decimal], _ money: Money) -> String {
        "\(mode.rawValue) \(count) × \(period)" + (prices.isEmpty ? "" : " at \(money.text(prices))")
    }

    /// Formats a price table in the catalog's storefront, as the file's locale shows it.
    private struct Money {
        let locale: String
        let storefront: Storefront
        let formatter = PriceFormatter()

        func text(_ prices: [String: Decimal]) -> String {
            guard let price = prices[storefront.code] else { return "(not sold in \(storefront.code))" }
            return formatter.format(price, currency: storefront.currency, locale: locale)
        }
    }
}
