import StoreEngine
import StoreCatalog

/// Catalog load and validation: the bundled Rage catalog and generated catalogs of every size.
enum CatalogBenchmark {
    static let section = "Catalog load and validation"

    static func run(_ context: BenchContext) throws -> [Figure] {
        var figures: [Figure] = []
        context.progress("catalog load: Rage.json")
        let rage = try Stopwatch.sample(runs: context.scale.catalogLoadRuns) {
            _ = try CatalogLoader.loadBundled("Rage")
        }
        figures.append(Figure(id: "catalog.load.rage", section: section, label: "Rage.json (built in)", unit: "ms",
                              samples: rage.scaled(by: 1_000)))
        for size in context.scale.catalogSizes {
            let path = try context.data.catalogPath(products: size)
            context.progress("catalog load: \(NumberText.grouped(size)) products")
            var loaded = 0
            let samples = try Stopwatch.sample(runs: context.scale.catalogLoadRuns) {
                loaded = try CatalogLoader.load(path: path).products.count
            }
            guard loaded == size else {
                throw BenchError.unexpectedResult("the \(size)-product catalog loaded \(loaded) products")
            }
            figures.append(Figure(
                id: "catalog.load.\(size)", section: section, label: "\(NumberText.grouped(size)) products, 4 languages",
                unit: "ms", samples: samples.scaled(by: 1_000),
                target: size == 10_000 ? .atMost(100, "ms") : nil))
        }
        return figures
    }
}
