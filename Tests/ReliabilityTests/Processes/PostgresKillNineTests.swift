import Foundation
import StorefrontTesting
import Testing

/// Writers on a PostgreSQL store killed with SIGKILL at random moments, most of them while
/// connected: the server rolls back what a dead writer left open, so the store verifies, every
/// purchase a command reported is there exactly once, and nothing counts twice.
@Suite("Kill -9: writers on a PostgreSQL store", .serialized)
struct PostgresKillNineTests {
    @Test("after writers are killed mid-commit nothing reported is lost and nothing counts twice")
    func killedWriters() throws {
        let start = ContinuousClock.now
        let rounds = SuiteSize.value("POSTGRES_KILL_ROUNDS", default: 12)
        let writersPerRound = 4
        let seed = SeededGenerator.seedFromEnvironment()
        var generator = SeededGenerator(seed: seed)
        let server = try ThrowawayPostgres()
        let directory = try ScratchDirectory("kill-postgres")
        var cli = StorefrontProcess(ledger: directory.file("unused.jsonl"))
        cli.environment["STOREFRONT_STORE_KEY"] = directory.file("team.key")
        cli.storeArguments = ["--store", server.url()]
        #expect(try cli.run(["store", "init"]).status == 0)

        var reportedPurchases: [String] = []
        var kills = 0
        var refundable: [(id: String, account: String)] = []
        for _ in 0..<rounds {
            let operations = (0..<writersPerRound).map { _ in OperationMix.next(refundable: refundable, using: &generator) }
            let running = try operations.map { try cli.start($0.arguments) }
            let victims = Set((0..<writersPerRound).filter { _ in Bool.random(using: &generator) })
            // Inside the time a command takes (about 0.1 s here), so the victims die while running.
            usleep(UInt32.random(in: 10_000...120_000, using: &generator))
            for index in victims { running[index].kill() }
            for (index, command) in running.enumerated() {
                let result = command.wait()
                if victims.contains(index), result.wasSignalled { kills += 1; continue }
                if result.status == 0, result.json()?["outcome"] as? String == "purchased",
                    let id = result.json()?["transactionId"] as? String, case .buy(_, let buyer) = operations[index]
                {
                    reportedPurchases.append(id)
                    refundable.append((id, buyer.account))
                }
            }
        }

        let audit = try PostgresStoreAudit(cli: cli, server: server, directory: directory, reported: reportedPurchases)
        let issues = audit.issues
        #expect(kills > 0, "no writer was killed while running; seed \(seed)")
        #expect(issues.isEmpty, "seed \(seed); first: \(issues.prefix(5))")
        Figures.report(
            "kill -9 on PostgreSQL",
            "\(rounds) rounds of \(writersPerRound) writers (seed \(seed)): \(kills) killed while running, "
                + "\(reportedPurchases.count) reported purchases all stored once, \(audit.eventCount) events; "
                + "\(issues.count) issues, \(Figures.seconds(since: start))")
    }
}
