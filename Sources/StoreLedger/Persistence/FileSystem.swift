/// The file operations the ledger performs, behind a protocol so tests can inject faults.
///
/// Every method performs one system call's worth of work and reports failure as a
/// `FileSystemError` carrying the operation, the path and the `errno` value. Nothing is
/// retried here except calls interrupted by a signal before they did anything (`EINTR`).
public protocol FileSystem: Sendable {
    /// Opens (and with `.create`, creates with `permissions`) the file at `path`.
    ///
    /// Except with `.directory`, a symbolic link at `path` is not followed (`ELOOP`), the open
    /// never waits, and anything but an ordinary file is refused (`EISDIR`, or
    /// `FileSystemError.notOrdinaryFile` for a FIFO, device or socket).
    func open(
        _ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32
    ) throws(FileSystemError) -> OpenFile

    /// Closes `file`; the descriptor is invalid afterwards even when this throws.
    func close(_ file: OpenFile) throws(FileSystemError)

    /// Reads up to `count` bytes at byte `offset` (`pread`); fewer bytes means end of file.
    func read(_ file: OpenFile, upTo count: Int, at offset: Int) throws(FileSystemError) -> [UInt8]

    /// Writes `bytes` at the file's position (`write`) and returns how many were written.
    func write(_ file: OpenFile, _ bytes: [UInt8]) throws(FileSystemError) -> Int

    /// Flushes `file` to stable storage: `fdatasync` when `dataOnly`, else `fsync`.
    func synchronize(_ file: OpenFile, dataOnly: Bool) throws(FileSystemError)

    /// Cuts `file` to `length` bytes (`ftruncate`).
    func truncate(_ file: OpenFile, toLength length: Int) throws(FileSystemError)

    /// Atomically replaces `destination` with `source` (`rename`).
    func rename(_ source: String, to destination: String) throws(FileSystemError)

    /// Removes the file at `path` (`unlink`).
    func remove(_ path: String) throws(FileSystemError)

    /// Waits for an exclusive advisory lock on `file` (`flock LOCK_EX`).
    func lockExclusively(_ file: OpenFile) throws(FileSystemError)

    /// Takes an exclusive advisory lock on `file` when no one else holds one (`flock LOCK_EX |
    /// LOCK_NB`); false when another does.
    func lockExclusivelyIfFree(_ file: OpenFile) throws(FileSystemError) -> Bool

    /// Releases the advisory lock on `file` (`flock LOCK_UN`).
    func unlock(_ file: OpenFile) throws(FileSystemError)

    /// Whether another open file holds an exclusive advisory lock on `file`'s file, found
    /// without waiting and without keeping a lock (`flock LOCK_SH | LOCK_NB`, then `LOCK_UN`).
    func isLockedExclusivelyByAnother(_ file: OpenFile) throws(FileSystemError) -> Bool

    /// Describes the open `file` (`fstat`).
    func status(of file: OpenFile) throws(FileSystemError) -> FileStatus

    /// Describes the file at `path` itself, not a file a symbolic link there points to
    /// (`lstat`); a missing file fails with `ENOENT`.
    func status(atPath path: String) throws(FileSystemError) -> FileStatus

    /// Creates one directory (`mkdir`); an existing one fails with `EEXIST`.
    func makeDirectory(_ path: String, permissions: UInt32) throws(FileSystemError)

    /// Sets the permission bits of the open `file` (`fchmod`), independent of the umask.
    func setPermissions(_ file: OpenFile, to permissions: UInt32) throws(FileSystemError)

    /// Sets the permission bits of the file or directory at `path` (`chmod`).
    func setPermissions(atPath path: String, to permissions: UInt32) throws(FileSystemError)
}

extension FileSystem {
    /// A file system that cannot tell a lock held by another (one kept in memory) waits for it.
    public func lockExclusivelyIfFree(_ file: OpenFile) throws(FileSystemError) -> Bool {
        try lockExclusively(file)
        return true
    }

    /// A file system that keeps its locks in memory shows none to a reader.
    public func isLockedExclusivelyByAnother(_ file: OpenFile) throws(FileSystemError) -> Bool { false }
}
