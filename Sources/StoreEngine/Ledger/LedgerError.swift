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
    case notAFile(path: String, isDirectory: Bool)
    /// The file (perhaps reached through a symbolic link) belongs to another user.
    case notYours(path: String, owner: UInt32)

    /// How many problems a refusal message lists before pointing to the full report.
    private static let listedProblemLimit = 5

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
        case .notAFile(let path, true):
            "\(path) is a directory, not an entitlements file; give the path of a file, "
                + "for example \(path)/entitlements.jsonl"
        case .notAFile(let path, false):
            "\(path) is not an ordinary file (a device, pipe or socket), so nothing written to it would be kept; "
                + "give the path of an ordinary file"
        case .notYours(let path, let owner):
            "\(path) belongs to another user (uid \(owner)), perhaps through a symbolic link; storefront writes "
                + "only files that belong to you: choose another path"
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
