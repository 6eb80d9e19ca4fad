/// Why a ledger operation failed. Every message names the file and what to do next.
public enum LedgerError: Error, Sendable, CustomStringConvertible {
    /// A file operation failed; nothing was changed by the failed call.
    case fileSystem(FileSystemError)
    /// libcrypto failed while computing or creating a key or MAC.
    case crypto(CryptoError)
    /// The ledger has problems, so nothing is written to it.
    case refusedForWriting(path: String, problems: [LedgerProblem])
    /// Appending failed; the ledger was cut back to its previous length.
    case appendFailed(path: String, cause: FileSystemError)
    /// The system wrote only part of the new lines; the ledger was cut back.
    case shortWrite(path: String, written: Int, expected: Int)
    /// Appending failed and cutting the ledger back to `length` bytes failed too.
    case rollbackFailed(path: String, length: Int, cause: String, rollback: FileSystemError)
    /// An event cannot be stored as one ledger line.
    case eventNotStorable(reason: String)
    /// A torn last line could not be moved aside; the ledger is unchanged.
    case tornTailNotMoved(path: String, cause: FileSystemError)
    /// There is no ledger file to verify.
    case ledgerMissing(path: String)
    /// The path names a directory, device or pipe rather than an ordinary file.
    /// `found`: what the path names, when it was looked at.
    case notAFile(path: String, isDirectory: Bool, found: FileKind? = nil)
    /// The file holds data its size does not count (files under /proc and /sys), so what is
    /// read of it cannot be told from what was appended.
    case sizeNotKept(path: String)
    /// A new ledger's name leaves too few bytes for the names of the files kept beside it
    /// (`<name>.authority.pem.new-…`), which the file system would refuse halfway through.
    case nameTooLong(path: String, bytes: Int, longest: Int)
    /// The file belongs to another user.
    case notYours(path: String, owner: UInt32)
    /// The file has more than one name (hard links), so writing it would change a file elsewhere.
    case hasOtherNames(path: String, count: Int)
    /// `repair` cannot help: no line can be kept, or the fault is outside the ledger.
    case notRepairable(path: String, problem: LedgerProblem)
    /// The lock file kept being removed or replaced while this writer waited for it.
    case lockFileUnstable(lockPath: String, attempts: Int)
    /// The change was dropped while it still waited for the writer lock (`ChangeTicket`):
    /// nothing of it was written.
    case changeAbandoned
    /// A commit that does not wait (`LedgerFile.commit(givingUpAfter:)`) found another process
    /// holding the writer lock for longer than it would wait; nothing was read or written.
    case writerLockHeld(lockPath: String, waitedMilliseconds: Int)

    /// How many problems a refusal message lists before pointing to the full report.
    private static let listedProblemLimit = 5

    /// Whether `path` names a file storefront keeps beside a ledger (its lock or key file),
    /// whose place something else took, rather than a path given for the ledger.
    private static func isKeptBesideALedger(_ path: String) -> Bool {
        path.hasSuffix(LedgerFamily.lockSuffix) || path.hasSuffix(LedgerFamily.keySuffix)
    }

