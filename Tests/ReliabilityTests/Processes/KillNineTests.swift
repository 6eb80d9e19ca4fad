import Foundation
import Testing

/// The binary runs purchases, spends, refunds and restores; some commands are killed with
/// SIGKILL at a random moment. After every kill the ledger verifies (a half-written last line
/// is reported and moved aside by the next command), every reported commit is present exactly
/// once, and balances, transactions and deliveries equal a model replaying the commits.
@Suite("Kill -9: commands killed at random moments", .serialized)
struct KillNineTests {
    @Test("after every kill nothing reported is lost, nothing counts twice, and the model agrees")
    func killedCommands() throws {
        let start = ContinuousClock.now
        let kills = SuiteSize.value("KILLS", default: 200)
        let killsPerLedger = 50
        let seed = SeededGenerator.seedFromEnvironment()
        var generator = SeededGenerator(seed: seed)
        var tally = KillNineRun.Tally()
        var run = try KillNineRun()
        var ledgers = 1
        while tally.kills < kills, tally.issues.isEmpty {
            let reportedFirst = run.tornPending ? Int.random(in: 1...2, using: &generator) : Int.random(in: 0...2, using: &generator)
            for _ in 0..<reportedFirst {
                try run.runReported(OperationMix.next(refundable: run.refundable, using: &generator), tally: &tally)
            }
            let operation = OperationMix.next(refundable: run.refundable, using: &generator)
            try run.runKilled(operation, using: &generator, tally: &tally)
            try run.check(tally: &tally, label: "kill \(tally.kills) (\(operation))")
            if tally.kills.isMultiple(of: killsPerLedger) || tally.kills == kills {
                // A half-written line left by the last kill must still be cleaned up and reported.
                if run.tornPending {
                    try run.runReported(OperationMix.next(refundable: run.refundable, using: &generator), tally: &tally)
                    try run.check(tally: &tally, label: "after the last kill of a ledger")
                }
                if tally.kills < kills {
                    run = try KillNineRun()
                    ledgers += 1
                }
            }
        }
        #expect(tally.tornRecovered == tally.tornSimulated)
        let issues = tally.issues.count
        #expect(issues == 0, "seed \(seed); first: \(tally.issues.prefix(5))")
        #expect(tally.kills == kills)
        Figures.report(
            "kill -9",
            "\(tally.kills) kills (seed \(seed), \(ledgers) ledgers, \(tally.killsAtTheWrite) sent as the ledger grew): "
                + "\(tally.killedAfterCommitting) after committing, "
                + "\(tally.killedBeforeCommitting) before, \(tally.finishedBeforeTheSignal) finished first; "
                + "\(tally.reported) reported commits, \(tally.lost) lost, \(tally.doubleCounts) double counts; "
                + "\(tally.tornSimulated) half-written lines (power cut before the flush) recovered: \(tally.tornRecovered); "
                + "\(issues) issues, \(Figures.seconds(since: start))")
    }
}
