import StoreEngine
import StorefrontText
import StoreLedger

/// What a command tells about a damaged ledger: a warning for people, and the ledger's state
/// inside JSON output, so a script never takes a partial fold for the whole story.
struct LedgerDamage {
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

    /// How `entitlements --json` carries it.
    var shape: JSONShapes.LedgerState { JSONShapes.LedgerState(state: state, firstBadLine: firstBadLine, problems: problems) }

    var isDamaged: Bool { state != "intact" }

    /// The warning for people (without the "storefront: warning: " prefix), when damaged.
    func warning(ledgerPath: String) -> String? {
        guard isDamaged else { return nil }
        return CommandLineText.Files.damaged(ledgerPath, problems: problems.count, firstBadLine: firstBadLine, unrepairable: unrepairable)
    }
}
