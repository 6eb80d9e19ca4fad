import Foundation
import StoreLedger
import StorefrontText
#if canImport(Glibc)
import Glibc
#endif

/// Whether this process may write the entitlements file, asked before the storefront opens so
/// a store it cannot write opens read-only instead of failing on its first change.
///
/// It asks of exactly what a commit writes, so the storefront may write wherever `buy` and
/// `spend` may, and refuses where they would fail. A commit opens the ledger and its lock file
/// for writing and appends to them; it writes the folder only to create one of them. So the
/// folder must be writable only while the ledger or its lock file is missing. Two rarer writes
/// need the folder too and are not asked about: a checkpoint, which is skipped when it cannot be
/// saved (the next start reads the whole file), and the side file a torn last line is moved
/// into, without which the commit fails and the storefront turns read-only on that failure.
/// `access(2)` answers for the real user, which is the one that runs the storefront.
public enum LedgerWriteAccess {
    /// A path a commit writes, and how a refusal names it.
    struct Target: Equatable {
        var path: String
        var shownAs: String
    }

    /// Why the ledger at `ledgerPath` cannot be written, or nil when it can.
    public static func refusal(ledgerPath: String) -> String? {
        refusal(ledgerPath: ledgerPath, exists: { FileManager.default.fileExists(atPath: $0) },
                writeError: { access($0, W_OK) == 0 ? nil : errno },
                foreignOwner: { path in
                    // Root may write any file, yet a commit refuses one of another user's.
                    guard let owner = try? POSIXFileSystem().status(atPath: path).owner else { return nil }
                    return owner == geteuid() ? nil : owner
                })
    }

    /// Why the ledger cannot be written, given which paths exist, the error, if any, writing
    /// each would meet, and the owner of each that belongs to another user.
    static func refusal(ledgerPath: String, exists: (String) -> Bool, writeError: (String) -> Int32?,
                        foreignOwner: (String) -> UInt32? = { _ in nil }) -> String? {
        for target in targets(ledgerPath: ledgerPath, exists: exists) {
            // A commit refuses a file of another user whatever its permissions let it do.
            if target.shownAs == target.path, let owner = foreignOwner(target.path) {
                return LedgerError.notYours(path: target.path, owner: owner).description
            }
            guard let code = writeError(target.path) else { continue }
            // For the folder, the ledger's path: the advice then looks at the file and its folder both.
            let refused = target.shownAs == target.path ? target.path : ledgerPath
            return CommandLineText.Files.notWritable(ledgerPath, what: target.shownAs, refused: refused, code: code)
        }
        return nil
    }

    /// What a commit writes: the ledger and its lock file where they exist, and their folder
    /// when one of them must be created in it. A folder that does not exist yet is made by the
    /// commit and not asked about.
    static func targets(ledgerPath: String, exists: (String) -> Bool) -> [Target] {
        let parent = (ledgerPath as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        var targets: [Target] = []
        var missing: [String] = []
        for path in [ledgerPath, LedgerFamily(ledgerPath: ledgerPath).lockPath] {
            if exists(path) { targets.append(Target(path: path, shownAs: path)) } else { missing.append(path) }
        }
        if !missing.isEmpty, exists(folder) {
            targets.append(Target(path: folder, shownAs: CommandLineText.Files.itsFolder(folder, toCreate: missing)))
        }
        return targets
    }
}
