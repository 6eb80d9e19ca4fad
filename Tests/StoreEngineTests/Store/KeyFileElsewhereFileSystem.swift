import StoreLedger

/// The real file system, except that the key file's path leads to another file: a writer that
/// holds the store's key somewhere else, as another machine sharing a database does.
final class KeyFileElsewhereFileSystem: PassThroughFileSystem, @unchecked Sendable {
    private let keyPath: String
    private let elsewhere: String

    init(keyPath: String, elsewhere: String) {
        self.keyPath = keyPath
        self.elsewhere = elsewhere
    }

    private func redirected(_ path: String) -> String { path == keyPath ? elsewhere : path }

    override func open(_ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32) throws(FileSystemError) -> OpenFile {
        try base.open(redirected(path), access: access, options: options, permissions: permissions)
    }

    override func status(atPath path: String) throws(FileSystemError) -> FileStatus {
        try base.status(atPath: redirected(path))
    }
}
