import Foundation
import StoreEngine
import StoreCatalog
import StorefrontTesting

/// The team store on PostgreSQL, on a throwaway server of its own: commit latency beside a
/// bare INSERT, writer processes, opening a long store, and how soon another process sees a commit.
enum PostgresBenchmark {
    static let section = "PostgreSQL store (throwaway local server)"

    static func run(_ context: BenchContext) throws -> [Figure] {
        context.progress("postgres: starting a throwaway server")
        let server: ThrowawayPostgres
        do {
            server = try ThrowawayPostgres()
        } catch {
            return [Figure.missing(id: "postgres", section: section, label: "every PostgreSQL figure", unit: "",
                                   target: nil, reason: "no server could be started: \(error)")]
        }
        // Every process of the run (children too) keeps the store's key in the data folder.
        setenv("STOREFRONT_STORE_KEY", context.data.path("postgres.key"), 1)
        let (catalogPath, catalog) = try context.data.ledgerCatalog()
        var figures = try commitFigures(server, catalog: catalog, context)
        figures += try writerFigures(server, catalogPath: catalogPath, context)
        figures += try openFigures(server, catalog: catalog, context)
        figures += try followFigures(server, catalogPath: catalogPath, catalog: catalog, context)
        return figures
    }

    /// Buys and spends through the store beside the same lines as bare INSERTs, in turns.
    private static func commitFigures(_ server: ThrowawayPostgres, catalog: Catalog, _ context: BenchContext) throws -> [Figure] {
        let product = try coinProduct(catalog)
        let buyer = Buyer(account: "tester-0", device: "phone-tester-0")
        let store = try Store(catalog: catalog, log: BenchStoreLog.open(server.url()))
        let buy = { try CommitBenchmark.expectPurchase(store.purchase(product.id, buyer: buyer, storefront: "USA")) }
        for _ in 0..<3 { try buy() }
        let line = try server.psql("SELECT line FROM storefront_events ORDER BY seq DESC LIMIT 1")
            .trimmingCharacters(in: .newlines)
        let bare = try BareInsertWorkload(url: server.url())
        for _ in 0..<3 { try bare.insert(line) }
        var ours: [Double] = []
        var theirs: [Double] = []
        let perRound = max(1, context.scale.postgresCommits / context.scale.commitRounds)
        for round in 0..<context.scale.commitRounds {
            context.progress("postgres: commits, round \(round + 1) of \(context.scale.commitRounds)")
            for _ in 0..<perRound {
                ours.append(try Stopwatch.time(buy).seconds)
                theirs.append(try Stopwatch.time { try bare.insert(line) }.seconds)
            }
        }
        let (storefront, baseline) = (Samples(ours).scaled(by: 1_000), Samples(theirs).scaled(by: 1_000))
        return [
            Figure(id: "postgres.commit.storefront", section: section, label: "Storefront buy, one transaction", unit: "ms",
                   samples: storefront),
            Figure(id: "postgres.commit.bare", section: section, label: "bare INSERT of the same line, one transaction",
                   unit: "ms", samples: baseline),
            Figure(id: "postgres.commit.ratio", section: section, label: "Storefront / bare INSERT (p50)", unit: "×",
                   runs: storefront.count, median: storefront.median / max(baseline.median, 1e-9), target: .atMost(1.5, "×")),
            Figure(id: "postgres.commit.ratio-p99", section: section, label: "Storefront / bare INSERT (p99)", unit: "×",
                   runs: storefront.count, median: storefront.p99 / max(baseline.p99, 1e-9)),
        ]
    }

    /// Commits per second with more and more writer processes on one store (one app).
    private static func writerFigures(_ server: ThrowawayPostgres, catalogPath: String, _ context: BenchContext) throws -> [Figure] {
        // Every writer count once per round, so a change in the machine's load affects all alike.
        var rates: [Int: [Double]] = [:]
        for round in 0..<context.scale.concurrencyRuns {
            for writers in context.scale.postgresWriterCounts {
                context.progress("postgres: \(writers) writer processes, round \(round + 1)")
                rates[writers, default: []].append(try ConcurrencyBenchmark.commitsPerSecond(
                    writers: writers, commits: context.scale.postgresCommitsPerWriter, ledger: server.url(),
                    catalog: catalogPath, context: context))
            }
        }
        var figures = context.scale.postgresWriterCounts.map { writers in
            Figure(id: "postgres.writers.\(writers)", section: section,
                   label: "\(writers) writer\(writers == 1 ? "" : "s"), \(context.scale.postgresCommitsPerWriter) commits each",
                   unit: "commits/s", samples: Samples(rates[writers] ?? []), showsP99: false)
        }
        if let most = context.scale.postgresWriterCounts.max(), most > 1,
           let many = rates[most].map({ Samples($0).median }), let one = rates[1].map({ Samples($0).median }) {
            figures.append(Figure(id: "postgres.writers.gain", section: section,
                                  label: "\(most) writers / 1 writer, medians (must rise)", unit: "×",
                                  runs: rates[most]?.count ?? 0, median: many / max(one, 1e-9), target: .atLeast(1.0, "×")))
        }
        return figures
    }

