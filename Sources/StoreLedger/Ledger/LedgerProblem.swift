/// Something wrong found in a ledger's content, with the line it was found on.
///
/// Any problem makes the ledger read-only: readers get the entries before the first untrusted
/// line (`firstUntrustedLine`), writers are refused until the file is repaired or moved aside.
public enum LedgerProblem: Sendable, Hashable, CustomStringConvertible {
    /// Which databases earlier versions gave one key file name, said where `keyUnderFormerName`
    /// is found: that key may be another database's.
    public static let formerKeyNameShared = "a database whose name differs only in characters outside letters, digits "
        + "and .-_, or one reached through a libpq service"
    /// What a lock file is said to be when it holds something other than a commit mark (notes).
    public static let holdsNoCommitMark = "a file that holds no commit mark"

    /// The line's MAC does not match its content and the previous line's MAC.
    case tampered(line: Int)
    /// The line is not a well-formed ledger line.
    case malformed(line: Int, reason: String)
    /// The line's sequence number does not follow the previous line's.
    case sequenceGap(line: Int, expected: Int, found: Int)
    /// The key file does not exist, so no line can be verified.
    case keyMissing(keyPath: String)
    /// A database's key file does not exist, but one lies at `formerKeyPath`, the name earlier
    /// versions gave it (and any database whose name differs only in characters the key's name
    /// replaces): it may be this store's key, or another's.
    case keyUnderFormerName(keyPath: String, formerKeyPath: String)
    /// A database's key file is missing, while `otherKeyPath` in the same folder is named for
    /// the same port and database under another spelling of the host (`localhost`, `127.0.0.1`).
    case keyUnderOtherHost(keyPath: String, otherKeyPath: String)
    /// The key file exists but does not hold a key.
    case keyInvalid(keyPath: String, reason: String)
    /// The key file could be read by other users, or belongs to another user.
    case keyNotPrivate(keyPath: String, reason: String)
    /// The key file cannot be opened or read (a symbolic link put in its place, say).
    case keyUnreadable(keyPath: String, reason: String)
    /// The header does not verify with the key file's key.
    case keyMismatch(keyPath: String)
    /// The header names a newer format than this build reads.
    case newerVersion(found: Int, supported: Int)
    /// Line 1 is not a storefront ledger header.
    case notALedger(reason: String)
    /// Line 1 of the file at `ledgerPath` ends in a carriage return after its MAC: its lines
    /// were converted to Windows line ends.
    case windowsLineEnds(ledgerPath: String)
    /// The file at `ledgerPath` begins with a UTF-8 byte-order mark, which an editor added
    /// before the header.
    case byteOrderMark(ledgerPath: String)
    /// The file at `ledgerPath` begins with blank lines (empty, or only spaces) above what reads
    /// as its header: put in by hand, as no line storefront writes is blank.
    case blankLinesAboveHeader(ledgerPath: String)
    /// Line `line` (of the file at `ledgerPath`, when a file) has carriage returns, spaces or
    /// tabs after its MAC field, which an editor added; the line is otherwise as written.
    /// `otherBytes`: how many bytes were added when they are not only such spaces (a stray
    /// quote or brace typed there), which are not shown, as they may be anything. `lineMAC`,
    /// the line's MAC text, finds the line in the advised edit whatever line it is on by then.
    case bytesAfterMAC(line: Int, ledgerPath: String?, lineMAC: String, otherBytes: Int? = nil)
    /// Line `line` (of the file at `ledgerPath`, when a file) begins with spaces or tabs, an
    /// editor's indent; the line is otherwise as written. `lineMAC` finds it in the advised edit.
    case indented(line: Int, ledgerPath: String?, lineMAC: String)
    /// Line `line` (of the file at `ledgerPath`, when a file) holds lines run together: the
    /// newline after each whole line of `joins` was deleted, and the next line's `{"seq":`
    /// follows it, at once or after a few bytes put in the newline's place.
    case linesRunTogether(line: Int, ledgerPath: String?, joins: [Join])
    /// Line `line` (of the file at `ledgerPath`, when a file) is empty or holds only spaces:
    /// put in by hand, as no line storefront writes is blank.
    case blankLine(line: Int, ledgerPath: String?)
    /// Line `line` (of the file at `ledgerPath`, when a file) repeats the line before it byte
    /// for byte: pasted twice, as no two lines storefront writes are alike.
    case lineRepeated(line: Int, ledgerPath: String?)
    /// Lines `line` and `line + 1` (of the file at `ledgerPath`, when a file) are in each
    /// other's place: each verifies where the other stands, as an editor's move of a line one
    /// place down leaves them. `laterMAC` is the MAC text of the line now first (the later
    /// event), `earlierMAC` that of the line after it, which finds the pair in the advised edit.
    case linesSwapped(line: Int, ledgerPath: String?, laterMAC: String, earlierMAC: String)
    /// The last line of the file at `ledgerPath` is whole, and the one the commit mark records,
    /// but its newline is missing: taken away by an editor, not cut short by a crash.
    case newlineMissing(line: Int, ledgerPath: String)
    /// The ledger ends before the last line its commit mark records: lines were cut from the end.
    case committedLinesMissing(line: Int, committed: Int, lockPath: String)
    /// The line holding the sequence number the commit mark records is not the one committed.
    case commitMarkMismatch(line: Int, sequence: Int, lockPath: String)
    /// The lock file holds something other than a valid commit mark. `notOwnFile` says what
    /// stands at its path when that is no file of the ledger's own (a symbolic link, another
    /// name of a file): emptying it, the remedy for a damaged mark, would empty another file.
    case commitMarkDamaged(lockPath: String, reason: String, notOwnFile: String? = nil)
    /// The line is longer than any line storefront writes; nothing after it is read.
    case lineTooLong(line: Int, limit: Int)
    /// `problem`, a problem of the key file, came while the ledger was open: the lines before
    /// `firstUnverifiedLine` were verified with the key as it was and stay read; from that
    /// line on nothing is verified or folded until the key file is mended. Worded as `problem`.
    indirect case keyChangedWhileOpen(LedgerProblem, firstUnverifiedLine: Int)
    /// A database's line verifies, but the named columns kept beside it for the unique keys
    /// (kind, app, ids) say otherwise: changed by hand. Nothing reads them back, so the events
    /// stay trusted; only `verify` looks.
    case columnsDisagree(line: Int, columns: [String])
    /// A database holds event rows, from `firstRowSequence` on, but no header row: it was
    /// deleted by hand, and without it no row can be verified.
    case headerMissing(firstRowSequence: Int)

