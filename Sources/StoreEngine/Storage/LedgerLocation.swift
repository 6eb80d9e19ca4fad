import Foundation

/// Where the entitlements file lives when no path is given.
public enum LedgerLocation {
    /// An explicit path, else `$STOREFRONT_ENTITLEMENTS`, else
    /// `$XDG_DATA_HOME/storefront/entitlements.jsonl`, else `~/.local/share/storefront/entitlements.jsonl`.
    public static func path(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return absolute(explicit, environment: environment) }
        if let path = environment["STOREFRONT_ENTITLEMENTS"], !path.isEmpty { return absolute(path, environment: environment) }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = home + "/.local/share"
        }
        return dataHome + "/storefront/entitlements.jsonl"
    }

    private static func absolute(_ path: String, environment: [String: String]) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") {
            let home = environment["HOME"] ?? NSHomeDirectory()
            return home + path.dropFirst()
        }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
