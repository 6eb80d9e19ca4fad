/// What `stat` reports about a file, reduced to what the ledger needs.
public struct FileStatus: Sendable, Hashable {
    /// Length in bytes.
    public var size: Int
    /// The file's identity: device and inode numbers. A replaced file gets a new identity.
    public var identity: FileIdentity
    /// Permission bits (`st_mode & 0o7777`).
    public var permissions: UInt32
    /// Whether the path names a directory.
    public var isDirectory: Bool
    /// Whether the path names an ordinary file (not a directory, device, pipe or socket).
    public var isRegularFile: Bool
    /// The owner's user id (`st_uid`).
    public var owner: UInt32
    /// Whether the path names a symbolic link (only `status(atPath:)` can see one).
    public var isSymbolicLink: Bool
    /// How many names the file has (`st_nlink`); more than one means a hard link elsewhere.
    public var linkCount: Int
    /// When the file's bytes and its attributes last changed.
    public var changeTimes: FileChangeTimes
    /// What kind of file it is; given by the system's `stat`, else told from the flags above.
    public var kind: FileKind

    public init(
        size: Int, identity: FileIdentity, permissions: UInt32, isDirectory: Bool, isRegularFile: Bool, owner: UInt32,
        isSymbolicLink: Bool = false, linkCount: Int = 1, changeTimes: FileChangeTimes = FileChangeTimes(), kind: FileKind? = nil
    ) {
        self.kind = kind ?? (isRegularFile ? .regular : isDirectory ? .directory : isSymbolicLink ? .symbolicLink : .unknown)
        self.isSymbolicLink = isSymbolicLink
        self.linkCount = linkCount
        self.changeTimes = changeTimes
        self.size = size
        self.identity = identity
        self.permissions = permissions
        self.isDirectory = isDirectory
        self.isRegularFile = isRegularFile
        self.owner = owner
    }
}

/// The device and inode numbers that identify one file, whatever its name.
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// When a file last changed, to the nanosecond the file system keeps: its bytes (`st_mtim`)
/// and its inode (`st_ctim`).
///
/// A file rewritten at the same length keeps its size but not these. The inode's time is
/// compared too because the file's owner can set the modification time back after an edit
/// (`touch -d`), but not the inode's, which that very change moves on.
public struct FileChangeTimes: Sendable, Hashable {
    /// Since the epoch.
    public var modified: Duration
    /// Since the epoch.
    public var statusChanged: Duration

    public init(modified: Duration = .zero, statusChanged: Duration = .zero) {
        self.modified = modified
        self.statusChanged = statusChanged
    }
}