    /// Why the file is no ledger at all, for that problem; nil for any other.
    public var notALedgerReason: String? {
        if case .notALedger(let reason) = self { reason } else { nil }
    }

    /// The 1-based file line the problem was found on, when it concerns one line.
    public var line: Int? {
        switch self {
        case .tampered(let line), .malformed(let line, _), .sequenceGap(let line, _, _),
            .committedLinesMissing(let line, _, _), .commitMarkMismatch(let line, _, _), .lineTooLong(let line, _),
            .columnsDisagree(let line, _), .bytesAfterMAC(let line, _, _, _), .indented(let line, _, _), .newlineMissing(let line, _),
            .linesRunTogether(let line, _, _), .blankLine(let line, _), .lineRepeated(let line, _),
            .linesSwapped(let line, _, _, _):
            line
        case .keyMismatch, .newerVersion, .notALedger, .windowsLineEnds, .byteOrderMark, .blankLinesAboveHeader, .headerMissing: 1
        case .keyMissing, .keyUnderFormerName, .keyUnderOtherHost, .keyInvalid, .keyNotPrivate, .keyUnreadable, .commitMarkDamaged: nil
        case .keyChangedWhileOpen(let problem, _): problem.line
        }
    }

    /// The first line whose event may not be folded because of this problem: the damaged
    /// line itself, everything for a problem that stops any line from being verified, and
    /// nil for a problem that leaves every line as trustworthy as it was (a key others could
    /// read, a damaged commit mark). Values after damage may depend on it (a balance, an
    /// expiry), so the fold stops before the first such line.
    public var firstUntrustedLine: Int? {
        switch self {
        case .tampered(let line), .malformed(let line, _), .sequenceGap(let line, _, _),
            .committedLinesMissing(let line, _, _), .commitMarkMismatch(let line, _, _), .lineTooLong(let line, _),
            .bytesAfterMAC(let line, _, _, _), .indented(let line, _, _), .newlineMissing(let line, _), .linesRunTogether(let line, _, _),
            .blankLine(let line, _), .lineRepeated(let line, _), .linesSwapped(let line, _, _, _):
            line
        case .keyMissing, .keyUnderFormerName, .keyUnderOtherHost, .keyInvalid, .keyUnreadable, .keyMismatch, .newerVersion, .notALedger, .windowsLineEnds,
             .byteOrderMark, .blankLinesAboveHeader, .headerMissing: 1
        case .keyNotPrivate, .commitMarkDamaged, .columnsDisagree: nil
        case .keyChangedWhileOpen(_, let firstUnverifiedLine): firstUnverifiedLine
        }
    }

