import Foundation

/// Why a catalog path gave no bytes, in words that say what to do: reading a directory fails
/// like reading a file without permission, and the two need different fixes.
enum UnreadableCatalogFile {
    /// What is wrong with `path`, after "the catalog file" or a quoted import; `missing` is
    /// what to say when nothing is there.
    static func reason(_ path: String, missing: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return missing }
        return isDirectory.boolValue ? "is a directory; give the path of a catalog file (.json or .storekit), not of its folder"
                                     : "cannot be read (check its permissions)"
    }
}
