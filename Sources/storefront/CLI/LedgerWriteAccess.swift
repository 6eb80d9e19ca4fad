import Foundation
import StoreLedger
#if canImport(Glibc)
import Glibc
#endif

/// Whether this process may write the entitlements file, asked before the storefront opens so
/// a store it cannot write opens read-only instead of failing on its first change.
///
/// A commit appends to the ledger, writes its lock file and may create files beside it, so the
/// file, its lock and its folder must all be writable. `access(2)` answers for the real user,
/// which is the one that runs the storefront.
enum LedgerWriteAccess {
    /// Why the ledger at `ledgerPath` cannot be written, or nil when it can.
    static func refusal(ledgerPath: String) -> String? {
        let folder = (ledgerPath as NSString).deletingLastPathComponent
        let candidates = [folder.isEmpty ? "." : folder, ledgerPath, LedgerFamily(ledgerPath: ledgerPath).lockPath]
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            guard access(path, W_OK) != 0 else { continue }
            let code = errno
            let name = code == EROFS ? "EROFS" : code == EACCES ? "EACCES" : code == EPERM ? "EPERM" : "errno \(code)"
            let what = path == candidates[0] ? "its folder \(path)" : path
            return "The entitlements file \(ledgerPath) cannot be written (\(what): \(String(cString: strerror(code))), "
                + "\(name)), so nothing can be bought, spent or changed; renewals and expiries that fell due are shown "
                + "but not recorded. Check the permissions of the file and its folder."
        }
        return nil
    }
}
