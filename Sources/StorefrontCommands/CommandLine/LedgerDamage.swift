import StoreEngine
import StorefrontText
import StoreLedger

/// What a command tells about a damaged store: a warning for people, and the store's state
/// inside JSON output, so a script never takes a partial fold for the whole story. A file's
/// damage is told in lines, a database's in rows (`StoreProblemText`).
struct LedgerDamage {
    /// "intact", or "damaged" when the store has problems and is read-only.
    var state: String
    /// The first line whose event is not shown; nothing from it on is folded.
    var firstBadLine: Int?
    /// Every problem found, as `storefront verify` words it.
    var problems: [String]
    let medium: StoreMedium

    /// The first problem `storefront repair` cannot fix, in its own words (which say what
    /// does fix it); nil when repair fixes them all.
    private var unrepairable: String?

    init(problems: [LedgerProblem], medium: StoreMedium) {
        state = problems.isEmpty ? "intact" : "damaged"
        firstBadLine = problems.compactMap(\.firstUntrustedLine).min()
        self.problems = problems.map { StoreProblemText.describe($0, in: medium) }
        self.medium = medium
        unrepairable = problems.first { !$0.isRepairable }.map { StoreProblemText.describe($0, in: medium) }
    }

    /// The damage `store` has found in its events.
    init(_ store: Store) {
        self.init(problems: store.ledgerProblems, medium: store.medium)
    }

    /// How `entitlements --json` carries it: a database names its first bad row by `seq`.
    var shape: JSONShapes.LedgerState {
        switch medium {
        case .entitlementsFile:
            JSONShapes.LedgerState(state: state, firstBadLine: firstBadLine, problems: problems)
        case .database:
            JSONShapes.LedgerState(state: state, firstBadSeq: firstBadLine.map(StoreProblemText.sequence(ofLine:)),
                                   problems: problems)
        }
    }

    var isDamaged: Bool { state != "intact" }

    /// The warning for people (without the "storefront: warning: " prefix), when damaged;
    /// `filePath` is the entitlements file's path, unused for a database.
    func warning(filePath: String) -> String? {
        guard isDamaged else { return nil }
        switch medium {
        case .entitlementsFile:
            return CommandLineText.Files.damaged(filePath, problems: problems.count, firstBadLine: firstBadLine,
                                                 unrepairable: unrepairable)
        case .database(let address):
            return CommandLineText.Stores.damaged(address, problems: problems.count,
                                                  firstBadSeq: firstBadLine.map(StoreProblemText.sequence(ofLine:)),
                                                  firstProblem: problems[0])
        }
    }
}
