import Foundation

/// Concurrency: several writer processes committing to one ledger file at once.
enum ConcurrencyBenchmark {
    static let section = "Concurrency (writer processes on one ledger)"

    static func run(_ context: BenchContext) throws -> [Figure] {
        let (catalogPath, _) = try context.data.ledgerCatalog()
        let sizes = context.scale.ledgerSizes.sorted()
        let size = sizes[sizes.count / 2]
        guard let pristine = context.data.ledgerPaths[size] else { return [] }
        let commits = context.scale.commitsPerWriter
        // Every writer count once per round, so a change in the disk's speed during the run
        // affects all counts alike.
        var rates: [Int: [Double]] = [:]
        for run in 0..<context.scale.concurrencyRuns {
            for writers in context.scale.writerCounts {
                context.progress("concurrency: \(writers) writer processes, round \(run + 1)")
                let ledger = context.data.path("concurrent-\(writers)-\(run).jsonl")
                try LedgerFileWriter.copy(pristine, to: ledger)
                rates[writers, default: []].append(
                    try commitsPerSecond(writers: writers, commits: commits, ledger: ledger, catalog: catalogPath, context: context))
            }
        }
        var figures: [Figure] = []
        for writers in context.scale.writerCounts {
            figures.append(Figure(
                id: "concurrency.\(writers)", section: section,
                label: "\(writers) writer\(writers == 1 ? "" : "s"), \(NumberText.grouped(commits)) commits each, "
                    + "\(NumberText.grouped(size))-event ledger",
                unit: "commits/s", samples: Samples(rates[writers] ?? []), showsP99: false))
        }
        return figures
    }

    /// Starts the writers, lets them all go at once, and returns their total commits per second;
    /// `ledger` is a file's path or a PostgreSQL address.
    static func commitsPerSecond(writers: Int, commits: Int, ledger: String, catalog: String,
                                         context: BenchContext) throws -> Double {
        let children = try (0..<writers).map { writer in
            try ChildProcess.spawn(context.benchPath, [
                ChildCommand.flag, CommitWriterChild.name, "--ledger", ledger, "--catalog", catalog,
                "--account", "writer-\(writer)", "--commits", String(commits),
            ])
        }
        for child in children where child.readLine() != "ready" {
            let finished = try child.finish()
            throw BenchError.childFailed(command: child.command, status: finished.status, output: finished.errorOutput)
        }
        let start = Stopwatch.nanoseconds()
        for child in children { child.send("go\n") }
        for child in children {
            let finished = try child.finish()
            guard finished.status == 0 else {
                throw BenchError.childFailed(command: child.command, status: finished.status, output: finished.errorOutput)
            }
        }
        let seconds = Double(Stopwatch.nanoseconds() - start) / 1e9
        return Double(writers * commits) / max(seconds, 1e-9)
    }
}
