import Foundation
import StoreEngine

/// One sequence of steps run through the model and the engine side by side, compared after
/// every step.
struct ModelRun {
    /// Where and how a sequence first went wrong.
    struct Failure: Error {
        var stepIndex: Int
        var problems: [String]
    }

    static let accounts = ModelStepGenerator.accounts
    static let devices = ModelStepGenerator.devices

    /// Runs `steps` from `start`; nil when the engine agreed with the model after every step.
    static func firstFailure(of steps: [ModelStep], start: Date) -> Failure? {
        var skipped = 0
        return firstFailure(of: steps, start: start, skipped: &skipped)
    }

    /// As above, counting in `skipped` the steps left out for a known engine gap.
    static func firstFailure(of steps: [ModelStep], start: Date, skipped: inout Int) -> Failure? {
        guard let driver = try? EngineDriver(start: start) else {
            return Failure(stepIndex: 0, problems: ["the store did not open"])
        }
        var model = EntitlementModel(start: start)
        let gaps = KnownEngineGap.skipped()
        for (index, step) in steps.enumerated() {
            if gaps.contains(where: { $0.applies(to: step, in: model) }) {
                skipped += 1
                continue
            }
            let before = model
            let created = model.apply(step)
            var problems: [String] = []
            if let disagreement = driver.perform(step, model: before, createdKey: created) { problems.append(disagreement) }
            let engine = driver.store.modelFacts(accounts: accounts, devices: devices)
            let expected = model.facts(accounts: accounts, devices: devices, withDates: true)
            problems += ModelFacts.differences(engine: engine, model: expected)
            problems += EngineInvariants.violations(in: driver.store, accounts: accounts, devices: devices)
            if !problems.isEmpty { return Failure(stepIndex: index, problems: problems) }
        }
        return nil
    }

    /// The shortest sequence found that still fails: cut after the failing step, then drop
    /// ever smaller runs of steps while the rest still fails.
    static func shrink(_ steps: [ModelStep], failingAt index: Int,
                       fails: ([ModelStep]) -> Failure?) -> (steps: [ModelStep], failure: Failure?) {
        var current = Array(steps.prefix(index + 1))
        var failure = fails(current)
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var offset = 0
            var removedAny = false
            while offset < current.count {
                var candidate = current
                candidate.removeSubrange(offset..<min(offset + chunk, current.count))
                if let found = fails(candidate) {
                    current = Array(candidate.prefix(found.stepIndex + 1))
                    failure = found
                    removedAny = true
                } else {
                    offset += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return (current, failure)
    }
}
