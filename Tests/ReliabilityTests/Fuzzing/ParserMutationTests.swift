import Foundation
import StoreEngine
import Testing
@testable import storefront
@testable import StoreCatalog
@testable import StoreLedger

/// Seeded mutations of every parser's inputs, run in the normal test suite: catalogs,
/// .storekit files, ledgers and command lines. None may crash; every refusal is a typed,
/// located error; an accepted catalog survives writing and reading back; a changed ledger
/// never verifies as intact.
@Suite("Mutation: damaged inputs to every parser")
struct ParserMutationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled catalogs and every .storekit sample in the repository.
    static func catalogSeeds() throws -> [(name: String, bytes: [UInt8])] {
        let folders = ["Catalogs", "Tests/StoreEngineTests/StoreKit/Fixtures"]
        var seeds: [(String, [UInt8])] = []
        for folder in folders {
            let directory = repository.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".json") || name.hasSuffix(".storekit") {
                seeds.append((name, Array(try Data(contentsOf: directory.appendingPathComponent(name)))))
            }
        }
        return seeds
    }

    @Test("damaged catalogs and .storekit files are refused with located errors, or round-trip")
    func catalogs() throws {
        let start = ContinuousClock.now
        let seed = SeededGenerator.seedFromEnvironment()
        let perSeed = SuiteSize.value("MUTATIONS", default: 150)
        var mutator = Mutator(seed: seed)
        var issues: [String] = []
        var refused = 0, accepted = 0
        let seeds = try Self.catalogSeeds()
        for (name, bytes) in seeds {
            for index in 0..<perSeed {
                let damaged = mutator.mutate(bytes)
                let report = CatalogLoader.lint(bytes: damaged, file: name)
                if report.catalog == nil { refused += 1 } else { accepted += 1 }
                if let issue = Self.issue(in: report, file: name) { issues.append("\(name) mutation \(index): \(issue)") }
            }
        }
        let count = issues.count
        #expect(count == 0, "seed \(seed); first: \(issues.prefix(3))")
        Figures.report(
            "mutation",
            "\(seeds.count * perSeed) damaged catalogs and .storekit files from \(seeds.count) seeds (seed \(seed)): "
                + "\(refused) refused with located errors, \(accepted) accepted and round-tripped, \(count) issues, "
                + Figures.seconds(since: start))
    }

    /// What is wrong with a lint report, if anything.
    static func issue(in report: CatalogLoader.Report, file: String) -> String? {
        let errors = report.problems.filter { $0.severity == .error }
        if report.catalog == nil, errors.isEmpty { return "refused without an error" }
        if report.catalog != nil, !errors.isEmpty { return "accepted with errors: \(errors[0])" }
        for problem in report.problems {
            if problem.file != file || problem.message.isEmpty { return "a problem without file or message: \(problem)" }
            if problem.line < 0 || problem.column < 0 || (problem.line == 0 && problem.field.isEmpty && problem.severity == .error
                && !problem.message.contains("empty") && !problem.message.contains("property list")
                && !problem.message.contains("neither"))
            {
                return "an error without a place: \(problem)"
            }
        }
        guard let catalog = report.catalog else { return nil }
        let written = CatalogWriter.write(catalog)
        let again = CatalogLoader.lint(bytes: Array(written.utf8), file: "written")
        guard let reread = again.catalog else {
            return "accepted, but its written form is refused: \(again.problems.first.map(String.init(describing:)) ?? "")"
        }
        if reread.products.map(\.id) != catalog.products.map(\.id) { return "written and read back with other products" }
        return nil
    }

    /// An emptied ledger starts over like a deleted one (see the commit mark's limits).
    @Test("damaged ledgers never verify as intact unless emptied or only an incomplete line was added")
    func ledgers() throws {
        let seed = SeededGenerator.seedFromEnvironment()
        let count = SuiteSize.value("MUTATIONS", default: 150) * 10
        var mutator = Mutator(seed: seed)
        let ledger = try SmallLedger.make()
        let fileSystem = ledger.fileSystem()
        var issues: [String] = []
        var detected = 0
        for index in 0..<count {
            let damaged = mutator.mutate(ledger.bytes)
            fileSystem.set(SmallLedger.path, to: damaged)
            let verification = try LedgerFile<StoreEvent>.verify(path: SmallLedger.path, fileSystem: fileSystem)
            let onlyATail = damaged.starts(with: ledger.bytes) && !damaged[ledger.bytes.count...].contains(0x0A)
            if verification.isIntact != (damaged == ledger.bytes || onlyATail || damaged.isEmpty) {
                let common = zip(damaged, ledger.bytes).prefix { $0 == $1 }.count
                issues.append("mutation \(index): intact \(verification.isIntact), \(verification.problems.prefix(2)), "
                    + "\(damaged.count) bytes, first change at \(common): \(String(decoding: damaged[common...].prefix(80), as: UTF8.self))")
            }
            if !verification.isIntact { detected += 1 }
            // A store folds whatever decoded, verified or not, and must not trip over it.
            let store = try Store(
                catalog: try Rage.catalog(), log: LedgerEventLog(file: LedgerFile(path: SmallLedger.path, fileSystem: fileSystem)))
            _ = store.entitlements(for: Buyer(account: "tester", device: "phone"))
        }
        let found = issues.count
        #expect(found == 0, "seed \(seed); first: \(issues.prefix(3))")
        Figures.report("mutation", "\(count) damaged ledgers (seed \(seed)): \(detected) reported, \(found) issues")
    }

    @Test("damaged command lines parse or fail with a usage message")
    func commandLines() throws {
        let seed = SeededGenerator.seedFromEnvironment()
        let count = SuiteSize.value("MUTATIONS", default: 150) * 20
        var mutator = Mutator(seed: seed)
        let seeds: [[String]] = [
            ["buy", "com.example.rage.face.random", "--quantity", "3", "--json"],
            ["--entitlements", "/tmp/x.jsonl", "spend", "rage-faces", "--amount=2"],
            ["settings", "set", "fail.purchase", "network:once", "--account", "qa", "--device", "ipad"],
            ["--catalog", "Catalogs/Rage.json", "--locale", "de_DE", "--storefront", "DEU", "products"],
            ["advance", "P1M", "--", "--json"], ["catalog", "lint", "a.storekit"], ["-h"],
        ]
        var issues: [String] = []
        var parsed = 0
        for index in 0..<count {
            let original = seeds[index % seeds.count]
            let joined = Array(original.joined(separator: "\u{0}").utf8)
            let arguments = mutator.mutate(joined).split(separator: 0, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            do {
                let result = try CommandLineArguments.parse(arguments)
                parsed += 1
                for name in CommandLineArguments.valueOptions {
                    _ = try? result.integerOption(name, default: 1)
                }
                _ = try? LedgerLocation.path(explicit: result.entitlementsPath, environment: ["HOME": "/home/q"])
                _ = BuyerContext.locale(explicit: result.locale, environment: [:])
            } catch {
                if error.description.isEmpty { issues.append("mutation \(index): an empty usage message") }
            }
        }
        let found = issues.count
        #expect(found == 0, "seed \(seed); first: \(issues.prefix(3))")
        Figures.report("mutation", "\(count) damaged command lines (seed \(seed)): \(parsed) parsed, \(count - parsed) refused, \(found) issues")
    }
}
