import Foundation
import StoreEngine

/// Durable commits at every ledger size, side by side with the same workload in SQLite.
///
/// Storefront and SQLite take turns in rounds, and each round visits every ledger size, so a
/// change in the machine's load during the run affects both systems and all sizes alike and
/// the ratios (Storefront to SQLite, largest ledger to smallest) stay meaningful.
enum CommitBenchmark {
    static let section = "Ledger commit (durable)"
    static let comparisonSection = "Side by side: SQLite, WAL, synchronous=FULL, one transaction per commit"

    /// Latencies in seconds of one system at one ledger size, and the processor time of each
    /// commit, which shows the work beyond waiting for the disk.
    struct Latencies {
        var buys: [Double] = []
        var spends: [Double] = []
        var processorSeconds: [Double] = []
        var all: Samples { Samples(buys + spends) }
    }

    static func run(_ context: BenchContext) throws -> [Figure] {
        let (_, catalog) = try context.data.ledgerCatalog()
        guard let product = catalog.products.first(where: { $0.grant?.credit == CatalogGenerator.coins }),
              let grant = product.grant else {
            throw BenchError.generatedDataInvalid("the ledger catalog has no consumable granting coins")
        }
        let buyer = Buyer(account: "tester-0", device: "phone-tester-0")
        var figures: [Figure] = []
        var comparison: [Figure] = []
        var storefrontMedians: [Int: Double] = [:]
        var subjects: [Subject] = []
        for size in context.scale.ledgerSizes {
            guard let pristine = context.data.ledgerPaths[size] else { continue }
            context.progress("commit: preparing \(NumberText.grouped(size)) events, Storefront and SQLite")
            let work = context.data.path("commit-\(size).jsonl")
            try LedgerFileWriter.copy(pristine, to: work)
            let store = try Store(catalog: catalog, log: LedgerEventLog.open(path: work))
            let sqlite = try SQLiteStoreWorkload(
                path: context.data.path("commit-\(size).sqlite"),
                seededWith: context.data.history.prefix(size), catalog: catalog)
            let subject = Subject(
                size: size,
                buy: { try expectPurchase(store.purchase(product.id, buyer: buyer, storefront: "USA")) },
                spend: { try expectSpend(store.spend(CatalogGenerator.coins, buyer: buyer)) },
                sqliteBuy: { try sqlite.buy(product, credit: grant.credit, amount: grant.amount, buyer: buyer, storefront: "USA") },
                sqliteSpend: { try sqlite.spend(CatalogGenerator.coins, amount: 1, buyer: buyer) })
            // Warm both: open files, caches, the first append of each.
            for _ in 0..<3 {
                try subject.buy(); try subject.spend(); try subject.sqliteBuy(); try subject.sqliteSpend()
            }
            subjects.append(subject)
        }
        let perRound = max(1, context.scale.commitsPerKind / context.scale.commitRounds)
        for round in 0..<context.scale.commitRounds {
            context.progress("commit: round \(round + 1) of \(context.scale.commitRounds), every size")
            for index in subjects.indices {
                try measure(perRound, buy: subjects[index].buy, spend: subjects[index].spend, into: &subjects[index].ours)
                try measure(perRound, buy: subjects[index].sqliteBuy, spend: subjects[index].sqliteSpend,
                            into: &subjects[index].theirs)
            }
        }
        for subject in subjects {
            let (size, ours, theirs) = (subject.size, subject.ours, subject.theirs)
            let sizeText = NumberText.grouped(size)
            let ratio = ours.all.median / max(theirs.all.median, 1e-9)
            storefrontMedians[size] = ours.all.median
            figures += latencyFigures(ours, system: "storefront", name: "", size: size, sizeText: sizeText, section: section)
            comparison += latencyFigures(theirs, system: "sqlite", name: "SQLite ", size: size, sizeText: sizeText,
                                         section: comparisonSection)
            comparison.append(Figure(
                id: "commit.ratio.\(size)", section: comparisonSection,
                label: "Storefront / SQLite per commit (p50), \(sizeText) events", unit: "×",
                runs: ours.all.count, median: ratio, target: .atMost(1.0, "×")))
            comparison.append(Figure(
                id: "commit.ratio-mean.\(size)", section: comparisonSection,
                label: "Storefront / SQLite per commit (mean), \(sizeText) events", unit: "×",
                runs: ours.all.count, median: ours.all.total / max(theirs.all.total, 1e-9)))
        }
        if let smallest = context.scale.ledgerSizes.min(), let largest = context.scale.ledgerSizes.max(), smallest < largest,
           let small = storefrontMedians[smallest], let large = storefrontMedians[largest] {
            let applies = smallest == 1_000 && largest == 100_000
            figures.append(Figure(
                id: "commit.growth", section: section,
                label: "p50 at \(NumberText.grouped(largest)) / p50 at \(NumberText.grouped(smallest)) events", unit: "×",
                runs: 2, median: large / max(small, 1e-9), target: applies ? .atMost(1.2, "×") : nil))
        }
        return figures + comparison
    }

    /// Alternates buys and spends, timing each commit.
    /// One ledger size: its Storefront and SQLite operations and what they measured.
    private struct Subject {
        var size: Int
        var buy: () throws -> Void
        var spend: () throws -> Void
        var sqliteBuy: () throws -> Void
        var sqliteSpend: () throws -> Void
        var ours = Latencies()
        var theirs = Latencies()
    }

    private static func measure(_ count: Int, buy: () throws -> Void, spend: () throws -> Void,
                                into latencies: inout Latencies) throws {
        for _ in 0..<count {
            latencies.buys.append(try timed(buy, processorSeconds: &latencies.processorSeconds))
            latencies.spends.append(try timed(spend, processorSeconds: &latencies.processorSeconds))
        }
    }

    /// The wall time of one commit; its processor time goes into `processorSeconds`.
    private static func timed(_ operation: () throws -> Void, processorSeconds: inout [Double]) throws -> Double {
        let processorStart = Stopwatch.threadCPUNanoseconds()
        let seconds = try Stopwatch.time(operation).seconds
        processorSeconds.append(Double(Stopwatch.threadCPUNanoseconds() - processorStart) / 1e9)
        return seconds
    }

    private static func latencyFigures(_ latencies: Latencies, system: String, name: String, size: Int,
                                       sizeText: String, section: String) -> [Figure] {
        let all = latencies.all
        return [
            Figure(id: "commit.\(system).buy.\(size)", section: section, label: "\(name)buy, \(sizeText) events",
                   unit: "ms", samples: Samples(latencies.buys).scaled(by: 1_000)),
            Figure(id: "commit.\(system).spend.\(size)", section: section, label: "\(name)spend, \(sizeText) events",
                   unit: "ms", samples: Samples(latencies.spends).scaled(by: 1_000)),
            Figure(id: "commit.\(system).processor.\(size)", section: section,
                   label: "\(name)processor time per commit, \(sizeText) events", unit: "µs",
                   samples: Samples(latencies.processorSeconds).scaled(by: 1e6)),
            Figure(id: "commit.\(system).rate.\(size)", section: section,
                   label: "\(name)commits per second, \(sizeText) events", unit: "/s",
                   runs: all.count, median: Double(all.count) / max(all.total, 1e-9)),
        ]
    }

    static func expectPurchase(_ outcome: PurchaseOutcome) throws {
        guard case .purchased = outcome else { throw BenchError.unexpectedResult("a buy came out as \(outcome)") }
    }

    private static func expectSpend(_ outcome: SpendOutcome) throws {
        guard case .spent = outcome else { throw BenchError.unexpectedResult("a spend came out as \(outcome)") }
    }
}
