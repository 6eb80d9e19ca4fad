import Foundation
import StoreLedger

/// Where the files of a store on PostgreSQL live on this machine: its MAC key, and beside it the
/// signing files a ledger keeps beside itself (certificate authority, in-app purchase keys).
///
/// The key must stay outside the database, or whoever can change a row could also re-sign it.
/// It is found at `$STOREFRONT_STORE_KEY` when set, else under the XDG config folder, named for
/// the store's host, port and database, so every store a machine uses has its own.
public enum PostgresStoreFiles {
    /// Why no key path could be worked out.
    public enum KeyPathProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Neither `XDG_CONFIG_HOME` (absolute) nor `HOME` is set.
        case noConfigFolder
        /// `STOREFRONT_STORE_KEY` is set to nothing, which would otherwise quietly mean another key.
        case emptyVariable
        /// `STOREFRONT_STORE_KEY` names a directory.
        case keyIsDirectory(path: String)
        /// The key's place under the config folder is taken by a directory.
        case keyPlaceIsDirectory(path: String)

        /// Where keys are kept without the variable, as the README says it.
        private static let defaultKeyFolder = "$XDG_CONFIG_HOME/storefront/stores, else ~/.config/storefront/stores"

        public var description: String {
            switch self {
            case .noConfigFolder:
                "there is nowhere to keep the store's key: XDG_CONFIG_HOME is not set to an absolute path (a relative one is ignored) and HOME is not set. "
                    + "Set one of them, or STOREFRONT_STORE_KEY to the key file's path"
            case .emptyVariable:
                "STOREFRONT_STORE_KEY is set but empty (or only blanks); unset it (the key is then looked for under "
                    + "\(Self.defaultKeyFolder)) or give it the path of the store's key file"
            case .keyIsDirectory(let path):
                "STOREFRONT_STORE_KEY names the directory \(path), not a key file; give it the path of the store's key "
                    + "file (for example \(FilePath.child("team.key", of: path))), or unset it to use the key under \(Self.defaultKeyFolder)"
            case .keyPlaceIsDirectory(let path):
                "the store's key file belongs at \(path), but a directory is there; move the directory away and copy the "
                    + "store's key file there from a machine that has it (or set STOREFRONT_STORE_KEY to where it is)"
            }
        }
    }

    /// The path the store's files share as a prefix: the key is `<base>.key`, the certificate
    /// authority `<base>.authority.pem` (as `LedgerFamily` names them for a ledger).
    public static func basePath(for address: PostgresAddress, environment: [String: String]) throws(KeyPathProblem) -> String {
        if let key = try keyFromEnvironment(environment) {
            return key.hasSuffix(".key") ? String(key.dropLast(4)) : key
        }
        let folder: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            folder = xdg + "/storefront/stores"
        } else if let home = environment["HOME"], !home.isEmpty {
            folder = home + "/.config/storefront/stores"
        } else {
            throw .noConfigFolder
        }
        return folder + "/" + address.storeName
    }

    /// The MAC key's path for the store at `address`.
    public static func keyPath(for address: PostgresAddress, environment: [String: String]) throws(KeyPathProblem) -> String {
        if let key = try keyFromEnvironment(environment) { return key }
        let path = try basePath(for: address, environment: environment) + ".key"
        if isDirectory(path) { throw .keyPlaceIsDirectory(path: path) }
        return path
    }

    /// Where earlier versions kept the key at `keyPath`, when they named it otherwise: the
    /// name they gave the store (`PostgresAddress.formerStoreName`) in the same folder.
    public static func formerKeyPath(beside keyPath: String, for address: PostgresAddress) -> String? {
        guard let former = address.formerStoreName, (keyPath as NSString).lastPathComponent == address.storeName + ".key" else {
            return nil
        }
        return (keyPath as NSString).deletingLastPathComponent + "/" + former + ".key"
    }

    /// A key file beside `keyPath` named for the same port and database under another
    /// spelling of the host (`127.0.0.1-5432-shop.key` beside `localhost-5432-shop.key`): the
    /// key a machine has when it reached the store by another name. Nil when there is none, or
    /// more than one (which could be any of them).
    public static func otherHostKeyPath(beside keyPath: String, for address: PostgresAddress) -> String? {
        guard let afterHost = address.storeNameAfterHost, (keyPath as NSString).lastPathComponent == address.storeName + ".key" else {
            return nil
        }
        let folder = (keyPath as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let others = names.filter { $0.hasSuffix(afterHost + ".key") && $0 != address.storeName + ".key" && $0.count > afterHost.count + 4 }
        return others.count == 1 ? folder + "/" + others[0] : nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `STOREFRONT_STORE_KEY` when it names a key file (one that need not exist yet).
    private static func keyFromEnvironment(_ environment: [String: String]) throws(KeyPathProblem) -> String? {
        guard let key = environment["STOREFRONT_STORE_KEY"] else { return nil }
        // Blanks name no file anyone meant, as with STOREFRONT_STORE.
        guard !key.allSatisfy(\.isWhitespace) else { throw .emptyVariable }
        if isDirectory(key) { throw .keyIsDirectory(path: key) }
        return key
    }
}