    /// Whether `problems` leave no event to fold: line 1 is the header and line 2 the first
    /// event, so a problem from either on shows nothing of the store, whose balances would read
    /// as zeros.
    public static func leaveNoEvent(_ problems: [LedgerProblem]) -> Bool {
        problems.compactMap(\.firstUntrustedLine).contains { $0 <= 2 }
    }

    /// Whether events come before this problem that every reader still folds, so a copy of the
    /// events before the damage (`store copy --verified-only`) keeps something. Line 1 is the
    /// header and line 2 the first event; a gap says how many came before it.
    public var leavesEventsBefore: Bool {
        switch self {
        case .sequenceGap(_, let expected, _): expected > 1
        default: (firstUntrustedLine ?? 0) > 2
        }
    }

    /// Whether `storefront repair` can fix it: not a problem of the key file (mending the file
    /// is the fix), and not a problem that leaves no line to keep (the header).
    public var isRepairable: Bool {
        // `repair` takes the writer lock, which refuses a lock file that is not the ledger's own.
        if isAboutLockFileNotOwn { return false }
        // Cutting the file back at such a line would move sound lines aside: removing what was
        // added is the mend.
        if case .bytesAfterMAC = self { return false }
        if case .indented = self { return false }
        if case .newlineMissing = self { return false }
        if case .linesRunTogether = self { return false }
        if case .blankLine = self { return false }
        if case .lineRepeated = self { return false }
        if case .linesSwapped = self { return false }
        return !isAboutKeyFile && firstUntrustedLine != 1
    }

    /// Whether the problem is that the lock file's path holds no file of the ledger's own (a
    /// link, another user's file), which removing it mends.
    var isAboutLockFileNotOwn: Bool {
        if case .commitMarkDamaged(_, _, .some) = self { return true }
        return false
    }

    /// Whether the key file, rather than the ledger's lines, is what is wrong (or what may be:
    /// line 1 edited also makes a key mismatch).
    var isAboutKeyFile: Bool {
        switch self {
        case .keyMissing, .keyUnderFormerName, .keyUnderOtherHost, .keyInvalid, .keyNotPrivate, .keyUnreadable, .keyMismatch, .keyChangedWhileOpen: true
        default: false
        }
    }

    /// Whether what stands at a lock file's path (`notOwnFile`) is to be moved away rather than
    /// removed: removing the name would fail (a directory) or lose what was written there
    /// (notes); a special file is moved as a writer's refusal advises, so both say one command.
    /// A link is removed: that leaves the file it names alone.
    private static func isMovedAway(_ notOwnFile: String) -> Bool {
        notOwnFile == holdsNoCommitMark
            || [FileKind.directory, .namedPipe, .socket, .characterDevice, .blockDevice, .unknown].contains { $0.description == notOwnFile }
    }

    /// The reason given for a header whose line ends in a carriage return after its MAC.
    static let carriageReturnAfterMAC = "its MAC is followed by a carriage return"

    private static let startOver = "restore it from a backup, or " + moveAside

