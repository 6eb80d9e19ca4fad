import Foundation
import StoreEngine
import StoreLedger

/// Ledger open: open, verify every MAC and fold to entitlements, each in a fresh child
/// process so its peak memory is the open's alone (plus the runtime and the catalog).
///
/// Two cases per size: the first opening of a ledger that has no checkpoint (it replays every
/// event, then saves one), and an opening from a checkpoint followed by the most events a
/// store leaves unsaved (one less than the checkpoint interval), the usual case afterwards.
enum OpenBenchmark {
    static let section = "Ledger open (open, verify, fold to entitlements)"

    static func run(_ context: BenchContext) throws -> [Figure] {
        let (catalogPath, catalog) = try context.data.ledgerCatalog()
        var figures: [Figure] = []
        for size in context.scale.ledgerSizes {
            guard let ledger = context.data.ledgerPaths[size] else { continue }
            let sizeText = NumberText.grouped(size)
            let checkpoint = LedgerFamily(ledgerPath: ledger).checkpointPath(named: catalog.bundleID)
            context.progress("open: \(sizeText) events, no checkpoint")
            let full = try (0..<context.scale.openRuns).map { _ in
                try? FileManager.default.removeItem(atPath: checkpoint)
                return try open(ledger, catalogPath: catalogPath, events: size, context: context)
            }
            try? FileManager.default.removeItem(atPath: checkpoint)
            figures += Self.figures(full, size: size, case: "no checkpoint", id: "full", hasTarget: false, context: context)

            let tail = Store.defaultCheckpointInterval - 1
            guard size - tail >= Store.defaultCheckpointInterval else { continue }
            try saveCheckpoint(of: ledger, upTo: size - tail, catalogPath: catalogPath, as: checkpoint, context: context)
            context.progress("open: \(sizeText) events, from a checkpoint")
            let resumed = try (0..<context.scale.openRuns).map { _ in
                try open(ledger, catalogPath: catalogPath, events: size, context: context)
            }
            try? FileManager.default.removeItem(atPath: checkpoint)
            figures += Self.figures(resumed, size: size, case: "checkpoint + \(NumberText.grouped(tail)) events",
                                    id: "checkpoint", hasTarget: size == 100_000, context: context)
        }
        return figures
    }

    /// Leaves beside `ledger` the checkpoint a store saves after folding its first `events`.
    private static func saveCheckpoint(
        of ledger: String, upTo events: Int, catalogPath: String, as checkpoint: String, context: BenchContext
    ) throws {
        let prefix = ledger + ".prefix"
        defer {
            let family = LedgerFamily(ledgerPath: prefix)
            for path in family.essentialPaths + [family.lockPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        try LedgerFileWriter.copyPrefix(of: ledger, events: events, to: prefix)
        let made = LedgerFamily(ledgerPath: prefix).checkpointPath(named: try context.data.ledgerCatalog().catalog.bundleID)
        _ = try open(prefix, catalogPath: catalogPath, events: events, context: context)
        guard FileManager.default.fileExists(atPath: made) else {
            throw BenchError.unexpectedResult("opening \(events) events saved no checkpoint")
        }
        try? FileManager.default.removeItem(atPath: checkpoint)
        try FileManager.default.moveItem(atPath: made, toPath: checkpoint)
    }

    private static func open(
        _ ledger: String, catalogPath: String, events: Int, context: BenchContext
    ) throws -> OpenLedgerChild.Result {
        let finished = try ChildProcess.run(
            context.benchPath, [ChildCommand.flag, OpenLedgerChild.name, "--ledger", ledger, "--catalog", catalogPath])
        let result = try JSONDecoder().decode(OpenLedgerChild.Result.self, from: Data(finished.output.utf8))
        guard result.events == events, result.problems == 0 else {
            throw BenchError.unexpectedResult(
                "opening the \(events)-event ledger folded \(result.events) events with \(result.problems) problems")
        }
        return result
    }

    private static func figures(
        _ results: [OpenLedgerChild.Result], size: Int, case label: String, id: String, hasTarget: Bool,
        context: BenchContext
    ) -> [Figure] {
        let sizeText = NumberText.grouped(size)
        let before = Samples(results.map { Double($0.residentBeforeOpenKilobytes) / 1_024 }).median
        return [
            Figure(id: "open.\(id).time.\(size)", section: section, label: "\(sizeText) events, \(label)", unit: "ms",
                   samples: Samples(results.map(\.seconds)).scaled(by: 1_000),
                   target: hasTarget ? .atMost(300, "ms") : nil),
            Figure(id: "open.\(id).peak-rss.\(size)", section: section, label: "peak RSS, \(sizeText) events, \(label)",
                   unit: "MB", samples: Samples(results.map { Double($0.peakResidentKilobytes) / 1_024 }), showsP99: false,
                   target: hasTarget ? .atMost(64, "MB") : nil,
                   note: size == context.scale.ledgerSizes.max() && hasTarget
                       ? "Peak RSS is the whole child process (VmHWM): runtime, catalog and the open; "
                           + "resident before the open: \(NumberText.format(before)) MB."
                       : nil),
        ]
    }
}
