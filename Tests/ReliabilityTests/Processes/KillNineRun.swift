import Foundation
import StorefrontTesting
import Glibc
import StoreEngine

/// One ledger's worth of the kill -9 suite: operations run by the binary, some to the end
/// (their commits are reported), some killed with SIGKILL at a random moment.
struct KillNineRun {
    struct Tally {
        var kills = 0
        /// Kills sent the moment the ledger grew, rather than after a random delay.
        var killsAtTheWrite = 0
        var killedAfterCommitting = 0
        var killedBeforeCommitting = 0
        var finishedBeforeTheSignal = 0
        var reported = 0
        var lost = 0
        var doubleCounts = 0
        var tornSimulated = 0
        var tornRecovered = 0
        var issues: [String] = []
    }

    let directory: ScratchDirectory
    let cli: StorefrontProcess
    var model = StoreModel()
    /// A half-written line was left at the end; the next command must move it aside and say so.
    var tornPending = false
    /// Average duration of a command that ran to its end, which bounds the random kill delay.
    var meanDuration = 0.03
    var durations = 0
    /// Where kills aim, as a fraction of `meanDuration`: it moves down after a command finished
    /// before its signal and up after one was killed, so kills gather around the end of a
    /// command, where it commits, rather than in its start-up.
    var aim = 1.0

    init() throws {
        directory = try ScratchDirectory("kill")
        cli = StorefrontProcess(ledger: directory.file("data/entitlements.jsonl"))
    }

    var refundable: [(id: String, account: String)] {
        model.transactions.map { (id: $0.key, account: $0.value.buyer.account) }.sorted { $0.id < $1.id }
    }

