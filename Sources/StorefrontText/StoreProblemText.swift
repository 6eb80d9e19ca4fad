import StoreEngine
import StoreLedger

/// A store's problems in the words of what keeps it: an entitlements file's lines (and
/// `storefront repair`), or a database's rows named by their `seq` (and a backup, since a
/// database has no repair).
///
/// The ledger's scanner reads a database's rows as the lines of a chain whose line 1 is the
/// `storefront_header` row; the store renumbers its problems so that line N is the row with
/// `seq` N − 1 even after a row went missing.
public enum StoreProblemText {
    /// What to do about rows that do not verify.
    public static let databaseRemedy = "restore the database from a backup, or `storefront store copy` a good copy of "
        + "the store into an empty database"

    /// What mends columns that disagree with their lines: the events stand, and a copy writes
    /// every column anew from the lines.
    static let columnsRemedy = "`storefront store copy` this store into an empty database, which writes those columns anew "
        + "from the lines, or restore the database from a backup"

    /// `databaseRemedy`, with the events before `problem` offered when there are any to keep.
    static func remedy(for problem: LedgerProblem) -> String {
        databaseRemedy + (problem.leavesEventsBefore ? " (with --verified-only, the events before the damage)" : "")
    }

    /// `problem` as the store in `medium` has it; without what to do about a damaged database
    /// unless `withRemedy` (a copy of what verifies, made already, needs no advice to make one).
    public static func describe(_ problem: LedgerProblem, in medium: StoreMedium, withRemedy: Bool = true) -> String {
        switch medium {
        case .entitlementsFile: problem.description
        case .database: withRemedy ? row(problem) : row(problem).replacingOccurrences(of: "; " + remedy(for: problem), with: "")
        }
    }

    /// The `seq` of the row a chain's `line` holds; 0 stands for the header row.
    public static func sequence(ofLine line: Int) -> Int { line - 1 }

