/// Where the files of a store on PostgreSQL live on this machine: its MAC key, and beside it the
/// signing files a ledger keeps beside itself (certificate authority, in-app purchase keys).
///
/// The key must stay outside the database, or whoever can change a row could also re-sign it.
/// It is found at `$STOREFRONT_STORE_KEY` when set, else under the XDG config folder, named for
/// the store's host, port and database, so every store a machine uses has its own.
public enum PostgresStoreFiles {
    /// Why no key path could be worked out.
    public struct NoConfigFolder: Error, Sendable, CustomStringConvertible {
        public var description: String {
            "there is nowhere to keep the store's key: neither XDG_CONFIG_HOME (an absolute path) nor HOME is set. "
                + "Set one of them, or STOREFRONT_STORE_KEY to the key file's path"
        }
    }

    /// The path the store's files share as a prefix: the key is `<base>.key`, the certificate
    /// authority `<base>.authority.pem` (as `LedgerFamily` names them for a ledger).
    public static func basePath(for address: PostgresAddress, environment: [String: String]) throws(NoConfigFolder) -> String {
        if let key = environment["STOREFRONT_STORE_KEY"], !key.isEmpty {
            return key.hasSuffix(".key") ? String(key.dropLast(4)) : key
        }
        let folder: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            folder = xdg + "/storefront/stores"
        } else if let home = environment["HOME"], !home.isEmpty {
            folder = home + "/.config/storefront/stores"
        } else {
            throw NoConfigFolder()
        }
        return folder + "/" + address.storeName
    }

    /// The MAC key's path for the store at `address`.
    public static func keyPath(for address: PostgresAddress, environment: [String: String]) throws(NoConfigFolder) -> String {
        if let key = environment["STOREFRONT_STORE_KEY"], !key.isEmpty { return key }
        return try basePath(for: address, environment: environment) + ".key"
    }
}