    /// Opens a store holding the largest generated history (copied in) twice: with no checkpoint
    /// in the database (every event folded; the checkpoint row is deleted before each run), and
    /// from a checkpoint of all but the last 10,000 events, the usual case afterwards.
    private static func openFigures(_ server: ThrowawayPostgres, catalog: Catalog, _ context: BenchContext) throws -> [Figure] {
        guard let size = context.scale.ledgerSizes.max(), let ledger = context.data.ledgerPaths[size] else { return [] }
        context.progress("postgres: copying \(NumberText.grouped(size)) events in")
        try server.psql("CREATE DATABASE fold")
        let url = server.url(database: "fold")
        // Its own key: the copy writes the events under the target's key.
        setenv("STOREFRONT_STORE_KEY", context.data.path("postgres-fold.key"), 1)
        defer { setenv("STOREFRONT_STORE_KEY", context.data.path("postgres.key"), 1) }
        _ = try EventLogCopy.copy(from: BenchStoreLog.open(ledger), named: ledger, to: BenchStoreLog.open(url), named: url)
        let forgetCheckpoints = { _ = try server.psql("DELETE FROM storefront_checkpoints", database: "fold") }
        var full: [Double] = []
        // One opening first that is not kept, as `Stopwatch.sample` warms up.
        for run in 0...context.scale.openRuns {
            try forgetCheckpoints()
            let seconds = try Stopwatch.time { try Store(catalog: catalog, log: BenchStoreLog.open(url)) }.seconds
            if run > 0 { full.append(seconds) }
        }
        let sizeText = NumberText.grouped(size)
        var figures = [Figure(id: "postgres.open.\(size)", section: section,
                              label: "open and fold \(sizeText) events, no checkpoint", unit: "ms",
                              samples: Samples(full).scaled(by: 1_000), target: nil)]
        // The checkpoint lies at the end of one read of 10,000 rows (see PrefixEventLog).
        let tail = Store.defaultCheckpointInterval
        guard size - tail >= Store.defaultCheckpointInterval else { return figures }
        try forgetCheckpoints()
        _ = try Store(catalog: catalog, log: PrefixEventLog(BenchStoreLog.open(url), limit: size - tail))
        let saved = try server.psql("SELECT seq FROM storefront_checkpoints", database: "fold")
        guard Int(saved.trimmingCharacters(in: .whitespacesAndNewlines)) == size - tail else {
            throw BenchError.unexpectedResult("opening \(size - tail) events saved no checkpoint (found \(saved))")
        }
        let resumed = try Stopwatch.sample(runs: context.scale.openRuns) {
            _ = try Store(catalog: catalog, log: BenchStoreLog.open(url))
        }
        figures.append(Figure(id: "postgres.open.\(size).checkpoint", section: section,
                              label: "open \(sizeText) events, checkpoint + \(NumberText.grouped(tail)) events", unit: "ms",
                              samples: resumed.scaled(by: 1_000), target: size == 100_000 ? .atMost(500, "ms") : nil))
        return figures
    }

    /// From the start of a buy to the moment another process following the store has folded it,
    /// and of that the follower's own part, from its wake-up to the fold (its read).
    ///
    /// Timed from the start, not from the buy's return: the buyer still folds and answers after
    /// its COMMIT, while the follower may already have been woken.
    private static func followFigures(_ server: ThrowawayPostgres, catalogPath: String, catalog: Catalog,
                                      _ context: BenchContext) throws -> [Figure] {
        let updates = context.scale.postgresFollowSamples
        context.progress("postgres: \(updates) commits seen by another process")
        let follower = try ChildProcess.spawn(context.benchPath, [
            ChildCommand.flag, StoreFollowerChild.name, "--store", server.url(), "--catalog", catalogPath,
            "--updates", String(updates),
        ])
        guard follower.readLine() == "ready" else {
            let finished = try follower.finish()
            throw BenchError.childFailed(command: follower.command, status: finished.status, output: finished.errorOutput)
        }
        let product = try coinProduct(catalog)
        let buyer = Buyer(account: "tester-follow", device: "phone-follow")
        let store = try Store(catalog: catalog, log: BenchStoreLog.open(server.url()))
        var delays: [Double] = []
        var reads: [Double] = []
        for _ in 0..<updates {
            let committed = Stopwatch.nanoseconds()
            try CommitBenchmark.expectPurchase(store.purchase(product.id, buyer: buyer, storefront: "USA"))
            let readings = follower.readLine()?.split(separator: " ").compactMap { UInt64($0) } ?? []
            guard readings.count == 2 else { break }
            delays.append((Double(readings[1]) - Double(committed)) / 1e6)
            reads.append((Double(readings[1]) - Double(readings[0])) / 1e6)
        }
        let finished = try follower.finish()
        guard finished.status == 0, delays.count == updates else {
            throw BenchError.childFailed(command: follower.command, status: finished.status, output: finished.errorOutput)
        }
        return [
            Figure(id: "postgres.follow", section: section,
                   label: "buy started → another process has folded it (NOTIFY)", unit: "ms",
                   samples: Samples(delays), target: .atMost(200, "ms")),
            Figure(id: "postgres.follow.read", section: section, label: "of which its read, woken → folded",
                   unit: "ms", samples: Samples(reads)),
        ]
    }

    static func coinProduct(_ catalog: Catalog) throws -> Product {
        guard let product = catalog.products.first(where: { $0.grant?.credit == CatalogGenerator.coins }) else {
            throw BenchError.generatedDataInvalid("the ledger catalog has no consumable granting coins")
        }
        return product
    }
}
