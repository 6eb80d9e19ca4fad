import StoreLedger

/// A chain problem in the words of a database store: rows of `storefront_events` named by
/// their `seq`, the header row by name, instead of a file's line numbers.
public enum PostgresProblemText {
    /// The sentence for `problem` found in the store (line N of the chain is the row with seq N - 1).
    public static func describe(_ problem: LedgerProblem) -> String {
        switch problem {
        case .tampered(let line):
            "the row with seq \(line - 1) of storefront_events does not match its MAC: it was changed by hand, "
                + "or rows before it were deleted; restore the database from a backup"
        case .malformed(let line, let reason) where line == 1:
            "the storefront_header row is malformed: \(reason)"
        case .malformed(let line, let reason):
            "the row with seq \(line - 1) of storefront_events is malformed: \(reason)"
        case .sequenceGap(let line, let expected, let found):
            "the row read as number \(line - 1) of storefront_events holds sequence number \(found) where \(expected) "
                + "was expected: a row was deleted or its line edited; restore the database from a backup"
        case .keyMismatch(let keyPath):
            "the storefront_header row does not verify with the key in \(keyPath): the key belongs to another store "
                + "or the row was edited; get this store's key file from whoever made the store"
        case .keyMissing(let keyPath):
            "the key file \(keyPath) is missing, so no row can be verified; get this store's key file from whoever "
                + "made the store (or set STOREFRONT_STORE_KEY to where it is)"
        default:
            problem.description
        }
    }
}
