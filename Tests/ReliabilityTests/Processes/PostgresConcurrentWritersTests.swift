import Foundation
import StorefrontTesting
import Testing

/// The file's eight-writer suite on a PostgreSQL store: eight processes buy, spend, refund and
/// restore on one app at once; the store's order must be a sequential history of what they
/// reported, with no double counts and no balance out of bounds.
///
/// The store is audited through a copy into a file (`store copy`), so the same audit and
/// history checks as the file's suite judge it.
@Suite("Concurrency: eight writer processes on a PostgreSQL store", .serialized)
struct PostgresConcurrentWritersTests {
    @Test("the store is a sequential history of the reported operations")
    func eightWritersOnPostgres() throws {
        let start = ContinuousClock.now
        let operationsPerWorker = SuiteSize.value("CONCURRENT_OPERATIONS", default: 25)
        let seed = SeededGenerator.seedFromEnvironment()
        let server = try ThrowawayPostgres()
        let directory = try ScratchDirectory("concurrent-postgres")
        var cli = StorefrontProcess(ledger: directory.file("unused.jsonl"))
        cli.environment["STOREFRONT_STORE_KEY"] = directory.file("team.key")
        cli.storeArguments = ["--store", server.url()]
        #expect(try cli.run(["store", "init"]).status == 0)
        let devices = (0..<ConcurrentWritersTests.workers).map { "w\($0)" }

        let steps = ConcurrentWritersTests.runWorkers(cli: cli, devices: devices, operations: operationsPerWorker, seed: seed)

        let copied = directory.file("audit.jsonl")
        var auditor = cli
        auditor.storeArguments = []
        let copy = try auditor.run(["store", "copy", "--from", server.url(), "--to", copied])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try cli.run(["verify"]).status == 0)
        let audit = try LedgerAudit(path: copied)
        let history = ConcurrentHistory(entries: audit.entries, steps: steps, devices: devices)
        let issues = history.issues(auditedBy: audit, devices: devices)
        let count = issues.count
        #expect(count == 0, "seed \(seed); first: \(issues.prefix(5))")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger))
        let refused = steps.joined().filter { !ConcurrentHistory.appended($0) }.count
        Figures.report(
            "concurrency on PostgreSQL",
            "\(ConcurrentWritersTests.workers) writer processes x \(operationsPerWorker) operations (seed \(seed)): "
                + "\(audit.entries.count) commits, \(refused) decided without a commit; \(count) issues, "
                + Figures.seconds(since: start))
    }
}
