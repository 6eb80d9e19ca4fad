import Foundation

/// Ledger open: open, verify every MAC and fold to entitlements, each in a fresh child
/// process so its peak memory is the open's alone (plus the runtime and the catalog).
enum OpenBenchmark {
    static let section = "Ledger open (open, verify, fold to entitlements)"

    static func run(_ context: BenchContext) throws -> [Figure] {
        let (catalogPath, _) = try context.data.ledgerCatalog()
        var figures: [Figure] = []
        for size in context.scale.ledgerSizes {
            guard let ledger = context.data.ledgerPaths[size] else { continue }
            context.progress("open: \(NumberText.grouped(size)) events")
            var results: [OpenLedgerChild.Result] = []
            for _ in 0..<context.scale.openRuns {
                let finished = try ChildProcess.run(
                    context.benchPath,
                    [ChildCommand.flag, OpenLedgerChild.name, "--ledger", ledger, "--catalog", catalogPath])
                let result = try JSONDecoder().decode(OpenLedgerChild.Result.self, from: Data(finished.output.utf8))
                guard result.events == size, result.problems == 0 else {
                    throw BenchError.unexpectedResult(
                        "opening the \(size)-event ledger folded \(result.events) events with \(result.problems) problems")
                }
                results.append(result)
            }
            let sizeText = NumberText.grouped(size)
            let isTargetSize = size == 100_000
            figures.append(Figure(
                id: "open.time.\(size)", section: section, label: "\(sizeText) events", unit: "ms",
                samples: Samples(results.map(\.seconds)).scaled(by: 1_000),
                target: isTargetSize ? .atMost(300, "ms") : nil))
            figures.append(Figure(
                id: "open.peak-rss.\(size)", section: section, label: "peak RSS, \(sizeText) events", unit: "MB",
                samples: Samples(results.map { Double($0.peakResidentKilobytes) / 1_024 }), showsP99: false,
                target: isTargetSize ? .atMost(64, "MB") : nil,
                note: size == context.scale.ledgerSizes.max()
                    ? "Peak RSS is the whole child process (VmHWM): runtime, catalog and the open; "
                        + "resident before the open: \(NumberText.format(Samples(results.map { Double($0.residentBeforeOpenKilobytes) / 1_024 }).median)) MB."
                    : nil))
        }
        return figures
    }
}
