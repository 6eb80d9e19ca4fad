import Foundation

/// Why a catalog path gave no bytes, in words that say what to do: reading a directory fails
/// like reading a file without permission, and the two need different fixes.
enum UnreadableCatalogFile {
    /// What is wrong with `path`, after "the catalog file" or a quoted import; `missing` is
    /// what to say when nothing is there.
    /// Why `path` is no file to read a catalog from although something is there: a device,
    /// pipe or socket, which reading would never finish or would give no catalog, or a file
    /// larger than `maximumBytes`, which reading whole would take the memory of the machine
    /// (a 2.5 GB file took 5 GB to be told its first byte was wrong); nil for an ordinary file
    /// or a folder (whose reason `reason` gives), following symbolic links.
    static func notOrdinary(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFREG, status.st_size > maximumBytes {
            return "is \(Int(status.st_size) / 1_048_576) MB, more than the largest catalog read (\(maximumBytes / 1_048_576) MB; "
                + "200,000 products take about 35 MB): check that this is the catalog"
        }
        guard kind != S_IFREG, kind != S_IFDIR else { return nil }
        return "is not an ordinary file (a device, pipe or socket); give the path of a catalog file (.json or .storekit)"
    }

    /// The largest catalog file read.
    static let maximumBytes = 256 * 1_048_576

    static func reason(_ path: String, missing: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return missing }
        return isDirectory.boolValue ? "is a directory; give the path of a catalog file (.json or .storekit), not of its folder"
                                     : "cannot be read (check its permissions)"
    }
}
