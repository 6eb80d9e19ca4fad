import StoreEngine
import StoreLedger

/// What a command tells about a damaged ledger: a warning for people, and the ledger's state
/// inside JSON output, so a script never takes a partial fold for the whole story.
struct LedgerDamage: Encodable {
    /// "intact", or "damaged" when the ledger has problems and is read-only.
    var state: String
    /// The first line whose event is not shown; nothing from it on is folded.
    var firstBadLine: Int?
    /// Every problem found, as `storefront verify` words it.
    var problems: [String]

    /// The first problem `storefront repair` cannot fix, in its own words (which say what
    /// does fix it); nil when repair fixes them all.
    private var unrepairable: String?

    init(problems: [LedgerProblem]) {
        state = problems.isEmpty ? "intact" : "damaged"
        firstBadLine = problems.compactMap(\.firstUntrustedLine).min()
        self.problems = problems.map(\.description)
        unrepairable = problems.first { !$0.isRepairable }?.description
    }

    private enum CodingKeys: String, CodingKey { case state, firstBadLine, problems }

    var isDamaged: Bool { state != "intact" }

    /// The warning for people (without the "storefront: warning: " prefix), when damaged.
    func warning(ledgerPath: String) -> String? {
        guard isDamaged else { return nil }
        let count = problems.count == 1 ? "a problem" : "\(problems.count) problems"
        let scope = firstBadLine.map { "what is shown stops before line \($0), the first that cannot be trusted" }
            ?? "every line reads, but the file cannot be trusted for writing"
        // Recommending `repair` for a problem it refuses would send people in a circle.
        let remedy = unrepairable.map { "`storefront repair` cannot fix this: \($0)." }
            ?? "`storefront repair` keeps the intact lines and moves the rest aside."
        return "\(ledgerPath) has \(count), so it is read-only and \(scope). `storefront verify` lists the problems; \(remedy)"
    }
}
