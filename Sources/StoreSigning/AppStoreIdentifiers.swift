import Foundation
import StoreLedger

/// Identifiers the App Store gives that the ledger has no field for, derived so that they are
/// stable: the same input gives the same identifier in every process and release.
public enum AppStoreIdentifiers {
    /// The app transaction id of `account` for the app `bundleID`: one per account and app, as
    /// on the App Store, the same on every device. Eighteen decimal digits or fewer.
    public static func appTransactionID(bundleID: String, account: String) throws(CryptoError) -> String {
        let digest = try SHA256.digest(Array("app-transaction\n\(bundleID)\n\(account)".utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // Below 10^18 and never zero, so it reads like Apple's ids and fits a signed 64-bit field.
        return String(value % 999_999_999_999_999_999 + 1)
    }
}
