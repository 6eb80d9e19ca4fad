import Foundation

/// Where the entitlements file lives when no path is given.
public enum LedgerLocation {
    /// Why no entitlements path could be worked out.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Neither `XDG_DATA_HOME` (absolute) nor `HOME` is set, and no path was given.
        case noDataDirectory
        /// A path starting with `~/` was given while `HOME` is not set.
        case homeUnknown(path: String)
        /// `STOREFRONT_ENTITLEMENTS` is set to nothing, which would otherwise quietly mean the default file.
        case emptyVariable

        public var description: String {
            switch self {
            case .noDataDirectory:
                "there is nowhere to keep the entitlements file: XDG_DATA_HOME is not set to an absolute path (a relative "
                    + "one is ignored) and HOME is not set. Set one of them, or STOREFRONT_ENTITLEMENTS, or give --entitlements FILE"
            case .homeUnknown(let path):
                "\(path) starts with ~/, but HOME is not set; set HOME or give an absolute path"
            case .emptyVariable:
                "STOREFRONT_ENTITLEMENTS is set but empty; unset it (the default file is then used) or give it the "
                    + "entitlements file's path"
            }
        }
    }

    /// An explicit path, else `$STOREFRONT_ENTITLEMENTS`, else
    /// `$XDG_DATA_HOME/storefront/entitlements.jsonl`, else
    /// `$HOME/.local/share/storefront/entitlements.jsonl` (the XDG base directory rules).
    ///
    /// Never falls back to a folder the environment does not name: with neither variable set
    /// (a service, `env -i`), a guess could put the store in a system or shared folder.
    public static func path(explicit: String?, environment: [String: String]) throws(Failure) -> String {
        if let explicit, !explicit.isEmpty { return try absolute(explicit, environment: environment) }
        if let path = environment["STOREFRONT_ENTITLEMENTS"] {
            guard !path.isEmpty else { throw .emptyVariable }
            return try absolute(path, environment: environment)
        }
        // The XDG rules ignore a relative XDG_DATA_HOME.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/storefront/entitlements.jsonl"
        }
        guard let home = environment["HOME"], !home.isEmpty else { throw .noDataDirectory }
        return home + "/.local/share/storefront/entitlements.jsonl"
    }

    private static func absolute(_ path: String, environment: [String: String]) throws(Failure) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") {
            guard let home = environment["HOME"], !home.isEmpty else { throw .homeUnknown(path: path) }
            return home + path.dropFirst()
        }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
