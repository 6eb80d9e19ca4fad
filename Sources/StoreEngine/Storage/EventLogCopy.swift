import StoreLedger

/// Copies every event of one store into another, empty one: the file into PostgreSQL or back.
///
/// The events go through the target's own commit, so the target writes them in its own format
/// under its own key, with the same sequence numbers (both start at 1), and both stores verify.
public enum EventLogCopy {
    /// Why a copy was refused; nothing was written.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The source has problems, so its events cannot be trusted to be copied.
        case sourceDamaged(source: String, problems: [LedgerProblem])
        /// The target already holds events.
        case targetNotEmpty(target: String, events: Int)
        /// The source holds no events: most likely the wrong store was named.
        case sourceEmpty(source: String)
        /// `verifiedOnly`, but the source's first problem comes before any event.
        case nothingVerified(source: String, problems: [LedgerProblem])

        public var description: String {
            switch self {
            case .sourceDamaged(let source, let problems):
                "\(source) has \(problems.count == 1 ? "a problem" : "\(problems.count) problems"), so nothing was copied; "
                    + "run `storefront verify` on it"
                    + (problems.first?.leavesEventsBefore == true
                        ? " (add --verified-only to copy the events before " + (problems.count == 1 ? "it" : "the first") + ")" : "")
                    + ". " + (problems.count == 1 ? "The problem: " : "The first: ") + (problems.first.map { "\($0)" } ?? "")
            case .nothingVerified(let source, let problems):
                "\(source) has no event before its first problem, so nothing was copied and no target was made: "
                    + (problems.first.map { "\($0)" } ?? "")
            case .targetNotEmpty(let target, let events):
                "\(target) already holds \(events) event\(events == 1 ? "" : "s"), so nothing was copied; copy only into "
                    + "an empty store"
            case .sourceEmpty(let source):
                "\(source) holds no events, so nothing was copied and no target was made; check that --from names the "
                    + "store you meant"
            }
        }
    }

    /// Copies every event of `source` into `target`; returns how many were copied. A source with
    /// problems is refused, unless `verifiedOnly`: then the events before its first problem,
    /// the ones every reader of it folds, are copied and the rest left out.
    public static func copy(from source: StoreEventLog, named sourceName: String,
                            to target: StoreEventLog, named targetName: String, verifiedOnly: Bool = false) throws -> Int {
        var events: [StoreEvent] = []
        var batch: EventBatch
        repeat {
            batch = try source.readNew()
            if batch.restarted { events.removeAll() }
            events += batch.entries.map(\.event)
        } while batch.isPartial
        guard source.problems.isEmpty || verifiedOnly else { throw Refusal.sourceDamaged(source: sourceName, problems: source.problems) }
        // A copy of nothing would still give the target a header (and a file store its files).
        guard !events.isEmpty else {
            if !source.problems.isEmpty { throw Refusal.nothingVerified(source: sourceName, problems: source.problems) }
            throw Refusal.sourceEmpty(source: sourceName)
        }
        return try target.commit { existing in
            guard existing.entries.isEmpty else {
                throw Refusal.targetNotEmpty(target: targetName, events: existing.entries.count)
            }
            return (events: events, result: events.count)
        }.result
    }
}
