import Foundation
import StoreEngine
import Testing

/// Seeded random sequences of purchases, spends, refunds, Ask to Buy, interrupted purchases,
/// restores, subscription changes and time run through the engine and a reference model;
/// after every step both must tell the same story, and the engine must keep its invariants.
@Suite("Model: the engine against a reference model of the entitlement rules")
struct EntitlementModelTests {
    /// Month ends and a leap day: where calendar arithmetic goes wrong.
    static let starts = ["2026-01-31T10:00:00Z", "2026-11-30T23:59:59Z", "2028-02-29T12:00:00Z", "2026-08-31T00:00:00Z"]
        .map { ISO8601DateFormatter().date(from: $0)! }

    @Test("seeded sequences: the engine agrees with the model after every step")
    func engineAgreesWithTheModel() throws {
        let seeds = ModelSeeds.list(from: try ModelSeeds.first(), count: SuiteSize.value("MODEL_SEQUENCES", default: 100))
        let length = SuiteSize.value("MODEL_STEPS", default: 40)
        let options = ModelSuiteOptions.fromEnvironment()
        let drawer = ModelStepGenerator(excluded: options.excluded)
        var steps = 0, run = 0, skipped = 0
        var report: String?
        for seed in seeds {
            run += 1
            var generator = SeededGenerator(seed: seed)
            let start = Self.start(for: seed)
            let sequence = drawer.sequence(length: length, using: &generator)
            steps += sequence.count
            guard let failure = ModelRun.firstFailure(of: sequence, start: start, skipped: &skipped) else { continue }
            let shrunk = ModelRun.shrink(sequence, failingAt: failure.stepIndex) { ModelRun.firstFailure(of: $0, start: start) }
            report = Self.describe(seed: seed, start: start, steps: shrunk.steps, failure: shrunk.failure ?? failure)
            break
        }
        let excluded = options.excluded.isEmpty ? "" : ", left out: \(options.excluded.sorted().joined(separator: ", "))"
        let gaps = KnownEngineGap.skipped().isEmpty ? "" : ", \(skipped) skipped for known engine gaps"
        Figures.report("model", "\(run) sequences, \(steps) steps, \(report == nil ? 0 : 1) disagreements "
            + "(seeds \(seeds.first ?? 0)…\(seeds.last ?? 0)\(gaps)\(excluded))")
        if let report { Issue.record(Comment(rawValue: report)) }
    }

    @Test("offer sequences: the engine agrees with the model after every step, from every start")
    func offerSequencesAgreeWithTheModel() {
        for start in Self.starts {
            for sequence in ModelScenarios.offers {
                guard let failure = ModelRun.firstFailure(of: sequence, start: start) else { continue }
                let steps = sequence.prefix(failure.stepIndex + 1).enumerated().map { "  \($0.offset + 1). \($0.element)" }
                Issue.record(Comment(rawValue: (["From \(ModelFacts.stamp(start)):"] + steps + ["After that step:"]
                    + failure.problems.map { "  \($0)" }).joined(separator: "\n")))
            }
        }
    }

    /// Where the sequence of `seed` starts: one of `starts`, chosen by the seed so that a
    /// sequence replays alone from its seed.
    static func start(for seed: UInt64) -> Date {
        starts[Int(seed % UInt64(starts.count))]
    }

    @Test("a sample of sequences through the built binary: it agrees with the model after every step")
    func binaryAgreesWithTheModel() throws {
        let seeds = ModelSeeds.list(from: try ModelSeeds.first(), count: SuiteSize.value("MODEL_CLI_SEQUENCES", default: 4))
        let length = SuiteSize.value("MODEL_CLI_STEPS", default: 20)
        // The binary takes a subscription refund by transaction id only; the engine suite covers it.
        let drawer = ModelStepGenerator(excluded: ModelSuiteOptions.fromEnvironment().excluded.union(["refundSubscription"]))
        let begun = ContinuousClock.now
        var steps = 0
        var problems: [String] = []
        for seed in seeds where problems.isEmpty {
            var generator = SeededGenerator(seed: seed)
            let directory = try ScratchDirectory("model-cli")
            let driver = CLIDriver(ledger: directory.file("entitlements.jsonl"))
            let sequence = drawer.sequence(length: length, using: &generator)
            var model = EntitlementModel(start: Date())
            let gaps = KnownEngineGap.skipped()
            for (index, step) in sequence.enumerated() where !gaps.contains(where: { $0.applies(to: step, in: model) }) {
                let before = model
                let created = model.apply(step)
                steps += 1
                if let disagreement = try driver.perform(step, model: before, createdKey: created) { problems.append(disagreement) }
                let binary = try driver.facts(accounts: ModelRun.accounts, device: "phone")
                let expected = ModelFacts(model.facts(accounts: ModelRun.accounts, devices: ["phone"], withDates: false)
                    .lines.filter { !$0.contains(" waits for ") }, withDates: false)
                problems += ModelFacts.differences(engine: binary, model: expected)
                if !problems.isEmpty {
                    problems.insert("Seed \(seed) (replay with STOREFRONT_MODEL_SEED=\(seed) STOREFRONT_MODEL_CLI_SEQUENCES=1), "
                        + "after step \(index + 1) of:\n"
                        + sequence.prefix(index + 1).enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"), at: 0)
                    break
                }
            }
        }
        Figures.report("model", "binary: \(seeds.count) sequences, \(steps) steps, \(problems.isEmpty ? 0 : 1) disagreements, "
            + Figures.seconds(since: begun))
        #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n")))
    }

    static func describe(seed: UInt64, start: Date, steps: [ModelStep], failure: ModelRun.Failure) -> String {
        var lines = ["The engine and the model disagree (seed \(seed); "
            + "replay with STOREFRONT_MODEL_SEED=\(seed) STOREFRONT_MODEL_SEQUENCES=1).",
            "Shortest failing sequence, from \(ModelFacts.stamp(start)):"]
        lines += steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        lines.append("After step \(failure.stepIndex + 1):")
        lines += failure.problems.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// Which kinds of step the model suite leaves out.
///
/// `STOREFRONT_MODEL_EXCLUDE` names kinds to leave out (comma-separated, e.g. `renewNow`);
/// empty by default, so every operation is drawn.
struct ModelSuiteOptions {
    var excluded: Set<String>

    static func fromEnvironment() -> ModelSuiteOptions {
        let text = ProcessInfo.processInfo.environment["STOREFRONT_MODEL_EXCLUDE"] ?? ""
        return ModelSuiteOptions(excluded: Set(text.split(separator: ",").map { String($0) }))
    }
}
