import Foundation
import StorefrontTesting
import StoreEngine
import Testing

/// Eight processes of the binary buy, spend, refund and restore on one ledger at once, over two
/// shared accounts, while a follower in this process shows the ledger as the interactive
/// storefront does. The ledger's order is checked as a sequential history of what the
/// processes reported, and every state the follower showed is a committed prefix of it.
@Suite("Concurrency: eight writer processes and a following reader", .serialized)
struct ConcurrentWritersTests {
    static let workers = 8

    @Test("the ledger is a sequential history of the reported operations; the reader saw only committed states")
    func eightWritersAndAReader() throws {
        let start = ContinuousClock.now
        let operationsPerWorker = SuiteSize.value("CONCURRENT_OPERATIONS", default: 25)
        let seed = SeededGenerator.seedFromEnvironment()
        let directory = try ScratchDirectory("concurrent")
        let cli = StorefrontProcess(ledger: directory.file("entitlements.jsonl"))
        let devices = (0..<Self.workers).map { "w\($0)" }
        // The follower starts before the ledger exists, as a storefront opened on a new one does.
        #expect(try cli.run(["verify"]).status == 3)
        let follower = LedgerFollower(path: cli.ledger)
        follower.start()

        let steps = Self.runWorkers(cli: cli, devices: devices, operations: operationsPerWorker, seed: seed)
        let followed = follower.stop()

        let audit = try LedgerAudit(path: cli.ledger)
        let history = ConcurrentHistory(entries: audit.entries, steps: steps, devices: devices)
        var issues = history.issues(auditedBy: audit, devices: devices)
        if let failure = followed.failure { issues.append("the follower failed: \(failure)") }
        let uncommitted = Self.uncommittedObservations(followed.observations, states: history.states)
        issues += uncommitted

        let count = issues.count
        #expect(count == 0, "seed \(seed); first: \(issues.prefix(5))")
        let refused = steps.joined().filter { !ConcurrentHistory.appended($0) }.count
        Figures.report(
            "concurrency",
            "\(Self.workers) writer processes x \(operationsPerWorker) operations (seed \(seed)): \(audit.entries.count) "
                + "commits, \(refused) decided without a commit; the follower showed \(followed.observations.count) states, "
                + "\(uncommitted.count) of them not a committed prefix; \(audit.balanceViolations(maximums: StoreModel.maximums).count) negative or "
                + "over-maximum balances, \(count) issues, \(Figures.seconds(since: start))")
    }

    /// Runs the workers on their own threads, so all eight processes run at once.
    static func runWorkers(cli: StorefrontProcess, devices: [String], operations: Int, seed: UInt64)
        -> [[ConcurrentHistory.Step]]
    {
        let results = ResultBox(count: workers)
        let group = DispatchGroup()
        for worker in 0..<workers {
            group.enter()
            Thread {
                var generator = SeededGenerator(seed: seed &+ UInt64(worker) &* 7919)
                var bought: [(id: String, account: String)] = []
                var steps: [ConcurrentHistory.Step] = []
                for _ in 0..<operations {
                    var operation = OperationMix.next(refundable: bought, using: &generator)
                    operation = operation.onDevice(devices[worker])
                    guard let result = try? cli.run(operation.arguments) else { continue }
                    if case .buy(_, let buyer) = operation, result.status == 0, let id = result.json()?["transactionId"] as? String,
                        result.json()?["outcome"] as? String == "purchased"
                    {
                        bought.append((id, buyer.account))
                    }
                    steps.append(ConcurrentHistory.Step(operation: operation, result: result))
                }
                results.set(worker, steps)
                group.leave()
            }.start()
        }
        group.wait()
        return results.all()
    }

    /// States the follower showed that are not the state after some prefix of the ledger.
    private static func uncommittedObservations(
        _ observations: [LedgerFollower.Observation], states: [StoreModel]
    ) -> [String] {
        var found: [String] = []
        for observation in observations {
            if !observation.problems.isEmpty {
                found.append("the follower saw problems: \(observation.problems)")
            }
            guard observation.eventCount < states.count else {
                found.append("the follower showed \(observation.eventCount) events, more than were committed")
                continue
            }
            let model = states[observation.eventCount]
            for (key, balance) in observation.balances {
                let parts = key.split(separator: "/").map(String.init)
                if parts.count == 2, model.balance(of: parts[1], for: parts[0]) != balance {
                    found.append("after \(observation.eventCount) events the follower showed \(key) = \(balance), "
                        + "the committed history \(model.balance(of: parts[1], for: parts[0]))")
                }
            }
        }
        return found
    }
}

/// The workers' results, filled in from their threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [[ConcurrentHistory.Step]]

    init(count: Int) {
        steps = Array(repeating: [], count: count)
    }

    func set(_ worker: Int, _ value: [ConcurrentHistory.Step]) {
        lock.lock(); defer { lock.unlock() }
        steps[worker] = value
    }

    func all() -> [[ConcurrentHistory.Step]] {
        lock.lock(); defer { lock.unlock() }
        return steps
    }
}

extension StoreModel.Operation {
    /// The same operation made on `device` (refunds name no device).
    func onDevice(_ device: String) -> StoreModel.Operation {
        switch self {
        case .buy(let product, let buyer): .buy(product, Buyer(account: buyer.account, device: device))
        case .spend(let credit, let amount, let buyer): .spend(credit, amount: amount, Buyer(account: buyer.account, device: device))
        case .refund: self
        case .restore(let buyer): .restore(Buyer(account: buyer.account, device: device))
        }
    }
}

extension ConcurrentHistory {
    /// Everything wrong with the history and the audited store: its own issues, the store's
    /// problems and double counts, balances out of bounds, and a final state unlike the model's.
    func issues(auditedBy audit: LedgerAudit, devices: [String]) -> [String] {
        var found = issues
        found += audit.problems.map { "ledger: \($0)" } + audit.doubleCounts
        found += audit.balanceViolations(maximums: StoreModel.maximums)
        if let final = states.last {
            found += final.differences(from: audit.state, accounts: OperationMix.accounts, devices: devices)
        }
        return found
    }
}
