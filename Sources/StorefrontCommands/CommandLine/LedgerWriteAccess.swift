import Foundation
import StoreLedger
import StorefrontText
#if canImport(Glibc)
import Glibc
#endif

/// Whether this process may write the entitlements file, asked before the storefront opens so
/// a store it cannot write opens read-only instead of failing on its first change.
///
/// A commit appends to the ledger, writes its lock file and may create files beside it, so the
/// file, its lock and its folder must all be writable. `access(2)` answers for the real user,
/// which is the one that runs the storefront.
public enum LedgerWriteAccess {
    /// Why the ledger at `ledgerPath` cannot be written, or nil when it can.
    public static func refusal(ledgerPath: String) -> String? {
        let folder = (ledgerPath as NSString).deletingLastPathComponent
        let candidates = [folder.isEmpty ? "." : folder, ledgerPath, LedgerFamily(ledgerPath: ledgerPath).lockPath]
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            guard access(path, W_OK) != 0 else { continue }
            let code = errno
            let isFolder = path == candidates[0]
            let what = isFolder ? CommandLineText.Files.itsFolder(path) : path
            // For the folder, the ledger's path: the advice then looks at the file and its folder both.
            return CommandLineText.Files.notWritable(ledgerPath, what: what, refused: isFolder ? ledgerPath : path, code: code)
        }
        return nil
    }
}
