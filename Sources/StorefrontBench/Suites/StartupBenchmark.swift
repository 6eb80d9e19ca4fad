import Foundation

/// Start-up: the storefront binary from process start to exit, as a script calls it.
enum StartupBenchmark {
    static let section = "Start-up"
    static let consumable = "com.example.rage.lives.3"

    static func run(_ context: BenchContext) throws -> [Figure] {
        let storefront: String
        switch context.storefront {
        case .success(let path): storefront = path
        case .failure(let problem): return missing(because: "\(problem)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["STOREFRONT_ENTITLEMENTS"] = context.data.path("startup/entitlements.jsonl")
        environment["LANG"] = "C.UTF-8"
        let runs = context.scale.processRuns

        context.progress("start-up: storefront buy")
        var run = 0
        // Each run buys for its own account, so every run makes a real purchase.
        let buy = try processSamples(runs: runs) {
            run += 1
            let finished = try ChildProcess.run(storefront, ["buy", consumable, "--account", "startup-\(run)"],
                                                environment: environment)
            guard finished.output.hasPrefix("Added") else {
                throw BenchError.unexpectedResult("`storefront buy` printed: \(finished.output)")
            }
            return finished.seconds
        }
        context.progress("start-up: storefront products --json")
        let products = try processSamples(runs: runs) {
            let finished = try ChildProcess.run(storefront, ["products", "--json"], environment: environment)
            guard finished.output.hasPrefix("[") else {
                throw BenchError.unexpectedResult("`storefront products --json` printed: \(finished.output.prefix(200))")
            }
            return finished.seconds
        }
        // `catalog lint` places each text warning at its value; finding those by id one at a time
        // made linting take quadratic time (two minutes for 64,000 products).
        let lintSize = context.scale.catalogSizes.max() ?? 0
        let lintPath = try context.data.catalogPath(products: lintSize)
        context.progress("start-up: storefront catalog lint, \(NumberText.grouped(lintSize)) products")
        let lint = try processSamples(runs: runs) {
            let finished = try ChildProcess.run(storefront, ["catalog", "lint", lintPath], environment: environment)
            guard finished.output.contains("\(lintSize) products") else {
                throw BenchError.unexpectedResult("`storefront catalog lint` printed: \(finished.output.prefix(200))")
            }
            return finished.seconds
        }
        context.progress("start-up: storefront (TUI) to first frame in a pseudo-terminal")
        let firstFrame = try processSamples(runs: runs) {
            try FirstFrameBenchmark.firstFrameSeconds(storefront: storefront, environment: environment)
        }
        return [
            Figure(id: "startup.first-frame", section: section,
                   label: "storefront (TUI), start to first frame, 80x24 pseudo-terminal", unit: "ms",
                   samples: firstFrame.scaled(by: 1_000), target: .atMost(50, "ms")),
            Figure(id: "startup.products-json", section: section,
                   label: "storefront products --json (Rage), start to exit", unit: "ms",
                   samples: products.scaled(by: 1_000), target: .atMost(60, "ms")),
            Figure(id: "startup.buy", section: section, label: "storefront buy (Rage), start to exit", unit: "ms",
                   samples: buy.scaled(by: 1_000)),
            Figure(id: "startup.catalog-lint", section: section, label: Self.lintLabel(lintSize), unit: "ms",
                   samples: lint.scaled(by: 1_000), target: lintSize == 10_000 ? .atMost(1_000, "ms") : nil),
        ]
    }

    /// The start-up figures, unmeasured for `reason`.
    private static func missing(because reason: String) -> [Figure] {
        [
            .missing(id: "startup.first-frame", section: section,
                     label: "storefront (TUI), start to first frame, 80x24 pseudo-terminal", unit: "ms",
                     target: .atMost(50, "ms"), reason: reason),
            .missing(id: "startup.products-json", section: section,
                     label: "storefront products --json (Rage), start to exit", unit: "ms",
                     target: .atMost(60, "ms"), reason: reason),
            .missing(id: "startup.buy", section: section, label: "storefront buy (Rage), start to exit", unit: "ms",
                     target: nil, reason: reason),
            .missing(id: "startup.catalog-lint", section: section, label: lintLabel(nil), unit: "ms", target: nil, reason: reason),
        ]
    }

    private static func lintLabel(_ products: Int?) -> String {
        "storefront catalog lint, \(products.map { NumberText.grouped($0) } ?? "the largest") products, start to exit"
    }

    /// Runs `body` once to warm the page cache, then `runs` times, keeping the seconds it returns.
    static func processSamples(runs: Int, _ body: () throws -> Double) rethrows -> Samples {
        _ = try body()
        return Samples(try (0..<runs).map { _ in try body() })
    }
}
