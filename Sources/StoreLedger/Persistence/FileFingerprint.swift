/// What tells one state of a file from another without reading it: the identity, size and
/// change times that `lstat` reports for the path itself.
///
/// A process that runs for long keeps the fingerprint of a file it loaded (a key, a
/// certificate authority) and compares it before relying on what it loaded: one `lstat`, and
/// the file is read again only once it changed. Removing, replacing, rewriting, `chmod`,
/// `chown` and a new hard link all move at least one of these (the last three the inode's
/// change time, which nobody can set back), and a symbolic link put in the file's place is a
/// file of its own.
public struct FileFingerprint: Sendable, Hashable {
    public var identity: FileIdentity
    public var size: Int
    public var changeTimes: FileChangeTimes

    public init(_ status: FileStatus) {
        identity = status.identity
        size = status.size
        changeTimes = status.changeTimes
    }

    /// The fingerprint of what is at `path` now; nil when nothing can be seen there (no file,
    /// or a folder on the way that cannot be searched).
    public static func of(_ path: String, in fileSystem: any FileSystem) -> FileFingerprint? {
        guard let status = try? fileSystem.status(atPath: path) else { return nil }
        return FileFingerprint(status)
    }
}