    /// Moving a ledger aside takes the files named after it too: a new ledger beside the old
    /// one's certificate authority would refuse it as another store's.
    private static let moveAside = "move the ledger and the files named after it (<ledger>.*) aside to start a new one"

    /// The sed command that deletes every blank line: none holds anything, and run again it finds none.
    static let sedDeletingBlankLines = "/^[[:space:]]*$/d"

    /// A sed command that removes what `trailing` (a regular expression) matches after the
    /// end of the line whose MAC text is `lineMAC`, where it ends the line.
    static func sedEndingLine(after lineMAC: String, with trailing: String) -> String {
        #"s/\("# + lineMAC + #""}\)"# + trailing + #"$/\1/"#
    }

    /// A sed command that swaps the line whose MAC text is `first` with the line after it,
    /// when that one's MAC text is `second`. Neither is anchored at the line's end, so bytes an
    /// editor added after either MAC do not stop it, whichever edit runs first; a MAC field's
    /// text is found in no other line.
    static func sedSwapping(first: String, second: String) -> String {
        #"/"# + first + #""}/{N;/\n.*"# + second + #""}/s/^\(.*\)\n\(.*\)$/\2\n\1/;}"#
    }

    /// Where two lines were run together: the first line's MAC text, and how many bytes were
    /// put between it and the next line in the newline's place (an editor's join puts a space).
    public struct Join: Sendable, Hashable {
        public var lineMAC: String
        public var addedBytes: Int

        public init(lineMAC: String, addedBytes: Int = 0) {
            self.lineMAC = lineMAC
            self.addedBytes = addedBytes
        }

        /// A sed command that puts the newline back after the line, taking out what was put
        /// in its place (C: one byte per `.`).
        var sed: String {
            addedBytes == 0 ? #"s/\("# + lineMAC + #""}\){/\1\n{/"#
                : #"s/\("# + lineMAC + #""}\).\{"# + String(addedBytes) + #"\}{"seq":/\1\n{"seq":/"#
        }
    }

    /// Words for the bytes found in the newlines' place, with a join: ", and 1 byte put in its place".
    private static func putInPlace(_ joins: [Join]) -> String {
        let added = joins.map(\.addedBytes).reduce(0, +)
        guard added > 0 else { return "" }
        return ", and \(added) byte\(added == 1 ? "" : "s") put in \(joins.count == 1 ? "its" : "their") place"
    }