    public var description: String {
        switch self {
        case .fileSystem(let error):
            "\(error)"
        case .crypto(let error):
            "\(error)"
        case .refusedForWriting(let path, let problems):
            refusal(path: path, problems: problems)
        case .appendFailed(let path, let cause):
            "could not append to \(path): \(cause). Nothing was written; the ledger is unchanged"
        case .shortWrite(let path, let written, let expected):
            "could not append to \(path): only \(written) of \(expected) bytes were written "
                + "(is the disk full?). Nothing was written; the ledger is unchanged"
        case .rollbackFailed(let path, let length, let cause, let rollback):
            "could not append to \(path) (\(cause)), and cutting it back to \(length) bytes failed "
                + "as well (\(rollback)). The file may end with a partial line, which the next write "
                + "moves aside into a .torn file; check the disk before continuing"
        case .eventNotStorable(let reason):
            "an event cannot be stored in the ledger: \(reason)"
        case .tornTailNotMoved(let path, let cause):
            "the last line of \(path) is incomplete and could not be moved aside (\(cause)); "
                + "the ledger is unchanged and nothing was written"
        case .ledgerMissing(let path):
            "there is no ledger at \(path); check the path"
        case .notAFile(let path, true, _):
            "\(path) is a directory, not an entitlements file; give the path of a file, "
                + "for example \(FilePath.child("entitlements.jsonl", of: path))"
        case .notAFile(let path, false, let found):
            (found.flatMap { $0 == .unknown ? nil : "\(path) is \($0), not an ordinary file" }
                ?? "\(path) is not an ordinary file (a symbolic link, device, pipe or socket)")
                + "; storefront reads and writes only ordinary files: "
                + (Self.isKeptBesideALedger(path)
                    // Such a file took the place of one storefront keeps beside the ledger.
                    ? "move it away (`\(MoveAside.command(for: path))`) and run the command again"
                    // A device such as /dev/null given as a path must never be told to be moved away.
                    : found == .symbolicLink ? "give the path it points to"
                    : "give the path of an entitlements file" + (found == nil ? " (for a symbolic link, the path it points to)" : ""))
        case .nameTooLong(let path, let bytes, let longest):
            "the name of \(path) is \(bytes) bytes long, too long for the files kept beside it, whose names add up to "
                + "\(LedgerFamily.longestSiblingSuffixBytes) bytes to it (a file name may have \(LedgerFamily.fileNameLimit)): "
                + "give the entitlements file a name of at most \(longest) bytes. Nothing was written"
        case .sizeNotKept(let path):
            "\(path) is not an ordinary file: it holds data its size does not count, as files under /proc and /sys do; "
                + "storefront reads and writes only ordinary files: give the path of an entitlements file"
        case .notYours(let path, let owner) where path.hasSuffix(LedgerFamily.lockSuffix):
            // The lock file's content is only the commit mark, which the next change writes again.
            "\(path) belongs to another user (uid \(owner)); storefront writes only files that belong to you, and this one "
                + "holds only the commit mark, which the next change writes again: remove it (`rm \(ShellWord.quoted(path))`) "
                + "and run the command again"
        case .notYours(let path, let owner):
            "\(path) belongs to another user (uid \(owner)); storefront writes only files that belong to you: "
                + (SecretFileRules.runAsOwnerAdvice(owner: owner, store: "--entitlements \(ShellWord.quoted(path))",
                                                    others: "its .key and .lock files").map {
                    $0 + "; if those are yours, take the ledger over with `\(ShellWord.copyInPlace(path, through: ".mine"))`"
                } ?? "choose another path")
        case .hasOtherNames(let path, let count) where path.hasSuffix(LedgerFamily.lockSuffix):
            // The lock file's content is only the commit mark, which the next change writes again.
            "\(path) has \(count) names (hard links), so writing it would also change a file elsewhere; storefront "
                + "writes only files with one name, and this one holds only the commit mark, which the next change writes "
                + "again: remove this name (`rm \(ShellWord.quoted(path))` leaves the file's other names alone) and run the command again"
        case .hasOtherNames(let path, let count):
            "\(path) has \(count) names (hard links), so writing it would also change a file elsewhere; storefront "
                + "writes only files with one name: give it one with `\(ShellWord.copyInPlace(path, through: ".copy"))`"
        case .notRepairable(let path, let problem):
            "\(path) cannot be repaired by cutting it back: \(problem). Nothing was changed"
        case .lockFileUnstable(let lockPath, let attempts):
            "\(lockPath) was removed or replaced each of the \(attempts) times this writer locked it, so writers "
                + "could not be kept apart; nothing was written. Stop whatever deletes it, then run the command again"
        case .writerLockHeld(let lockPath, let milliseconds):
            "another process has held the writer lock \(lockPath) for over \(milliseconds) ms; nothing was written"
        case .changeAbandoned:
            "the change was cancelled while it waited for the entitlements file's lock; nothing was written"
        }
    }

    private func refusal(path: String, problems: [LedgerProblem]) -> String {
        let listed = problems.prefix(Self.listedProblemLimit).map { "\n  - \($0)" }.joined()
        let more = problems.count > Self.listedProblemLimit
            ? "\n  ... and \(problems.count - Self.listedProblemLimit) more"
            : ""
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "refusing to write to \(path): it has \(count):\(listed)\(more)\n"
            + "Run `storefront verify` for the full report."
    }
}
