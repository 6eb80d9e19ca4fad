import Glibc

/// The real file system, through Glibc.
public struct POSIXFileSystem: FileSystem {
    public init() {}

    public func open(
        _ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32
    ) throws(FileSystemError) -> OpenFile {
        let flags = Self.flags(access: access, options: options)
        let descriptor = try retryingInterrupted(.open, path) { Glibc.open(path, flags, mode_t(permissions)) }
        let file = OpenFile(descriptor: Int32(truncatingIfNeeded: descriptor), path: path)
        if !options.contains(.directory) {
            try refuseUnlessRegular(file)
        }
        return file
    }

    /// Closes `file` and throws unless it is an ordinary file: the non-blocking open let a FIFO,
    /// device or socket through without waiting, and nothing stored in one would be kept.
    private func refuseUnlessRegular(_ file: OpenFile) throws(FileSystemError) {
        var information = stat()
        let described = fstat(file.descriptor, &information) == 0
        let code = errno
        let type = information.st_mode & S_IFMT
        guard described, type != S_IFREG else { return }
        Glibc.close(file.descriptor)
        if !described { throw FileSystemError(operation: .status, path: file.path, code: code) }
        throw FileSystemError(operation: .open, path: file.path, code: type == S_IFDIR ? EISDIR : FileSystemError.notOrdinaryFile,
                              found: Self.kind(information.st_mode))
    }

    public func close(_ file: OpenFile) throws(FileSystemError) {
        // Retrying close after EINTR could close a descriptor another thread just received.
        if Glibc.close(file.descriptor) != 0 {
            throw FileSystemError(operation: .close, path: file.path, code: errno)
        }
    }

    public func read(_ file: OpenFile, upTo count: Int, at offset: Int) throws(FileSystemError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failureCode: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            switch interruptionRetried({ pread(file.descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }) {
            case .success(let byteCount):
                initialized = byteCount
            case .failure(let code):
                failureCode = code.value
                initialized = 0
            }
        }
        if let failureCode {
            throw FileSystemError(operation: .read, path: file.path, code: failureCode)
        }
        return bytes
    }