    public var description: String {
        switch self {
        case .tampered(let line):
            "line \(line) does not match its MAC: it was edited, or lines around it were deleted, "
                + "duplicated or reordered"
        case .malformed(let line, let reason):
            "line \(line) is malformed: \(reason)"
        case .sequenceGap(let line, let expected, let found):
            "line \(line) has sequence number \(found) where \(expected) was expected: "
                + "a line was deleted, duplicated or reordered"
        case .keyMissing(let keyPath):
            "the key file \(keyPath) is missing, so no line can be verified; \(Self.startOver)"
        case .keyUnderFormerName(let keyPath, let formerKeyPath):
            "the key file \(keyPath) is missing, but \(formerKeyPath) is there, so no line can be verified"
        case .keyUnderOtherHost(let keyPath, let otherKeyPath):
            "the key file \(keyPath) is missing, but \(otherKeyPath), of another spelling of the host, is there, so no line can be verified"
        case .keyInvalid(let keyPath, let reason):
            "the key file \(keyPath) does not hold a key (\(reason)), so no line can be verified; "
                + Self.startOver
        case .keyUnreadable(let keyPath, let reason):
            "the key file \(keyPath) cannot be read, so no line can be verified: \(reason)"
        case .keyNotPrivate(let keyPath, let reason):
            "the key file \(keyPath) is not private: \(reason). Whoever can read it can forge entries, so nothing "
                + "is written until it is private"
        case .keyMismatch(let keyPath):
            "line 1 does not verify with the key in \(keyPath): the key belongs to another ledger "
                + "or line 1 was edited, so no line can be verified; restore the matching key file, "
                + "or " + Self.moveAside
        case .newerVersion(let found, let supported):
            "written by a newer storefront (format \(found)); this build reads format \(supported): "
                + "upgrade storefront"
        case .windowsLineEnds(let ledgerPath):
            "line 1 is not a storefront ledger header as written (\(Self.carriageReturnAfterMAC)): the ledger's lines were "
                + "converted to Windows line ends, CR LF, by an editor or git's autocrlf; convert them back "
                + "(`sed -i 's/\\r$//' \(ShellWord.quoted(ledgerPath))`) and verify again"
        // Each edit finds its line by the MAC text, unique to it, not by number: another edit
        // that splits a line before it changes its number, and run again, an edit does nothing.
        // sed's `1s/^…//` takes the mark away once: run again, the line no longer begins with it.
        case .byteOrderMark(let ledgerPath):
            "line 1 begins with a byte-order mark (the bytes EF BB BF), which an editor put before the header; remove it "
                + "(`sed -i '1s/^\\xEF\\xBB\\xBF//' \(ShellWord.quoted(ledgerPath))`) and verify again"
        case .bytesAfterMAC(let line, let ledgerPath, let lineMAC, nil):
            "line \(line) has a carriage return or spaces after its MAC field, added by an editor; remove them ("
                + "`sed -i '\(Self.sedEndingLine(after: lineMAC, with: "[[:space:]]*"))' \(ShellWord.quoted(ledgerPath ?? "LEDGER"))`) "
                + "and verify again: the line is otherwise checked as written; not `storefront repair`, which would move it and "
                + "every line after it aside"
        // The bytes are cut by count, not by what they are, which may be anything (C: one byte per `.`).
        case .bytesAfterMAC(let line, let ledgerPath, let lineMAC, let count?):
            "line \(line) has \(count) byte\(count == 1 ? "" : "s") after the end of its MAC field, added by hand; remove them ("
                + "`LC_ALL=C sed -i '\(Self.sedEndingLine(after: lineMAC, with: ".\\{\(count)\\}"))' "
                + "\(ShellWord.quoted(ledgerPath ?? "LEDGER"))`) and verify again: the line is otherwise checked as written; not "
                + "`storefront repair`, which would move it and every line after it aside"
        case .indented(let line, let ledgerPath, let lineMAC):
            "line \(line) begins with spaces or tabs, an editor's indent; remove them (`sed -i '/\(lineMAC)\"}/s/^[[:blank:]]*//' "
                + "\(ShellWord.quoted(ledgerPath ?? "LEDGER"))`) and verify again: the line is otherwise checked as written; not "
                + "`storefront repair`, which would move it and every line after it aside"
        case .linesRunTogether(let line, let ledgerPath, let joins):
            "line \(line) holds \(joins.count + 1) lines run together: the newline after "
                + (joins.count == 1 ? "the first was deleted" : "each but the last was deleted")
                + " (an editor's join does this)" + Self.putInPlace(joins) + "; put \(joins.count == 1 ? "it" : "them") back ("
                + "`LC_ALL=C sed -i '\(joins.map(\.sed).joined(separator: ";"))' "
                + "\(ShellWord.quoted(ledgerPath ?? "LEDGER"))`) and verify again; not `storefront repair`, which would move "
                + "these lines and every line after them aside"
        // Every blank line goes at once: none holds anything, and run again the sed finds none.
        // The classic sed that keeps one of each run of equal lines: run again, it finds none.
        case .lineRepeated(let line, let ledgerPath):
            "line \(line) repeats the line before it byte for byte (pasted twice); delete the copy and any other line that "
                + "repeats the one before it (`sed -i '$!N; /^\\(.*\\)\\n\\1$/!P; D' \(ShellWord.quoted(ledgerPath ?? "LEDGER"))`) "
                + "and verify again; not `storefront repair`, which would move it and every line after it aside"
        // The pair is found by the first line's MAC and swapped only when the next line is the
        // other: run again, the first is followed by another line and stays where it is.
        case .linesSwapped(let line, let ledgerPath, let laterMAC, let earlierMAC):
            "lines \(line) and \(line + 1) are in each other's place (each verifies where the other stands, as moving a line "
                + "one place down leaves them); swap them back (`LC_ALL=C sed -i '\(Self.sedSwapping(first: laterMAC, second: earlierMAC))' "
                + "\(ShellWord.quoted(ledgerPath ?? "LEDGER"))`) and verify again"
                // The header has no line before it to keep, so `repair` is not offered for it.
                + (line == 1 ? "" : "; not `storefront repair`, which would move both lines and every line after them aside")
        case .blankLine(let line, let ledgerPath):
            "line \(line) is blank, put in by hand (no line storefront writes is); delete it and any other blank line "
                + "(`sed -i '\(Self.sedDeletingBlankLines)' \(ShellWord.quoted(ledgerPath ?? "LEDGER"))`) and verify again; not `storefront repair`, "
                + "which would move every line after it aside"
        case .blankLinesAboveHeader(let ledgerPath):
            "line 1 is blank, above what reads as the ledger's header, put in by hand (no line storefront writes is); delete it "
                + "and any other blank line (`sed -i '\(Self.sedDeletingBlankLines)' \(ShellWord.quoted(ledgerPath))`) and verify again"
        case .newlineMissing(let line, let ledgerPath):
            // sed's `$a\` adds a newline only where the last one is missing: run again, it adds none.
            "line \(line), the last, is whole and verifies, but its newline is missing (an editor that drops a file's last "
                + "newline does this); add it back (`sed -i -e '$a\\' \(ShellWord.quoted(ledgerPath))`) and verify again"
        case .notALedger(let reason):
            "line 1 is not a storefront ledger header (\(reason)); check the ledger path"
        case .committedLinesMissing(let line, let committed, let lockPath):
            "line \(line) is missing or incomplete, but \(lockPath) records that the ledger held \(committed) "
                + "event\(committed == 1 ? "" : "s"): lines were cut from the end; restore the ledger from a backup, "
                + "run `storefront repair` to go on from the lines that remain, or, if an older copy was restored "
                + "on purpose, empty \(lockPath) to accept it"
        case .commitMarkMismatch(let line, let sequence, let lockPath):
            "line \(line) is not the line committed with sequence number \(sequence), which \(lockPath) records: "
                + "the ledger was replaced by another copy; restore the right one, or empty \(lockPath) to accept this one"
        // The header has no line before it to keep, so `repair` is not advised for it.
        case .lineTooLong(1, let limit):
            "line 1, the header, is longer than \(limit) bytes, more than any line storefront writes, so no line can be read; "
                + Self.startOver
        case .lineTooLong(let line, let limit):
            "line \(line) is longer than \(limit) bytes, more than any line storefront writes, so it and everything "
                + "after it is left unread; run `storefront repair` to keep the lines before it"
        case .commitMarkDamaged(let lockPath, _, let notOwnFile?) where Self.isMovedAway(notOwnFile):
            "the commit mark's file \(lockPath) is \(notOwnFile), so the mark is not read from it and nothing is written to it: "
                + "move it away (`\(MoveAside.command(for: lockPath))`; the next change writes the mark again) and verify again"
        case .commitMarkDamaged(let lockPath, _, let notOwnFile?):
            "the commit mark's file \(lockPath) is \(notOwnFile), not a file of the ledger's own, so the mark is not read from "
                + "it and nothing is written to it: remove that name (`rm \(ShellWord.quoted(lockPath))` leaves any other file "
                + "alone, and the next change writes the mark again) and verify again"
        case .commitMarkDamaged(let lockPath, let reason, nil):
            "the commit mark in \(lockPath) is damaged (\(reason)); if nobody edited the ledger, empty \(lockPath) "
                + "and verify again"
        case .columnsDisagree(let line, let columns):
            "line \(line) disagrees with the columns stored beside it (\(columns.joined(separator: ", "))): they were changed by hand"
        case .headerMissing(let firstRowSequence):
            "line 1, the header, is missing while lines from sequence number \(firstRowSequence) on follow, so no line can be "
                + "verified; \(Self.startOver)"
        case .keyChangedWhileOpen(let problem, _):
            // The words a reader opening the ledger now gives; what stays read is told where
            // a listing is scoped by `firstUntrustedLine`.
            problem.description
        }
    }
}
