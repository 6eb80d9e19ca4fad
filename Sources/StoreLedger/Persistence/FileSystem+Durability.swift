import Glibc

/// Multi-step file operations built from the `FileSystem` primitives, so that injected
/// faults reach every step.
extension FileSystem {
    /// How often `openCreatingIfMissing` tries again when the file appears and vanishes between
    /// its two opens; only a file deleted and recreated in a tight loop by someone else gets
    /// this far, and that is reported rather than waited out.
    static var creationAttempts: Int { 16 }

    /// Opens `path`, creating it with exactly `permissions` (whatever the umask) when missing.
    public func openCreatingIfMissing(
        _ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32
    ) throws(FileSystemError) -> (file: OpenFile, created: Bool) {
        var lastError = FileSystemError(operation: .open, path: path, code: EEXIST)
        for _ in 1...Self.creationAttempts {
            do throws(FileSystemError) {
                return (try open(path, access: access, options: options, permissions: 0), false)
            } catch where !error.isNotFound {
                throw error
            } catch {}
            do throws(FileSystemError) {
                let file = try open(
                    path, access: access, options: options.union([.create, .exclusive]), permissions: permissions)
                do throws(FileSystemError) {
                    try setPermissions(file, to: permissions)
                } catch {
                    try? close(file)
                    throw error
                }
                return (file, true)
            } catch where error.code == EEXIST {
                // Another process created it between the two opens: open theirs.
                lastError = error
                continue
            }
        }
        throw lastError
    }

    /// Reads `count` bytes from `offset`, or fewer when the file ends first.
    public func readAll(_ file: OpenFile, count: Int, at offset: Int) throws(FileSystemError) -> [UInt8] {
        var bytes = try read(file, upTo: count, at: offset)
        while bytes.count < count {
            let more = try read(file, upTo: count - bytes.count, at: offset + bytes.count)
            if more.isEmpty { break }
            bytes += more
        }
        return bytes
    }

    /// Writes all of `bytes`, continuing after partial writes; a write that stores nothing
    /// fails with `ENOSPC`, as the system would report on the next attempt.
    public func writeAll(_ file: OpenFile, _ bytes: [UInt8]) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let count = try write(file, Array(bytes[written...]))
            guard count > 0 else { throw FileSystemError(operation: .write, path: file.path, code: ENOSPC) }
            written += count
        }
    }

    /// Flushes the directory holding `path`, making a created or renamed entry durable.
    public func synchronizeDirectory(containing path: String) throws(FileSystemError) {
        let directory = try open(
            FilePath.parent(of: path), access: .readOnly, options: [.directory], permissions: 0)
        defer { try? close(directory) }
        try synchronize(directory, dataOnly: false)
    }

    /// Creates `directory` and any missing parents, each with exactly `permissions`.
    public func makeDirectories(_ directory: String, permissions: UInt32) throws(FileSystemError) {
        do throws(FileSystemError) {
            let status = try status(atPath: directory)
            // A folder reached through a symbolic link is a folder (the kernel follows links in
            // a path's folders; only the store's own files are never opened through one).
            if !status.isDirectory && !(status.isSymbolicLink && Self.isDirectoryFollowingLinks(directory)) {
                throw FileSystemError(operation: .makeDirectory, path: directory, code: ENOTDIR)
            }
            return
        } catch where !error.isNotFound {
            throw error
        } catch {}
        let parent = FilePath.parent(of: directory)
        if parent != directory {
            try makeDirectories(parent, permissions: permissions)
        }
        do throws(FileSystemError) {
            try makeDirectory(directory, permissions: permissions)
        } catch where error.code == EEXIST {
            return
        }
        try setPermissions(atPath: directory, to: permissions)
    }

    /// Whether `path`, its symbolic links followed, is a directory.
    private static func isDirectoryFollowingLinks(_ path: String) -> Bool {
        var information = stat()
        return stat(path, &information) == 0 && (information.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates a new file holding `bytes` with exactly `permissions` and flushes it and its
    /// directory; fails with `EEXIST` when `path` exists.
    public func createFile(at path: String, containing bytes: [UInt8], permissions: UInt32) throws(FileSystemError) {
        let file = try open(path, access: .writeOnly, options: [.create, .exclusive], permissions: permissions)
        do throws(FileSystemError) {
            try setPermissions(file, to: permissions)
            try writeAll(file, bytes)
            try synchronize(file, dataOnly: false)
        } catch {
            try? close(file)
            throw error
        }
        try close(file)
        try synchronizeDirectory(containing: path)
    }

    /// Atomically replaces `path` with a file holding `bytes`, written first to a new temporary
    /// file beside it and flushed, so a crash leaves either the old or the new file.
    ///
    /// The temporary file is created exclusively under an unpredictable name (`<path>.new-`
    /// and random hex digits): nothing planted in advance, a symbolic link say, can receive
    /// the bytes. It is removed again when anything fails.
    public func replaceFile(at path: String, with bytes: [UInt8], permissions: UInt32) throws(FileSystemError) {
        let temporaryPath = path + ".new-" + Self.unpredictableSuffix()
        let file = try open(
            temporaryPath, access: .writeOnly, options: [.create, .exclusive], permissions: permissions)
        do throws(FileSystemError) {
            try setPermissions(file, to: permissions)
            try writeAll(file, bytes)
            try synchronize(file, dataOnly: false)
            try close(file)
        } catch {
            try? close(file)
            try? remove(temporaryPath)
            throw error
        }
        do throws(FileSystemError) {
            try rename(temporaryPath, to: path)
        } catch {
            try? remove(temporaryPath)
            throw error
        }
        try synchronizeDirectory(containing: path)
    }

    /// Sixteen random hex digits for a temporary file's name, from the system's secure
    /// generator (`getrandom` on Linux), so nobody can plant a file under the name in advance.
    static func unpredictableSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.string((0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