    private static func row(_ problem: LedgerProblem) -> String {
        let whatToDo = remedy(for: problem)
        return switch problem {
        case .tampered(let line):
            // Rows before the first can only be the header, whose damage is named on its own.
            "storefront_events row seq \(sequence(ofLine: line)) does not match its MAC: it was changed by hand"
                + (line > 2 ? ", or rows before it were deleted; " : "; ") + whatToDo
        case .malformed(let line, let reason) where line == 1:
            "the storefront_header row is malformed: \(reason); \(whatToDo)"
        case .malformed(let line, let reason):
            "storefront_events row seq \(sequence(ofLine: line)) is malformed: \(reason); \(whatToDo)"
        case .sequenceGap(let line, let expected, let found) where sequence(ofLine: line) == found && found > expected:
            // The row and its line agree: the rows before it are what is missing.
            "storefront_events has no \(found - 1 > expected ? "rows seq \(expected) to \(found - 1)" : "row seq \(expected)"): row seq \(found) "
                + "comes next, so \(found - 1 > expected ? "rows were" : "a row was") deleted; \(whatToDo)"
        case .sequenceGap(let line, let expected, let found):
            "storefront_events row seq \(sequence(ofLine: line)) holds sequence number \(found) in its line where "
                + "\(expected) was expected: a row was deleted or its line edited; \(whatToDo)"
        case .bytesAfterMAC(let line, _, _, let otherBytes):
            "storefront_events row seq \(sequence(ofLine: line)) has \(otherBytes == nil ? "a carriage return or spaces" : "bytes") after its MAC field in its line: "
                + "it was changed by hand; \(whatToDo)"
        case .indented(let line, _, _):
            "storefront_events row seq \(sequence(ofLine: line)) has spaces or tabs before its line: it was changed by hand; \(whatToDo)"
        case .linesRunTogether(let line, _, _):
            "storefront_events row seq \(sequence(ofLine: line)) holds the lines of more than one event run together: it was "
                + "changed by hand; \(whatToDo)"
        case .blankLine(let line, _):
            "storefront_events row seq \(sequence(ofLine: line)) holds a blank line: it was changed by hand; \(whatToDo)"
        case .linesSwapped(let line, _, _, _):
            "storefront_events rows seq \(sequence(ofLine: line)) and \(sequence(ofLine: line) + 1) hold each other's lines: they "
                + "were changed by hand; \(whatToDo)"
        case .lineRepeated(let line, _):
            "storefront_events row seq \(sequence(ofLine: line)) holds the line of the row before it: it was changed by hand; \(whatToDo)"
        case .lineTooLong(let line, let limit):
            "storefront_events row seq \(sequence(ofLine: line)) is longer than \(limit) bytes, more than any row "
                + "storefront writes, so it and every row after it are left unread; \(whatToDo)"
        case .headerMissing(let firstRowSequence):
            "the storefront_header row is missing, yet storefront_events holds rows from seq \(firstRowSequence) on: it was "
                + "deleted with the triggers bypassed, or its table dropped, and without it no row can be verified; \(whatToDo)"
        case .notALedger(let reason):
            "the storefront_header row is not a storefront header (\(reason)); check that the address names the "
                + "database you meant"
        case .keyMismatch(let keyPath):
            "the storefront_header row does not verify with the key in \(keyPath): the key belongs to another store "
                + "or the row was edited; copy this store's key file from a machine that uses the store, or, if that key is "
                + "this one (that machine finds the same problem), the row was edited: \(databaseRemedy)"
        case .keyMissing(let keyPath):
            "this machine has no key for the store: its key file lives at \(keyPath), which is missing, so no row can "
                + "be verified; copy the key file there from a machine that has it (or set STOREFRONT_STORE_KEY to "
                + "where it is)"
        case .keyUnderFormerName(let keyPath, let formerKeyPath):
            "this machine has no key for the store at \(keyPath), its key file's name, so no row can be verified; but "
                + "\(formerKeyPath) is there, the name earlier versions gave this store's key, and in some setups another "
                + "database's key too (\(LedgerProblem.formerKeyNameShared)). Move it to \(keyPath) only "
                + "if it belongs to this database; otherwise copy this store's own key there from a teammate"
        case .keyUnderOtherHost(let keyPath, let otherKeyPath):
            "this machine has no key for the store at \(keyPath), its key file's name, so no row can be verified; but "
                + "\(otherKeyPath) is there, named for the same port and database with the host spelled otherwise (a key "
                + "file is named after the host as the address writes it: localhost, 127.0.0.1 and a socket folder differ). "
                + "If that is this store's key, copy it to \(keyPath) or set STOREFRONT_STORE_KEY to it; otherwise copy this "
                + "store's key there from a machine that has it"
        case .keyUnreadable(let keyPath, let reason):
            "the key file \(keyPath) cannot be read, so no row can be verified: \(reason)"
        case .keyInvalid(let keyPath, let reason):
            "the key file \(keyPath) does not hold a key (\(reason)), so no row can be verified; copy the store's key "
                + "file there from a machine that has it"
        case .columnsDisagree(let line, ["seq"]):
            "no storefront_events row has seq \(sequence(ofLine: line)), though a row holds the event with that sequence "
                + "number: its seq was changed by hand, with the triggers bypassed, and no change can be stored after it (the "
                + "numbers must run on without a gap); \(columnsRemedy)"
        case .columnsDisagree(let line, let columns):
            "storefront_events row seq \(sequence(ofLine: line)) has \(columns.count == 1 ? "a column" : "columns") "
                + "\(columns.joined(separator: ", ")) that disagree\(columns.count == 1 ? "s" : "") with its "
                + "line: changed by hand, with the triggers bypassed. The store reads only the line, so its events stand, but the "
                + "unique keys on those columns no longer guard it; \(columnsRemedy)"
        case .keyChangedWhileOpen(let found, _):
            // Worded as a store opened now words it; what stays shown is told where it is scoped.
            row(found)
        case .keyNotPrivate, .newerVersion, .committedLinesMissing, .commitMarkMismatch, .commitMarkDamaged, .windowsLineEnds, .byteOrderMark, .blankLinesAboveHeader,
             .newlineMissing:
            // Words that name no line or file remedy, or problems of a file's lock only.
            problem.description
        }
    }
}