    /// Runs `operation` to its end and checks that it did what the model says.
    mutating func runReported(_ operation: StoreModel.Operation, tally: inout Tally) throws {
        let expected = model.predict(operation)
        let started = ContinuousClock.now
        let result = try cli.run(operation.arguments)
        let elapsed = ContinuousClock.now - started
        durations += 1
        meanDuration += (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds) - meanDuration)
            / Double(durations)
        accept(result, of: operation, expected: expected, tally: &tally)
    }

    private mutating func accept(
        _ result: StorefrontProcess.Result, of operation: StoreModel.Operation, expected: StoreModel.Outcome,
        tally: inout Tally
    ) {
        if tornPending {
            if result.stderr.contains("was incomplete"), directory.names().contains(where: { $0 == "data" }),
                (try? FileManager.default.contentsOfDirectory(atPath: directory.file("data")))?
                    .contains(where: { $0.contains(".torn-") }) == true
            {
                tally.tornRecovered += 1
            } else {
                tally.issues.append("\(operation): a torn last line was not reported as moved aside: \(result.stderr)")
            }
            tornPending = false
        }
        if !expected.matches(result) {
            tally.issues.append(
                "\(operation): expected \(expected), got status \(result.status): \(result.stdout) \(result.stderr)")
        }
        model.apply(operation)
        if expected.writes { tally.reported += 1 }
    }

    /// Starts `operation`, kills it after a random delay, and folds in what it committed.
    mutating func runKilled(
        _ operation: StoreModel.Operation, using generator: inout SeededGenerator, tally: inout Tally
    ) throws {
        let expected = model.predict(operation)
        let ledgerBefore = (try? ScratchDirectory.bytes(cli.ledger)) ?? []
        let lockBefore = (try? ScratchDirectory.bytes(cli.ledger + ".lock")) ?? []
        let aimsAtTheWrite = Int.random(in: 0..<3, using: &generator) == 0
        let delay = meanDuration * aim * Double.random(in: 0.75...1.0, using: &generator)
        let running = try cli.start(operation.arguments)
        if aimsAtTheWrite {
            waitForTheLedgerToGrow(beyond: ledgerBefore.count, running: running, atMost: 3 * meanDuration)
            tally.killsAtTheWrite += 1
        } else {
            usleep(UInt32(delay * 1_000_000))
        }
        running.kill()
        let result = running.wait()
        tally.kills += 1
        if !aimsAtTheWrite { aim *= result.wasSignalled ? 1.02 : 0.96 }
        guard result.wasSignalled else {
            tally.finishedBeforeTheSignal += 1
            accept(result, of: operation, expected: expected, tally: &tally)
            return
        }
        let audit = try LedgerAudit(path: cli.ledger, ifPresent: true)
        let added = (audit?.entries.count ?? 0) - model.eventCount
        if added == 0 {
            tally.killedBeforeCommitting += 1
            return
        }
        guard added == 1, expected.writes, let event = audit?.entries.last?.event, Self.event(event, isFrom: operation, expected)
        else {
            tally.issues.append("\(operation) killed: \(added) events appeared, expected \(expected)")
            return
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            try tearLastLine(ledgerBefore: ledgerBefore, lockBefore: lockBefore, using: &generator)
            tally.tornSimulated += 1
        } else {
            model.apply(operation)
            tally.killedAfterCommitting += 1
        }
    }

    /// Polls the ledger's size until the command has appended to it (it then is between its
    /// write and its exit: flushing, recording the commit mark or printing), it ended, or
    /// `seconds` passed.
    private func waitForTheLedgerToGrow(beyond size: Int, running: RunningCommand, atMost seconds: Double) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var status = stat()
        while ContinuousClock.now < deadline, running.process.isRunning {
            if stat(cli.ledger, &status) == 0, Int(status.st_size) > size { return }
        }
    }

    /// Turns the line the killed command appended into a half-written one and puts the
    /// commit mark back: the ledger as a power cut between the write and its flush leaves it.
    private mutating func tearLastLine(
        ledgerBefore: [UInt8], lockBefore: [UInt8], using generator: inout SeededGenerator
    ) throws {
        let bytes = try ScratchDirectory.bytes(cli.ledger)
        let lineLength = bytes.count - ledgerBefore.count
        guard lineLength > 1 else { return }
        let kept = Int.random(in: 1..<lineLength, using: &generator)
        try ScratchDirectory.write(Array(bytes[..<(ledgerBefore.count + kept)]), to: cli.ledger)
        try ScratchDirectory.write(lockBefore, to: cli.ledger + ".lock")
        tornPending = true
    }

    /// Whether `event` is the one `operation` was expected to append.
    private static func event(_ event: StoreEvent, isFrom operation: StoreModel.Operation, _ expected: StoreModel.Outcome)
        -> Bool
    {
        switch (operation, expected) {
        case (.buy(let product, let buyer), .purchased(let id, _)):
            return event.kind == .purchase && event.productId == product && event.account == buyer.account
                && event.transactionId == id
        case (.spend(let credit, let amount, let buyer), .spent):
            return event.kind == .spend && event.credit == credit && event.amount == amount
                && event.account == buyer.account
        case (.refund(let id, _), .refunded):
            return event.kind == .refund && event.transactionId == id
        case (.restore(let buyer), .restored(let ids)):
            return event.kind == .restore && event.device == buyer.device && (event.transactionIds ?? []).sorted() == ids.sorted()
        default:
            return false
        }
    }

    /// Checks the ledger after a kill: it verifies (noting a half-written last line), and the
    /// engine's fold equals the model's.
    func check(tally: inout Tally, label: String) throws {
        guard FileManager.default.fileExists(atPath: cli.ledger) else {
            if model.eventCount > 0 { tally.issues.append("\(label): the ledger vanished") }
            return
        }
        let verify = try cli.run(["verify"])
        if verify.status != 0 { tally.issues.append("\(label): verify failed: \(verify.stdout) \(verify.stderr)") }
        if tornPending, !verify.stdout.contains("incomplete") {
            tally.issues.append("\(label): verify did not mention the half-written last line: \(verify.stdout)")
        }
        guard let audit = try LedgerAudit(path: cli.ledger, ifPresent: true) else { return }
        let missing = model.transactions.keys.filter { audit.state.transactions[$0] == nil }
        tally.lost += missing.count
        tally.doubleCounts += audit.doubleCounts.count
        let differences = model.differences(
            from: audit.state, accounts: OperationMix.accounts, devices: OperationMix.devices)
        let violations = audit.balanceViolations(maximums: StoreModel.maximums)
        for problem in audit.problems.map(\.description) + audit.doubleCounts + differences + violations {
            tally.issues.append("\(label): \(problem)")
        }
    }
}
