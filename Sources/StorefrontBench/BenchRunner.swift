import Foundation

/// Runs the selected sections in order and collects their figures into one report.
enum BenchRunner {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let scale = options.quick ? BenchScale.quick : BenchScale.full
        let data = try BenchData.makeFolder(scale: scale)
        defer { if !options.keepData { data.remove() } }
        let benchPath = BenchContext.executablePath()
        let storefront: Result<String, BenchError>
        if let given = options.storefrontPath {
            storefront = .success(given)
        } else if options.runs(.startup) || options.runs(.serve) {
            storefront = StorefrontBinary.prepare(benchPath: benchPath, progress: BenchContext.progress)
        } else {
            storefront = .failure(.usage("neither the start-up nor the serve section runs"))
        }
        let context = BenchContext(options: options, scale: scale, data: data, benchPath: benchPath, storefront: storefront)
        var report = BenchReport(mode: options.quick ? "quick" : "full", machine: .current(dataFolder: data.folder))
        let started = Stopwatch.nanoseconds()
        if options.keepData { context.progress("data folder: \(data.folder)") }
        if options.runs(.commit) || options.runs(.open) || options.runs(.concurrency) || options.runs(.postgres)
            || options.runs(.serve) {
            try data.generateLedgers(progress: context.progress)
        }
        for section in BenchSection.allCases where options.runs(section) {
            report.figures += try figures(of: section, context)
        }
        report.totalSeconds = Double(Stopwatch.nanoseconds() - started) / 1e9
        report.machine.loadAverageAtEnd = MachineInfo.loadAverage()
        return report
    }

    private static func figures(of section: BenchSection, _ context: BenchContext) throws -> [Figure] {
        switch section {
        case .catalog: try CatalogBenchmark.run(context)
        case .prices: try PriceBenchmark.run(context)
        case .render: try RenderBenchmark.run(context)
        case .startup: try StartupBenchmark.run(context)
        case .commit: try CommitBenchmark.run(context)
        case .open: try OpenBenchmark.run(context)
        case .concurrency: try ConcurrencyBenchmark.run(context)
        case .postgres: try PostgresBenchmark.run(context)
        case .serve: try ServeBenchmark.run(context)
        }
    }
}
