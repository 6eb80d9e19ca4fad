import Foundation
import StoreEngine

/// Price formatting: many prices across five locales through one `PriceFormatter`, which
/// keeps a formatter per locale and currency.
enum PriceBenchmark {
    static let section = "Price formatting"

    static func run(_ context: BenchContext) throws -> [Figure] {
        let count = context.scale.priceCount
        context.progress("price formatting: \(NumberText.grouped(count)) prices")
        let catalog = CatalogGenerator.catalog(productCount: max(1, count / CatalogGenerator.storefronts.count))
        var prices: [(amount: Decimal, currency: String, locale: String)] = []
        prices.reserveCapacity(count)
        outer: for product in catalog.products {
            for storefront in CatalogGenerator.storefronts {
                guard let amount = product.price(in: storefront.code) else { continue }
                prices.append((amount, storefront.currency, CatalogGenerator.locales[storefront.code] ?? "en_US"))
                if prices.count == count { break outer }
            }
        }
        var characters = 0
        // A new formatter per run, so each run pays for creating its five cached formatters.
        let samples = Stopwatch.sample(runs: context.scale.priceRuns) {
            let formatter = PriceFormatter()
            characters = 0
            for price in prices {
                characters += formatter.format(price.amount, currency: price.currency, locale: price.locale).utf8.count
            }
        }
        guard characters > 0 else { throw BenchError.unexpectedResult("formatting produced no text") }
        return [
            Figure(id: "prices.format.\(prices.count)", section: section,
                   label: "\(NumberText.grouped(prices.count)) prices, 5 locales", unit: "ms",
                   samples: samples.scaled(by: 1_000), target: prices.count == 100_000 ? .atMost(150, "ms") : nil),
            Figure(id: "prices.format.each", section: section, label: "per price", unit: "µs",
                   samples: samples.scaled(by: 1e6 / Double(max(prices.count, 1))), showsP99: false),
        ]
    }
}
