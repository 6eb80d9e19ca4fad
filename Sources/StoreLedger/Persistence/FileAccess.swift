/// How a file is opened: which of reading and writing are allowed.
public enum FileAccess: Sendable, Hashable {
    case readOnly
    case writeOnly
    case readWrite
}

/// Extra `open` flags the ledger uses.
public struct FileOpenOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Create the file when it does not exist (`O_CREAT`).
    public static let create = FileOpenOptions(rawValue: 1 << 0)
    /// With `.create`, fail with `EEXIST` when the file exists (`O_EXCL`).
    public static let exclusive = FileOpenOptions(rawValue: 1 << 1)
    /// Every write goes to the current end of the file (`O_APPEND`).
    public static let append = FileOpenOptions(rawValue: 1 << 2)
    /// Empty the file on opening (`O_TRUNC`).
    public static let truncate = FileOpenOptions(rawValue: 1 << 3)
    /// Fail unless the path is a directory (`O_DIRECTORY`), for syncing a directory.
    public static let directory = FileOpenOptions(rawValue: 1 << 4)
}
