import Foundation
import StoreLedger

/// Identifiers the App Store gives that the ledger has no field for, derived so that they are
/// stable: the same input gives the same identifier in every process and release.
public enum AppStoreIdentifiers {
    /// The App Store's numeric storefront ids by ISO 3166-1 alpha-3 code; a storefront not
    /// listed has no `storefrontId` in signed payloads.
    public static let storefrontIDs: [String: String] = [
        "USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "ITA": "143450",
        "NLD": "143452", "ESP": "143454", "CAN": "143455", "SWE": "143456", "CHE": "143459",
        "AUS": "143460", "JPN": "143462", "CHN": "143465", "KOR": "143466", "IND": "143467",
        "MEX": "143468", "BRA": "143503",
    ]

    /// The app transaction id of `account` for the app `bundleID`: one per account and app, as
    /// on the App Store, the same on every device. Eighteen decimal digits or fewer.
    public static func appTransactionID(bundleID: String, account: String) throws(CryptoError) -> String {
        let digest = try SHA256.digest(Array("app-transaction\n\(bundleID)\n\(account)".utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // Below 10^18 and never zero, so it reads like Apple's ids and fits a signed 64-bit field.
        return String(value % 999_999_999_999_999_999 + 1)
    }
}
