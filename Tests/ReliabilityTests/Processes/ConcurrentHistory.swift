import Foundation
import StoreEngine
@testable import StoreLedger

/// Checks what eight concurrent writers reported against one sequential history: the
/// ledger's order.
///
/// Every operation that appended an event must have decided exactly as the model decides on
/// the state before its event. Every operation that appended nothing (a refusal, an owned
/// product, nothing to restore) must match the model's decision on some state between its
/// worker's previous and next events, since it decided under the lock at some moment then.
struct ConcurrentHistory {
    /// One operation a worker ran, with what the binary reported.
    struct Step {
        var operation: StoreModel.Operation
        var result: StorefrontCLI.Result
    }

    /// The model after each prefix of the ledger: `states[n]` has applied the first n events.
    private(set) var states: [StoreModel] = [StoreModel()]
    private(set) var issues: [String] = []

    /// Replays `entries` (the ledger, in order) as the workers' `steps`; worker `w` bought
    /// and restored on device `devices[w]`, and refunds only its own purchases, so every
    /// event names its worker's device.
    init(entries: [LedgerEntry<StoreEvent>], steps: [[Step]], devices: [String]) {
        var positions = [[Int?]](repeating: [], count: steps.count)
        var nextStep = [Int](repeating: 0, count: steps.count)
        for (index, entry) in entries.enumerated() {
            guard let worker = devices.firstIndex(of: entry.event.device) else {
                issues.append("line \(entry.line): an event no worker ran: \(entry.event.kind.rawValue)")
                return
            }
            // The worker's operations up to its next appending one decided before this event.
            while nextStep[worker] < steps[worker].count,
                !Self.appended(steps[worker][nextStep[worker]])
            {
                positions[worker].append(nil)
                nextStep[worker] += 1
            }
            guard nextStep[worker] < steps[worker].count else {
                issues.append("line \(entry.line): worker \(worker) reported fewer commits than the ledger holds")
                return
            }
            let step = steps[worker][nextStep[worker]]
            var state = states[index]
            let expected = state.apply(step.operation)
            if !expected.matches(step.result) {
                issues.append(
                    "line \(entry.line): worker \(worker) \(step.operation) reported \(step.result.stdout) "
                        + "but on the state before its event the model decides \(expected)")
            }
            positions[worker].append(index)
            nextStep[worker] += 1
            states.append(state)
        }
        for worker in steps.indices {
            while nextStep[worker] < steps[worker].count {
                if Self.appended(steps[worker][nextStep[worker]]) {
                    issues.append("worker \(worker) reported a commit that is not in the ledger: \(steps[worker][nextStep[worker]].operation)")
                }
                positions[worker].append(nil)
                nextStep[worker] += 1
            }
        }
        checkWindows(steps: steps, positions: positions)
    }

    /// Operations that appended nothing must match a state they could have seen.
    private mutating func checkWindows(steps: [[Step]], positions: [[Int?]]) {
        for (worker, workerSteps) in steps.enumerated() {
            var earliest = 0
            for (index, step) in workerSteps.enumerated() {
                if let position = positions[worker][index] {
                    earliest = position + 1
                    continue
                }
                let latest = positions[worker][(index + 1)...].lazy.compactMap { $0 }.first ?? (states.count - 1)
                let seen = states[earliest...latest].contains { $0.predict(step.operation).matches(step.result) }
                if !seen {
                    issues.append(
                        "worker \(worker) \(step.operation) reported status \(step.result.status) \(step.result.stdout), "
                            + "which no state between events \(earliest) and \(latest) gives")
                }
            }
        }
    }

    /// Whether the binary reports that `step` appended an event.
    static func appended(_ step: Step) -> Bool {
        guard step.result.status == 0, let json = step.result.json() else { return false }
        switch json["outcome"] as? String {
        case "purchased", "spent": return true
        case nil: return json["revoked"] != nil || !((json["transactionIds"] as? [String]) ?? []).isEmpty
        default: return false
        }
    }
}