    public func write(_ file: OpenFile, _ bytes: [UInt8]) throws(FileSystemError) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let outcome = bytes.withUnsafeBytes { buffer in
            interruptionRetried { Glibc.write(file.descriptor, buffer.baseAddress, buffer.count) }
        }
        return try outcome.mapError { FileSystemError(operation: .write, path: file.path, code: $0.value) }.get()
    }

    public func synchronize(_ file: OpenFile, dataOnly: Bool) throws(FileSystemError) {
        // Never retried: after a failed flush the kernel may already have dropped the data,
        // so a second call could report success for writes that were lost.
        let result = dataOnly ? fdatasync(file.descriptor) : fsync(file.descriptor)
        if result != 0 {
            throw FileSystemError(operation: .synchronize, path: file.path, code: errno)
        }
    }

    public func truncate(_ file: OpenFile, toLength length: Int) throws(FileSystemError) {
        _ = try retryingInterrupted(.truncate, file.path) { ftruncate(file.descriptor, off_t(length)) }
    }

    public func rename(_ source: String, to destination: String) throws(FileSystemError) {
        if Glibc.rename(source, destination) != 0 {
            throw FileSystemError(operation: .rename, path: source, code: errno)
        }
    }

    public func remove(_ path: String) throws(FileSystemError) {
        if unlink(path) != 0 {
            throw FileSystemError(operation: .remove, path: path, code: errno)
        }
    }

    public func lockExclusively(_ file: OpenFile) throws(FileSystemError) {
        _ = try retryingInterrupted(.lock, file.path) { flock(file.descriptor, LOCK_EX) }
    }

    public func lockExclusivelyIfFree(_ file: OpenFile) throws(FileSystemError) -> Bool {
        while flock(file.descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return false }
            if errno != EINTR { throw FileSystemError(operation: .lock, path: file.path, code: errno) }
        }
        return true
    }

    public func unlock(_ file: OpenFile) throws(FileSystemError) {
        _ = try retryingInterrupted(.unlock, file.path) { flock(file.descriptor, LOCK_UN) }
    }

    public func isLockedExclusivelyByAnother(_ file: OpenFile) throws(FileSystemError) -> Bool {
        while flock(file.descriptor, LOCK_SH | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return true }
            if errno != EINTR { throw FileSystemError(operation: .lock, path: file.path, code: errno) }
        }
        try unlock(file)
        return false
    }

    public func status(of file: OpenFile) throws(FileSystemError) -> FileStatus {
        var information = stat()
        if fstat(file.descriptor, &information) != 0 {
            throw FileSystemError(operation: .status, path: file.path, code: errno)
        }
        return Self.status(from: information)
    }

    public func status(atPath path: String) throws(FileSystemError) -> FileStatus {
        var information = stat()
        if lstat(path, &information) != 0 {
            throw FileSystemError(operation: .status, path: path, code: errno)
        }
        return Self.status(from: information)
    }

    public func makeDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
        if mkdir(path, mode_t(permissions)) != 0 {
            throw FileSystemError(operation: .makeDirectory, path: path, code: errno)
        }
    }

    public func setPermissions(_ file: OpenFile, to permissions: UInt32) throws(FileSystemError) {
        if fchmod(file.descriptor, mode_t(permissions)) != 0 {
            throw FileSystemError(operation: .setPermissions, path: file.path, code: errno)
        }
    }

    public func setPermissions(atPath path: String, to permissions: UInt32) throws(FileSystemError) {
        if chmod(path, mode_t(permissions)) != 0 {
            throw FileSystemError(operation: .setPermissions, path: path, code: errno)
        }
    }

    /// Files beside the ledger are never opened through a symbolic link (`O_NOFOLLOW`: one
    /// planted there could send a write to another file), and never with a wait (`O_NONBLOCK`:
    /// opening a FIFO would block until someone opened its other end). Directories, only
    /// opened for flushing, are followed: the ledger's folder may well be reached by a link.
    private static func flags(access: FileAccess, options: FileOpenOptions) -> Int32 {
        var flags: Int32 = O_CLOEXEC
        if !options.contains(.directory) { flags |= O_NOFOLLOW | O_NONBLOCK }
        switch access {
        case .readOnly: flags |= O_RDONLY
        case .writeOnly: flags |= O_WRONLY
        case .readWrite: flags |= O_RDWR
        }
        if options.contains(.create) { flags |= O_CREAT }
        if options.contains(.exclusive) { flags |= O_EXCL }
        if options.contains(.append) { flags |= O_APPEND }
        if options.contains(.truncate) { flags |= O_TRUNC }
        if options.contains(.directory) { flags |= O_DIRECTORY }
        return flags
    }

    private static func status(from information: stat) -> FileStatus {
        FileStatus(
            size: Int(information.st_size),
            identity: FileIdentity(device: UInt64(information.st_dev), inode: UInt64(information.st_ino)),
            permissions: UInt32(information.st_mode) & 0o7777,
            isDirectory: (information.st_mode & S_IFMT) == S_IFDIR,
            isRegularFile: (information.st_mode & S_IFMT) == S_IFREG,
            owner: UInt32(information.st_uid),
            isSymbolicLink: (information.st_mode & S_IFMT) == S_IFLNK,
            linkCount: Int(information.st_nlink),
            changeTimes: FileChangeTimes(modified: duration(information.st_mtim),
                                         statusChanged: duration(information.st_ctim)),
            kind: kind(information.st_mode)
        )
    }

    /// What `path` names when that is something other than an ordinary file; nil for an
    /// ordinary file, or nothing, or a path that cannot be looked at. Links are not followed.
    public static func kindOfNonOrdinaryFile(atPath path: String) -> FileKind? {
        var information = stat()
        guard lstat(path, &information) == 0, information.st_mode & S_IFMT != S_IFREG else { return nil }
        return kind(information.st_mode)
    }

    private static func kind(_ mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFIFO: .namedPipe
        case S_IFSOCK: .socket
        default: .unknown
        }
    }

    private static func duration(_ time: timespec) -> Duration {
        .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}

/// An `errno` value carried through `Result`.
private struct ErrorNumber: Error {
    var value: Int32
}

/// Runs a system call until it is not interrupted by a signal; -1 becomes the `errno` value.
private func interruptionRetried<Value: BinaryInteger>(_ call: () -> Value) -> Result<Int, ErrorNumber> {
    while true {
        let result = call()
        if result >= 0 { return .success(Int(result)) }
        let code = errno
        if code != EINTR { return .failure(ErrorNumber(value: code)) }
    }
}

/// Runs a system call until it is not interrupted by a signal, turning -1 into an error.
private func retryingInterrupted<Value: BinaryInteger>(
    _ operation: FileOperation, _ path: String, _ call: () -> Value
) throws(FileSystemError) -> Int {
    switch interruptionRetried(call) {
    case .success(let value): value
    case .failure(let code): throw FileSystemError(operation: operation, path: path, code: code.value)
    }
}
