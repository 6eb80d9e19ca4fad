import Foundation
import StoreEngine
import StoreCatalog

/// Price formatting through one `PriceFormatter`: the prices a catalog shows, and as many
/// prices that are all different, each in the locale of its storefront.
enum PriceBenchmark {
    static let section = "Price formatting"

    static func run(_ context: BenchContext) throws -> [Figure] {
        let count = context.scale.priceCount
        context.progress("price formatting: \(NumberText.grouped(count)) prices")
        // Every product's price in every storefront, in that storefront's locale.
        let catalog = CatalogGenerator.catalog(productCount: max(1, count / CatalogGenerator.storefronts.count))
        var catalogPrices: [(amount: Decimal, currency: String, locale: String)] = []
        outer: for product in catalog.products {
            for storefront in CatalogGenerator.storefronts {
                guard let amount = product.price(in: storefront.code) else { continue }
                catalogPrices.append((amount, storefront.currency, CatalogGenerator.locales[storefront.code] ?? "en_US"))
                if catalogPrices.count == count { break outer }
            }
        }
        // As many amounts, no two alike: what formatting costs when nothing can be reused.
        let distinctPrices = catalogPrices.enumerated().map { index, price in
            (amount: Decimal(index + 1) / 100, currency: price.currency, locale: price.locale)
        }
        let countText = NumberText.grouped(count)
        return [
            Figure(id: "prices.format.catalog.\(count)", section: section,
                   label: "\(countText) catalog prices, 5 locales", unit: "ms",
                   samples: try formatting(catalogPrices, runs: context.scale.priceRuns).scaled(by: 1_000),
                   target: count == 100_000 ? .atMost(150, "ms") : nil),
            Figure(id: "prices.format.distinct.\(count)", section: section,
                   label: "\(countText) prices all different, 5 locales", unit: "ms",
                   samples: try formatting(distinctPrices, runs: context.scale.priceRuns).scaled(by: 1_000)),
        ]
    }

    /// Seconds to format `prices`, each run with a new formatter, so each run pays for creating
    /// its cached formatters and for every price it formats first.
    private static func formatting(_ prices: [(amount: Decimal, currency: String, locale: String)], runs: Int) throws -> Samples {
        var characters = 0
        let samples = Stopwatch.sample(runs: runs) {
            let formatter = PriceFormatter()
            characters = 0
            for price in prices {
                characters += formatter.format(price.amount, currency: price.currency, locale: price.locale).utf8.count
            }
        }
        guard characters > 0 else { throw BenchError.unexpectedResult("formatting produced no text") }
        return samples
    }
}
